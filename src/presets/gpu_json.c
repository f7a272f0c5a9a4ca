/*
 * gpu_json.c -- GPU presets: studies/gpus/NAME.json -> gpu_t (docs/gpu-presets.md).
 *
 * One table, gpu_fields[], maps every gpu_t field to its JSON key, type, unit, legal range
 * and one line of documentation; defaults come from gpu_defaults() (models/gpu.c), so a
 * field's default is written in exactly one place.  A preset must give "name" and "source";
 * every other key is optional.  Unknown keys, wrong types and out-of-range values are errors
 * naming the file and JSON path.
 */
#include "presets/gpu_json.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "jsonutil.h"
#include "ldst.h"
#include "tech/tech_table.h"

#define F_D(field, unit, lo, hi, doc) { #field, GF_DOUBLE, offsetof(gpu_t, field), unit, lo, hi, doc }
#define F_I(field, unit, lo, hi, doc) { #field, GF_INT, offsetof(gpu_t, field), unit, lo, hi, doc }

const gpu_field_t gpu_fields[] = {
	{ "name", GF_STRING, offsetof(gpu_t, name), "", 0, 63, "preset name (required)" },
	{ "source", GF_STRING, offsetof(gpu_t, source), "", 0, 255, "where the numbers come from (required)" },
	F_I(n_sm, "SMs", 1, 1024, "SMs (DC-L1's cores, X)"),
	F_I(sm_version, "", 0, 100, "compute capability x 10 (75 Turing, 86 GA10x; 0 unknown): the SASS the workload generators emit"),
	F_D(core_mhz, "MHz", 1, 10000, "SM clock; every latency is in these cycles"),
	F_I(warps_per_sm, "warps", 1, 256, "resident warps per SM"),
	F_I(subcores, "", 1, 16, "sub-cores (warp schedulers) per SM"),
	F_D(issue_per_subcore, "inst/cycle", 0.01, 16, "warp instructions issued per cycle per sub-core"),
	F_D(ii_fp32, "cycles", 0, 1024, "FP32 unit initiation interval per sub-core (0: not modelled)"),
	F_D(ii_fp64, "cycles", 0, 1024, "FP64 unit initiation interval per sub-core (0: not modelled)"),
	F_D(ii_int, "cycles", 0, 1024, "INT unit initiation interval per sub-core (0: not modelled)"),
	F_D(ii_sfu, "cycles", 0, 1024, "SFU initiation interval per sub-core (0: not modelled)"),
	F_D(ii_tensor, "cycles", 0, 1024, "tensor unit initiation interval per sub-core (0: not modelled)"),
	F_D(ii_ldst, "cycles", 0, 1024, "the SM's load/store pipe: cycles per warp memory instruction (0: not modelled)"),
	F_D(lat_fp32, "cycles", 0, 4096, "FP32 unit latency, issue to result (0: unknown; dependent issue, gpu.c)"),
	F_D(lat_fp64, "cycles", 0, 4096, "FP64 unit latency (0: unknown)"),
	F_D(lat_int, "cycles", 0, 4096, "INT unit latency (0: unknown)"),
	F_D(lat_sfu, "cycles", 0, 4096, "SFU latency (0: unknown)"),
	F_D(lat_tensor, "cycles", 0, 4096, "tensor unit latency (0: unknown)"),
	F_D(dep_pipe, "cycles", 0, 1024, "pipeline cycles beyond a unit's latency before a dependent instruction issues"),
	F_D(rf_kib, "KiB", 0, 65536, "register file per SM"),
	F_I(rf_banks_per_subcore, "", 1, 64, "single-ported RF banks per sub-core"),
	F_I(ocu_per_subcore, "", 1, 64, "operand collector units per sub-core"),
	F_I(max_regs_per_thread, "regs", 1, 1024, "architectural register limit per thread"),
	F_I(max_ctas_per_sm, "CTAs", 1, 1024, "resident CTAs per SM (occupancy limit)"),
	F_D(smem_kib, "KiB", 0, 65536, "shared memory per SM that CTAs may allocate (occupancy limit)"),
	F_D(l1_kib, "KiB", 0, 65536, "L1 data cache per SM"),
	F_D(l1_shmem_kib, "KiB", 0, 65536, "unified L1 + shared memory storage per SM (>= l1_kib)"),
	F_I(l1_assoc, "ways", 0, 65536, "L1 associativity (0: fully associative)"),
	F_I(l1_write_evict, "", 0, 1, "1: write-evict L1, hit rates from the profile's sd_we"),
	F_I(l1_index, "", 0, 2, "L1 set index: 0 uniform (Smith), 1 linear, 2 IPOLY (exact from setassoc records)"),
	F_I(llc_index, "", 0, 2, "LLC set index: 0 uniform (Smith), 1 linear, 2 IPOLY"),
	F_D(l1_lat, "cycles", 0, 10000, "L1 hit latency"),
	F_D(l1_bytes_per_cycle, "B/cycle", 1, 65536, "peak L1 bandwidth per SM"),
	F_I(l1_mshr, "entries", 0, 1 << 20, "MSHR entries per L1, 32 B sectors on a sectored L1 (0: no entry limit): the L1's missed sectors in flight are at most this many (models/l1mshr.h; `gpudse preset import` takes it from `-gpgpu_cache:dl1`)"),
	F_I(l1_banks, "", 0, LDST_MAX_BANKS, "L1 banks, one 32 B sector interleave (0: not modelled, l1_bytes_per_cycle instead): the load/store unit's access stage takes one cycle per run of distinct banks in each warp memory instruction's sectors (models/ldst.h; `gpudse preset import` takes it from `-gpgpu_l1_banks`)"),
	F_I(noc_sector_packets, "", 0, 1, "1: every missed sector crosses the NoC as its own one-flit packet each way, request, reply or write ack (GPGPU-Sim's local crossbar, -network_mode 2; models/ldst.h MISS PACKETS); 0: b / noc_flit_bytes flits"),
	F_I(line_bytes, "B", 1, 4096, "cache line"),
	F_I(sector_bytes, "B", 1, 4096, "sector"),
	F_I(llc_sectored, "", 0, 1, "1: sectored LLC (32 B sectors on demand), its hit rate from the profile's global sector record"),
	F_I(l1_write_through, "", 0, 1, "1: write-through L1, stores that hit it go on to the LLC"),
	F_I(l1_sectored, "", 0, 1, "1: sectored L1 (32 B sectors on demand, flushed between kernels), hit rate and miss bytes from the profile's sector record"),
	F_I(l1_alloc_fill, "", 0, 1, "1: the L1 allocates at the fill, not the miss (GPGPU-Sim dl1 'f', or 's' without the adaptive carve-out): a reuse of a line in flight is counted a miss, so the reported L1 hit ratios leave out the pending hits; traffic and IPC unchanged (models/gpu.c ALLOCATE ON FILL; `gpudse preset import` takes it from `-gpgpu_cache:dl1`)"),
	F_D(noc_mhz, "MHz", 1, 10000, "crossbar clock"),
	F_I(noc_flit_bytes, "B", 1, 4096, "flit width"),
	F_D(noc_lat, "cycles", 0, 10000, "one-way unloaded traversal, core cycles"),
	F_D(noc_llc_port_gbps, "GB/s", 0, 1e6, "one LLC-side crossbar port, each direction (0: noc_flit_bytes x noc_mhz)"),
	F_D(llc_kib, "KiB", 1, 1048576, "total conventional LLC"),
	F_I(llc_assoc, "ways", 0, 65536, "LLC associativity (0: fully associative)"),
	F_I(llc_slices, "", 1, 4096, "LLC banks (DC-L1's L)"),
	F_I(llc_partitions, "", 1, 4096, "memory partitions"),
	F_D(llc_lat, "cycles", 0, 100000, "LLC hit latency, core cycles, NoC round trip included"),
	F_I(llc_inclusion, "", 0, 2, "LLC inclusion: 0 inclusive, 1 non-inclusive, 2 exclusive"),
	F_I(llc_write_through, "", 0, 1, "1: write-through LLC (writes also go to DRAM); 0: write-back"),
	F_I(llc_write_alloc, "", 0, 2, "write-back LLC's store misses: 0 written to DRAM at once (no allocate; dirty evictions not counted), 1 fetch on write, 2 allocate without fetch (GPGPU-Sim 'L'); under 1 and 2 DRAM writes are the dirty evictions within the run (models/llc_write.h)"),
	F_D(llc_bytes_per_cycle_slice, "B/cycle", 0.01, 65536, "LLC bandwidth per slice, core cycles"),
	F_I(llc_mshr, "entries", 0, 1 << 20, "MSHR entries per LLC slice, 32 B sectors (0: no LLC MSHR term): other SMs' reads of a sector in flight from DRAM wait for its fill, at most llc_mshr sectors in flight per slice (models/llc_mshr.h; `gpudse preset import` takes it from `-gpgpu_cache:dl2`)"),
	F_I(llc_mshr_merge, "requests", 0, 1 << 20, "requests one LLC MSHR entry holds, the miss included (0: no limit): a read beyond it holds its slice's input queue until the fill (models/llc_mshr.h; from `-gpgpu_cache:dl2` A:<entries>:<merge>)"),
	F_D(dram_gbps, "GB/s", 0.01, 1e6, "peak DRAM bandwidth"),
	F_I(dram_channels, "", 1, 4096, "DRAM channels"),
	F_D(dram_lat, "cycles", 0, 1e6, "unloaded miss latency beyond the LLC, core cycles"),
	F_D(dram_eff, "", 0.01, 1, "achievable fraction of peak DRAM bandwidth"),
	F_D(e_inst_pj, "pJ", 0, 1e6, "energy per warp instruction, execution (RF and memory excluded)"),
	F_D(e_rf_read_pj, "pJ", 0, 1e6, "per RF bank read of a 128 B warp operand"),
	F_D(e_rf_write_pj, "pJ", 0, 1e6, "per RF bank write of a 128 B warp operand"),
	F_D(e_l1_read_pj, "pJ", 0, 1e6, "per L1 read access"),
	F_D(e_l1_write_pj, "pJ", 0, 1e6, "per L1 write access (stores and fills)"),
	F_D(e_llc_pj_per_byte, "pJ/B", 0, 1e6, "LLC energy per byte"),
	F_D(e_noc_pj_per_byte, "pJ/B", 0, 1e6, "NoC energy per byte per traversal"),
	F_D(e_dram_pj_per_byte, "pJ/B", 0, 1e6, "DRAM energy per byte"),
	F_D(p_sm_static_w, "W", 0, 1e4, "static power per SM (logic; RF and L1 arrays separate), when not gated"),
	F_D(p_llc_static_w, "W", 0, 1e4, "static power of the whole LLC"),
	F_D(p_noc_static_w, "W", 0, 1e4, "static power of the baseline crossbar"),
	F_D(p_dram_static_w, "W", 0, 1e4, "DRAM background power"),
	F_D(gated_leak_frac, "", 0, 1, "leakage left in a power-gated SM"),
	F_D(p_sram_leak_mw_per_kib, "mW/KiB", 0, 1e4, "SRAM array leakage per KiB (RF, L1)"),
	F_D(tech_nm, "nm", 1, 1000, "feature size F"),
	F_D(sram_cell_f2, "F^2", 1, 10000, "SRAM cell area"),
	F_D(stt_cell_f2, "F^2", 1, 10000, "STT-MRAM cell area"),
	F_D(array_overhead, "", 1, 100, "periphery multiplier on array cell area"),
	F_D(noc_area_mm2, "mm^2", 0, 1e5, "area of the baseline n_sm x llc_slices crossbar at noc_flit_bytes"),
	F_D(sm_logic_mm2, "mm^2", 0, 1e4, "per-SM area outside RF and L1"),
	{ "tech_table", GF_STRING, offsetof(gpu_t, tech_table), "", 0, 255,
	  "technology table (calibration/tech/*.csv) FUSE's banks are read from; absent: the papers' constants" },
	F_D(tech_node_nm, "nm", 0, 1000, "node the technology table is read at (0: tech_nm)"),
	F_I(tech_node_scaling, "", 0, 1, "1: a node the technology table does not hold is scaled from its nearest node by Stillmaker and Baas 2017 (models/tech.h S1); 0: refused"),
	{ NULL, GF_STRING, 0, NULL, 0, 0, NULL }
};
const size_t n_gpu_fields = sizeof gpu_fields / sizeof gpu_fields[0] - 1;

