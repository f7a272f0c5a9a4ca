#!/usr/bin/env bash
# sram_gpu_table.sh DIR -- DIR/tech-sram-gpu.csv from DIR/tech-cacti-cache.csv (CACTI's SRAM
# caches) and the ram and xbar rows of DIR/tech-default.csv (CACTI's RAMs, DSENT's crossbars).
# Rows are copied with their provenance columns; no figure is changed.  The table of the
# SRAM-only presets (rtx3080-tech, malekeh-2060-tech; README.md).
set -euo pipefail
D=${1:?usage: sram_gpu_table.sh DIR}
{
	echo "# gpudse technology table: CACTI SRAM caches + CACTI RAMs + DSENT crossbars (calibration/tech/sram_gpu_table.sh)"
	grep -m1 '^kind,' "$D/tech-default.csv"
	grep -E '^(data|tag),' "$D/tech-cacti-cache.csv"
	grep -E '^(ram|xbar),' "$D/tech-default.csv"
} > "$D/tech-sram-gpu.csv"
