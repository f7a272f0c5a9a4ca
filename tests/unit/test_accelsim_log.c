/*
 * test_accelsim_log.c -- reading Accel-Sim simulation logs (src/validation/accelsim_log.c)
 * and importing the preset from a log's options echo (src/presets/gpgpusim_config.c).
 *
 * Fixture: tests/data/accelsim-logs/SM7_QV100/base/c-blk.log.xz, a run of the reference set
 * (calibration/accelsim/runs, trimmed by run_grid.sh).  The expected numbers are read off its
 * text by hand (xzcat it): gpu_tot_sim_cycle = 6226, gpgpu_n_tot_w_icount = 66655,
 * L1D_total_cache_accesses = misses = 12500, L2 likewise, total dram reads = 7500, writes = 0,
 * one kernel_name line; -gpgpu_n_clusters 80, -gpgpu_kernel_launch_latency 5000.  A second,
 * hand-written log has two kernels: GPGPU-Sim prints running totals after each kernel, so the
 * last value counts.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "presets/gpgpusim_config.h"
#include "support/check.h"
#include "validation/accelsim_log.h"

static void fixture(void)
{
	aslog_t l;
	const char *src = "hand-read from the fixture log";
	int rc = aslog_read("tests/data/accelsim-logs/SM7_QV100/base/c-blk.log.xz", &l);
	CHECK_INT(rc, 0, "the fixture reads");
	if (rc)
		return;
	CHECK(strcmp(l.preset, "SM7_QV100") == 0 && strcmp(l.config, "base") == 0 && strcmp(l.kernel, "c-blk") == 0,
	      "provenance header");
	CHECK_INT(l.size, 20000, "the trace command's --size");
	CHECK(strcmp(l.accelsim_commit, "73f9fac68a1a717750da54d2d867c7524b47b4c3") == 0, "accel-sim commit");
	CHECK(strcmp(l.gpgpusim_commit, "667834cfe5214523edd7769aeab77f91b7137686") == 0, "gpgpu-sim commit");
	CHECK_NEAR(l.cycles, 6226, 0, src);
	CHECK_NEAR(l.warp_insts, 66655, 0, src);
	CHECK_NEAR(l.l1_acc, 12500, 0, src);
	CHECK_NEAR(l.l1_miss, 12500, 0, src);
	CHECK_NEAR(l.l2_acc, 12500, 0, src);
	CHECK_NEAR(l.l2_miss, 12500, 0, src);
	CHECK_NEAR(l.dram_rd, 7500, 0, src);
	CHECK_NEAR(l.dram_wr, 0, 0, src);
	CHECK_INT(l.kernels, 1, src);
	CHECK_NEAR(aslog_l1_hit(&l), 0, 0, "all L1 accesses miss");
	/* 7500 x 32 B in 6226 cycles at 1132 MHz = 43.64 GB/s */
	CHECK_NEAR(aslog_dram_gbs(&l, 1132), 7500.0 * 32 / (6226 / 1132e6) / 1e9, 1e-9, "closed form");
	const char *lat = gsconf_get(&l.conf, "gpgpu_kernel_launch_latency");
	CHECK(lat && strcmp(lat, "5000") == 0, "launch latency from the options echo");
	gpu_t g;
	CHECK_INT(gsconf_to_gpu(&l.conf, "x", "test", &g, NULL, NULL), 0, "preset from the options echo");
	CHECK_INT(g.n_sm, 80, "-gpgpu_n_clusters 80 x 1");
	CHECK_NEAR(g.core_mhz, 1132, 0, "-gpgpu_clock_domains 1132.0:...");
	CHECK_NEAR(g.llc_kib, 6144, 0, "32 x 128 x 24 x 64 / 1024");
	CHECK_NEAR(g.dram_gbps, 870.4, 1e-9, "32 x 16 B x 2 x 850 MHz");
	aslog_free(&l);
}

static void two_kernels(void)
{
	char path[] = "/tmp/gpudse-aslog-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0, "mkstemp");
	if (fd < 0)
		return;
	FILE *f = fdopen(fd, "w");
	fprintf(f, "-gpgpu_n_clusters                      4 # comment\n"
	           "-gpgpu_clock_domains 1000.0:1000.0:1000.0:500.0 # Clock Domain Frequencies\n"
	           "kernel_name = a \ngpu_tot_sim_cycle = 100\ngpgpu_n_tot_w_icount = 10\n"
	           "\tL1D_total_cache_accesses = 8\n\tL1D_total_cache_misses = 2\n"
	           "L2_total_cache_accesses = 5\nL2_total_cache_misses = 5\ntotal dram reads = 5\ntotal dram writes = 1\n"
	           "kernel_name = b \ngpu_tot_sim_cycle = 250\ngpgpu_n_tot_w_icount = 30\n"
	           "\tL1D_total_cache_accesses = 20\n\tL1D_total_cache_misses = 5\n"
	           "L2_total_cache_accesses = 12\nL2_total_cache_misses = 9\ntotal dram reads = 9\ntotal dram writes = 3\n");
	fclose(f);
	aslog_t l;
	CHECK_INT(aslog_read(path, &l), 0, "two kernels");
	CHECK_INT(l.kernels, 2, "two kernel_name lines");
	CHECK_NEAR(l.cycles, 250, 0, "the last running total");
	CHECK_NEAR(aslog_l1_hit(&l), 1 - 5.0 / 20, 1e-12, "1 - 5/20");
	CHECK_NEAR(aslog_l2_hit(&l), 1 - 9.0 / 12, 1e-12, "1 - 9/12");
	CHECK_NEAR(l.dram_rd + l.dram_wr, 12, 0, "9 + 3");
	gpu_t g;
	CHECK_INT(gsconf_to_gpu(&l.conf, "x", "test", &g, NULL, NULL), 0, "partial options import");
	CHECK_INT(g.n_sm, 4, "option with padding and a comment");
	CHECK_NEAR(g.core_mhz, 1000, 0, "clock");
	aslog_free(&l);
	/* a run that died: no statistics */
	f = fopen(path, "w");
	fprintf(f, "-gpgpu_n_clusters 4\nkernel_name = a \n");
	fclose(f);
	fprintf(stderr, "(expected) ");
	CHECK_INT(aslog_read(path, &l), EXIT_USER, "no gpu_tot_sim_cycle: refused");
	unlink(path);
}

int main(void)
{
	fixture();
	two_kernels();
	return check_summary("accelsim_log");
}
