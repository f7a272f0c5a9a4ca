/* validate_causes.c -- the causes of the off rows; see validate_causes.h. */
#include "validation/validate_causes.h"

#include <string.h>

typedef struct vcause {
	const char *paper, *prefix, *cause;
} vcause_t;

static const vcause_t causes[] = {
	/* ---- Morpheus ---- */
	{ "Morpheus", "4x LLC over 1x",
	  "Likely: the shipped profiles' reuse either fits the 1x LLC or lies beyond 4x (most workloads gain "
	  "nothing, `--workloads`); the paper's applications run up to 2 billion instructions on full inputs." },
	{ "Morpheus", "SMs at which performance saturates",
	  "Checked: every SM runs at full occupancy with one request chain per warp (mlp 1 until the profiles "
	  "carry measured MLP and occupancy, issue 18), so adding SMs adds memory parallelism and the model's "
	  "IPC keeps rising; the contention that saturates the paper's GPU is not reached." },
	{ "Morpheus", "Morpheus-ALL over",
	  "Checked (explain, pb-spmv and r-cfd): the cache-mode SMs bind (mor_ext utilisation ~1).  The address "
	  "split sends LLC requests to the extended LLC in proportion to raw capacity (§4.1.1), about half of them "
	  "with 16 cache-mode SMs, and each SM serves 34 GB/s (§5), so that half meets ~550 GB/s while BL serves "
	  "it from LLC slices at ~3 TB/s; the best point is then few cache-mode SMs, which gives up compute SMs "
	  "without enough capacity to pay for them.  Checked against the paper's text (issue 20): the split is "
	  "static and proportional to the two LLCs' capacities (§4.1.1); a request the Bloom filters predict a "
	  "miss goes from the controller straight to DRAM, skipping the NoC round trip and the software lookup "
	  "(§4.1.2); a forwarded request goes controller -> cache-mode SM -> controller -> requesting SM (§4.1, "
	  "Fig. 4); the 34 GB/s per SM is measured with the NoC (§5: 290 GB/s for the RF without it).  The model "
	  "does each of these, so the negative sign is what the paper's own figures give on these profiles, "
	  "whose LLC traffic at the best SM counts exceeds what 34 GB/s per cache-mode SM carries." },
	{ "Morpheus", "compression over Morpheus-Basic",
	  "Likely: compression adds extended-LLC capacity and hits, but the extended LLC is bandwidth-bound "
	  "(Morpheus-ALL row) and decompression adds latency, so more hits on the saturated path do not raise IPC." },
	{ "Morpheus", "Bloom predictor vs perfect",
	  "Likely: each false positive forwards a miss to a saturated cache-mode SM (mor_ext queueing), which costs "
	  "more than the paper's unsaturated extended LLC." },
	{ "Morpheus", "energy efficiency (perf/W) of Morpheus-ALL",
	  "Follows the IPC rows: the cache-mode SMs stay powered and the run takes longer (Morpheus-ALL row)." },
	/* ---- DC-L1 ---- */
	{ "DC-L1", "Sh40: NoC area over the 80x32 crossbar (fit)",
	  "The one-parameter crossbar cost (dcl1.h: n m (w/32)^2 + beta (n + m) w/32) is fitted to all the "
	  "paper's ratios at once; the chip-wide 80x40 crossbar needs a larger port term than the clustered "
	  "ones (DSENT's buffers and allocators scale differently), which one beta cannot give." },
	{ "DC-L1", "Sh40: NoC static power over the baseline's (fit)",
	  "As the Sh40 area row: one static-power port term for every crossbar shape." },
	{ "DC-L1", "Pr40: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "The technology table's DSENT runs are bare crossbars (issue 22); the paper's DSENT figures include "
	  "router buffers and allocators, whose per-router cost makes many small crossbars save less." },
	{ "DC-L1", "Pr20: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "As Pr40 (dcl1-80-tech): bare crossbars without per-router buffers and allocators." },
	{ "DC-L1", "Pr10: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "As Pr40 (dcl1-80-tech): bare crossbars without per-router buffers and allocators." },
	{ "DC-L1", "Sh40+C5: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "As Pr40 (dcl1-80-tech): bare crossbars without per-router buffers and allocators." },
	{ "DC-L1", "Sh40+C10: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "As Pr40 (dcl1-80-tech): bare crossbars without per-router buffers and allocators." },
	{ "DC-L1", "Sh40+C20: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "As Pr40 (dcl1-80-tech): bare crossbars without per-router buffers and allocators." },
	{ "DC-L1", "Sh40: NoC area over the 80x32 crossbar (dcl1-80-tech",
	  "Likely: as Pr40 (dcl1-80-tech), DSENT's bare crossbars are wiring area only, so the 80x40 NoC#1 plus the "
	  "40x32 NoC#2 come to more than the paper's figure, which includes routers on both sides." },
	{ "DC-L1", "boost: Sh40 NoC#1 (80x40) can run at 2x (0 = no; dcl1-80-tech",
	  "DSENT's bare 80x40 crossbar at 22 nm is fast enough for 2 x 700 MHz; the paper's Fig. 13b crossbars "
	  "(with allocators) are not: bare-crossbar timing is optimistic." },
	{ "DC-L1", "private-L1 miss rate",
	  "Checked (explain): the shipped PolyBench profiles come from scaled-down inputs whose per-SM working "
	  "sets fit the 16 KB L1 better than the paper's; their private-L1 miss rate is below the paper's > 50% "
	  "criterion, so sharing has fewer misses to remove." },
	{ "DC-L1", "private-L1 replication ratio",
	  "Checked (node records, issue 17): replication is counted miss by miss from the profile's exact "
	  "node records; on p-2mm most private-L1 misses are write-evict stores and the accumulator's "
	  "store-then-reload, which no other L1 holds, so few misses find their line replicated." },
	{ "DC-L1", "Pr20: L1 miss-rate reduction",
	  "Same profiles as the miss-rate row: fewer baseline misses and less inter-SM sharing (the footprint "
	  "model is checked against a multi-cache simulation in test_dcl1)." },
	{ "DC-L1", "Pr10: L1 miss-rate reduction", "As Pr20: the profiles' miss rate and sharing." },
	{ "DC-L1", "Pr40: L1 miss-rate reduction",
	  "Likely (not checked against a simulation at the paper's size): the opposite side of the Pr20 "
	  "row with PolyBench/GPU's standard inputs (p-2mm and p-syr2k 1024, p-3dconv 256; the paper "
	  "states none; docs/workloads.md): two SMs' shared rows fit one Pr40 node better than at 2048, so "
	  "pairing removes more misses (36% here, 39% with p-syr2k 512, 54% with p-2mm 512 and p-syr2k 256: "
	  "the larger inputs move it toward the paper's 19%); the node records are set-sampled (src/profiling/nodesample.h; error 0.0077 at 1/4 of "
	  "the sets and 0.0075 at 1/16 on p-gemm 512, docs/profile-format.md)." },
	{ "DC-L1", "Sh40: L1 miss-rate reduction", "As Pr20: the profiles' miss rate and sharing." },
	{ "DC-L1", "Sh40+C5: L1 miss-rate reduction",
	  "Checked (explain, node records): the geomean is set by p-syr2k at 1024, whose column walks read 32 lines 32 lines (one 4 KB row) apart in each load, so with line-interleaved homes every line of a load has the same home for 32 consecutive k (32 mod 4 = 32 mod 8 = 0): a cluster's loads camp on one node at a time (the partition camping the paper reports for P-2MM, P-3MM and P-GEMM under Sh40). Its node records give a 4-way hit ratio of 0.029 for Sh40+C5 (16:8) and 0.128 for Sh40+C10 (8:4) against the private L1's 0.817 and Pr10's (8 SMs, one home) 0.899 (gpudse explain); at 512 they were 0.041 and 0.473 (private 0.889), at 256 (8 column blocks) 0.952 and 0.934.  Not a set-sampling artefact: at 512 the same two geometries over all 64 sets (gpudse trace p-syr2k --size 512 --sample 0.1 --node-sets 1) give 0.0410 and 0.4728, as 16 sampled sets did." },
	{ "DC-L1", "Sh40+C10: L1 miss-rate reduction", "As Sh40+C5: p-syr2k's column walk camps on one home node." },
	{ "DC-L1", "Sh40+C20: L1 miss-rate reduction", "As Pr20: the profiles' miss rate and sharing." },
	{ "DC-L1", "Pr40: IPC over private L1s",
	  "Checked (explain, p-syr2k, p-3dconv): the private baseline is not miss-bound on these profiles (miss-rate "
	  "row) while every L1 access of a DC-L1 design crosses NoC#1 at 32 B per core cycle per node (Table I: "
	  "8x less peak L1 bandwidth, 4x boosted); p-syr2k's uncoalesced column walk makes about 4 L1 requests per "
	  "instruction and binds NoC#1 (dcl1_noc1_resp utilisation ~1).  Measured MLP and occupancy (issue 18) "
	  "and exact set conflicts (issue 17) change both sides." },
	{ "DC-L1", "Sh40: IPC over private L1s", "As Pr40: NoC#1 binds, the baseline is not miss-bound." },
	{ "DC-L1", "Sh40+C10: IPC over private L1s", "As Pr40: NoC#1 binds, the baseline is not miss-bound." },
	{ "DC-L1", "Sh40+C10+Boost: IPC over private L1s",
	  "Checked (explain on dcl1-80, baseline vs dcl1_org=shc,dcl1_nodes=40,dcl1_clusters=10,dcl1_boost=1): "
	  "NoC#1 is modelled as the paper describes it -- one 32 B flit per node port per core cycle (Table I's "
	  "4x/8x peak drops), doubled by the boost (§VI-C: 8x -> 4x), request and reply on separate networks, "
	  "the 54 cycles a loaded check, not an added term.  The geomean of 3 is set by p-syr2k: at 1024 its "
	  "private L1s hit 81.7% (the paper's replication-sensitive criterion is a miss rate > 50%) and under "
	  "Sh40+C10 its column walk camps on one home node per cluster (Sh40+C5 row), so the nodes hit 12.8% and "
	  "their misses bind NoC#2 (reply-source port utilisation 0.996): IPC 16.5 -> 4.1.  p-2mm (1024) gains "
	  "+4% (20.7 -> 21.5) and p-3dconv +98% (16.7 -> 33.0, node hit 0.89, its NoC#1 reply ports saturated; "
	  "gpudse explain, 2026-11-27, on the profiles with the wait intervals, so the lock step binds on both "
	  "sides).  Earlier, on the model with posted stores and first-reuse pending hits: p-syr2k lost less at 512 "
	  "(24.7 -> 6.9) and at 256 (29.0 -> 16.6, -43%: its 8 column blocks fit the home node; geomean -6%).  "
	  "The sign is the input's and the line-interleaved homes', not NoC#1's: the larger the matrix, the "
	  "longer a column walk camps on one home.  The DC-L1 PolyBench kernels ship at PolyBench/GPU's "
	  "standard sizes (2mm and syr2k 1024, 3mm 512; gemm at 1024, above its 512; the paper states none: "
	  "docs/workloads.md).  The paper's +75% is over its 12 replication-sensitive applications (§II-A, Figure 1), "
	  "this row's geomean over the 3 the study names; of those the paper reports P-SYRK (SYRK; gpudse generates "
	  "SYR2K, the same column walk twice) at +13% under Sh40+C10+Boost against 2.4x under Sh40 (§VIII): "
	  "clustering costs it most of its gain there too, and here more, down to a loss." },
	{ "DC-L1", "Sh40+C10+Boost: NoC#1 latency",
	  "Checked (explain on dcl1-80 under Sh40+C10+Boost, 2026-11-27): five of the six workloads see 7-13 "
	  "cycles, the unloaded round trip and little queueing (p-syr2k 7.4, p-3mm 9.1, p-2mm and p-gemm 9.4, "
	  "p-2dconv 13.3); p-3dconv sees about 780: its NoC#1 reply ports saturate (utilisation 1.0) and the "
	  "closed network's population (about 10^4 loads in flight) waits in that one queue, which real router "
	  "buffers bound, so the mean is p-3dconv's.  Neither is the paper's measured 54 cycles, which also holds "
	  "the nodes' request queues and GPGPU-Sim's router pipeline (4 VCs, credit flow), not represented." },
	{ "DC-L1", "base: replicas per resident line",
	  "As the miss-rate row: the scaled inputs share less data across SMs than the paper's." },
	{ "DC-L1", "Pr40: replicas per resident line", "As the base replicas row." },
	{ "DC-L1", "Sh40+C10+Boost: replicas per resident line", "As the base replicas row." },
	/* ---- FUSE ---- */
	{ "FUSE", "tech table",
	  "The technology table (issue 22, models/tech.h) interpolates its CACTI/NVSim/DSENT runs in node and size; "
	  "against held-out runs of the same tools the worst case is reported, not tuned (small STT-MRAM banks and "
	  "nodes between the table's are the weak spots)." },
	{ "FUSE", "Dy-FUSE IPC over L1-SRAM",
	  "Checked (explain, p-2mm, p-atax): the shipped FUSE profiles reach high L1-SRAM hit rates already or "
	  "replicate shared lines across the 15 SMs (replication 0.76-0.94), and the model's baseline is not "
	  "bound by miss latency as the paper's is (75% of time in off-chip accesses, §I), so a 2-4x larger L1 "
	  "raises IPC far less." },
	{ "FUSE", "FA-FUSE IPC over L1-SRAM", "As Dy-FUSE over L1-SRAM." },
	{ "FUSE", "Base-FUSE IPC over Hybrid",
	  "Likely: the model's Hybrid (no read-level predictor) puts write-multiple blocks in STT-MRAM and pays "
	  "their write latency more than the paper's measurement; Base-FUSE's predictor removes it." },
	{ "FUSE", "FA-FUSE IPC over Hybrid", "As Dy-FUSE over L1-SRAM: the profiles gain little from capacity." },
	{ "FUSE", "Dy-FUSE IPC over Hybrid", "As Dy-FUSE over L1-SRAM: the profiles gain little from capacity." },
	{ "FUSE", "Dy-FUSE outgoing memory references",
	  "Likely: the profiles' reuse fits the larger, approximately fully associative STT-MRAM bank, so the model "
	  "removes more L1 misses than the paper; the IPC gain stays small because the baseline is not "
	  "miss-latency-bound (IPC rows)." },
	{ "FUSE", "Dy-FUSE energy over L1-SRAM",
	  "Checked: energy follows time and DRAM traffic; DRAM traffic barely falls (the L1s replicate shared "
	  "lines, so their distinct capacity stays under the L2 even with the non-inclusive L2) and the IPC gain "
	  "is small." },
	{ "FUSE", "Volta (fuse-volta)", "As Dy-FUSE over L1-SRAM, on the Volta preset." },
	{ "FUSE", "Hybrid IPC over L1-SRAM",
	  "Not traced: the row is derived from the paper's §V-A ratios, which are inconsistent with each other "
	  "(validate_fuse.c); it moved off with issue 18's occupancy-limited profiles (off on issue 18's tree alone)." },
	{ "FUSE", "Base-FUSE IPC over L1-SRAM", "As Hybrid IPC over L1-SRAM (derived row)." },
	{ "FUSE", "Dy-FUSE IPC over FA-FUSE",
	  "Checked (docs/fuse-ordering.md, by term): Dy-FUSE gains where it stops SRAM victims from being "
	  "written into STT-MRAM (p-2mm, p-3mm, p-gemm, p-syr2k) and loses on p-gesummv, whose WORM loop the "
	  "predictor places in the 62 KiB FIFO bank alone (too small; FA-FUSE holds it in SRAM + STT, 78 KiB), "
	  "and on p-atax, p-bicg, p-mvt (L1 hit ratios level with FA-FUSE's once the profiles' FUSE sample "
	  "leaves out SM 0, the one SM with two CTAs: tests/unit/test_fuse_kernels.c), where the pending-hit "
	  "term, evaluated at the IPC of the network "
	  "without it (one refinement, models/pending.h), charges the design that is faster without it the "
	  "longer wait.  Solving the term at its fixed point orders the configurations as the paper does but "
	  "worsens the Accel-Sim development IPC error (git show 280b01b).  Since pending hits count only the "
	  "reuses that follow a miss and their chains within the fill (models/pending.h [Q], [C]) the row is "
	  "-0.9% (+0.2% before): not traced by kernel yet." },
	{ "FUSE", "Dy-FUSE IPC over By-NVM", "As Dy-FUSE over L1-SRAM: the profiles gain little from capacity." },
	{ "FUSE", "best SRAM share of the L1 area",
	  "Checked (docs/fuse-ordering.md): share 1/4 wins only through p-gesummv, whose 64 KiB loop fits "
	  "the STT-MRAM bank at 1/4 (93 KiB) and not at 1/2 (62 KiB); without it 1/4 and 1/2 are level and "
	  "the smaller shares lose, as in the paper." },
	{ "FUSE", "best SRAM share for Dy-FUSE with periphery",
	  "No hybrid fits: at 40 nm NVSim's smallest STT-MRAM cache (4 KiB, 4-way, data + tag) takes "
	  "0.111 mm^2, 97% of it periphery, more than the whole 32 KiB SRAM L1 (0.074 mm^2, data + tag; "
	  "`gpudse tech array`), so every share leaves an STT-MRAM bank below the table and all-SRAM (share "
	  "1) is the best design; the paper's 1/2 counts cell areas alone (140/36 F^2), where the STT-MRAM "
	  "half holds 3.9x the SRAM half's bytes (issue 22)." },
	/* ---- Malekeh ---- */
	{ "Malekeh", "RF-cache hit ratio",
	  "Likely: the register reuse distances come from the workload library's synthetic register templates "
	  "(issue 19), not the paper's SASS; their reuses are farther than §VI-B2's Rodinia/DeepBench mix." },
	{ "Malekeh", "RF bank reads over the baseline OCUs",
	  "Not traced: moved with issue 18's occupancy-limited profiles (off on issue 18's tree alone); fewer "
	  "warps per sub-core compete for the CCUs, so more source reads hit." },
	{ "Malekeh", "IPC over the baseline, dynamic STHLD",
	  "Checked (explain, r-kmeans on malekeh-2060, rfc_on=1 against the baseline): the baseline spends 89% of "
	  "its CPI on the memory path (NoC 12%, LLC 22%, DRAM 55%, with the pending-hit waits of models/pending.h) "
	  "and 0.2% on the RF banks, so relieving the banks moves IPC by under 1% (1.007x); issue 20's pending hits "
	  "made these workloads more latency-bound (+1.9% before, +0.9% after)." },
	{ "Malekeh", "GTO + LRU on the same storage",
	  "Likely: under GTO the synthetic register streams reuse the greedy warp's operands at short distance, "
	  "which LRU keeps; in the paper's traces GTO switches warps on long memory stalls more often." },
};

const char *vr_cause_of(const char *paper, const char *quantity)
{
	const char *q = quantity + strspn(quantity, " ");
	const char *colon = strstr(q, ": ");
	int detail = quantity[0] == ' ';
	for (int pass = 0; pass < 1 + detail; pass++) {
		const char *s = pass ? (colon ? colon + 2 : q) : q;
		for (size_t i = 0; i < sizeof causes / sizeof causes[0]; i++)
			if (!strcmp(causes[i].paper, paper) && !strncmp(s, causes[i].prefix, strlen(causes[i].prefix)))
				return causes[i].cause;
	}
	return NULL;
}