const char *gpudse_root(void)
{
	static char root[PATH_MAX];
	if (root[0])
		return root;
	const char *env = getenv("GPUDSE_ROOT");
	if (env && *env) {
		snprintf(root, sizeof root, "%s", env);
		return root;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0) {
		strcpy(root, ".");
		return root;
	}
	exe[n] = '\0';
	char *slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	/* the binary is ./gpudse at the top level, build/gpudse or build/tests/test_x below it:
	 * walk up at most three directories looking for studies/gpus */
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", exe);
	for (int up = 0; up < 4; up++) {
		char probe[PATH_MAX + 32];
		snprintf(probe, sizeof probe, "%s/studies/gpus", dir);
		if (access(probe, F_OK) == 0) {
			snprintf(root, sizeof root, "%s", dir);
			return root;
		}
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	/* installed by `make install PREFIX=P`: P/bin/gpudse and P/share/gpudse (relocatable:
	 * found from the binary's own directory, so a copied prefix works too) */
	char probe[PATH_MAX + 64];
	snprintf(probe, sizeof probe, "%s/../share/gpudse/studies/gpus", exe);
	if (access(probe, F_OK) == 0 && strlen(exe) + 17 < sizeof root) {
		memcpy(root, exe, strlen(exe));
		strcpy(root + strlen(exe), "/../share/gpudse");
		return root;
	}
	snprintf(root, sizeof root, "%s", exe);
	return root;
}

const gpu_field_t *gpu_field_find(const char *key)
{
	for (size_t i = 0; i < n_gpu_fields; i++)
		if (strcmp(gpu_fields[i].key, key) == 0)
			return &gpu_fields[i];
	return NULL;
}

void gpu_field_format(const gpu_field_t *f, const gpu_t *g, char *buf, size_t len)
{
	const char *base = (const char *)g + f->offset;
	if (f->type == GF_STRING)
		snprintf(buf, len, "%s", base);
	else if (f->type == GF_INT)
		snprintf(buf, len, "%d", *(const int *)base);
	else
		snprintf(buf, len, "%.10g", *(const double *)base);
}

/* Fill g from the parsed object found at JSON path `jp` ("" for a preset file, ".gpu" for a
 * study's inline preset) of `file`; 0 or EXIT_USER after one error line. */
int gpu_from_json(const char *file, const char *jp, const cJSON *obj, gpu_t *g)
{
	if (!cJSON_IsObject(obj))
		return json_type_error(file, jp[0] ? jp : ".", "an object", obj);
	const char *keys[sizeof gpu_fields / sizeof gpu_fields[0]];
	for (size_t i = 0; i <= n_gpu_fields; i++)
		keys[i] = gpu_fields[i].key;
	if (json_check_keys(file, jp, obj, keys))
		return EXIT_USER;
	gpu_defaults(g);
	for (size_t i = 0; i < n_gpu_fields; i++) {
		const gpu_field_t *f = &gpu_fields[i];
		char *base = (char *)g + f->offset;
		int rc;
		if (f->type == GF_STRING)
			rc = json_get_str(file, jp, obj, f->key, f->offset != offsetof(gpu_t, tech_table),
			                  base, (size_t)f->hi + 1);   /* only tech_table is optional */
		else if (f->type == GF_INT)
			rc = json_get_int(file, jp, obj, f->key, 0, (long)f->lo, (long)f->hi, (int *)base);
		else
			rc = json_get_num(file, jp, obj, f->key, 0, f->lo, f->hi, (double *)base);
		if (rc)
			return EXIT_USER;
	}
	/* Cross-field rules. */
	if (g->l1_kib > g->l1_shmem_kib) {
		if (!cJSON_GetObjectItemCaseSensitive(obj, "l1_shmem_kib"))
			g->l1_shmem_kib = g->l1_kib; /* the default storage follows a larger L1 */
		else
			return err_user("%s: %s.l1_kib: %g KiB exceeds l1_shmem_kib (%g KiB)", file, jp, g->l1_kib, g->l1_shmem_kib);
	}
	if (g->sector_bytes > g->line_bytes)
		return err_user("%s: %s.sector_bytes: %d B exceeds line_bytes (%d B)", file, jp, g->sector_bytes, g->line_bytes);
	if (g->l1_banks > 0 && (g->line_bytes % g->sector_bytes != 0 ||
	                        !ldst_shape_ok(g->l1_banks, g->line_bytes / g->sector_bytes)))
		return err_user("%s: %s.l1_banks: %d banks need line_bytes / sector_bytes (%d / %d) a whole number "
		                "<= %d that divides or is divided by them (models/ldst.h)", file, jp, g->l1_banks,
		                g->line_bytes, g->sector_bytes, LDST_MAX_POS);
	if (g->tech_table[0]) {
		char tpath[PATH_MAX], err[768];
		if (g->tech_table[0] == '/')
			snprintf(tpath, sizeof tpath, "%s", g->tech_table);
		else
			snprintf(tpath, sizeof tpath, "%s/%s", gpudse_root(), g->tech_table);
		if (!(g->tech = tech_table_shared(tpath, err, sizeof err)))
			return err_user("%s: %s.tech_table: %s", file, jp, err);
		if (!(g->tech_node_nm > 0))
			g->tech_node_nm = g->tech_nm;
	}
	if (g->llc_slices % g->llc_partitions != 0 && g->llc_partitions % g->llc_slices != 0)
		return err_user("%s: %s.llc_slices: %d is not a multiple or divisor of llc_partitions (%d)",
			file, jp, g->llc_slices, g->llc_partitions);
	return 0;
}

int gpu_preset_path(const char *name_or_path, char *path, size_t len)
{
	if (strchr(name_or_path, '/') || strstr(name_or_path, ".json")) {
		snprintf(path, len, "%s", name_or_path);
		return 0;
	}
	snprintf(path, len, "%s/studies/gpus/%s.json", gpudse_root(), name_or_path);
	return access(path, R_OK) == 0 ? 0 : -1;
}

int gpu_load(const char *name_or_path, gpu_t *g)
{
	char path[PATH_MAX];
	memset(g, 0, sizeof *g);
	if (gpu_preset_path(name_or_path, path, sizeof path) != 0)
		return err_user("unknown GPU preset \"%s\" (gpudse list gpus shows them)", name_or_path);
	cJSON *root = json_load_file(path, NULL);
	if (!root)
		return EXIT_USER;
	int rc = gpu_from_json(path, "", root, g);
	cJSON_Delete(root);
	if (rc)
		memset(g, 0, sizeof *g);
	return rc;
}
