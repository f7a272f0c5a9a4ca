/*
 * gpu.c -- the GPU model: hit rates -> service demands -> closed queueing network (MVA) ->
 * IPC, CPI stack, utilisations; energy (models/energy.c) and area (models/area.c).
 *
 * WORKLOAD RATES (wctx_alloc, once per workload; profile_t fields, models/profile.h)
 *   mem_per_inst  a_m = mem_insts / insts                 (mem_insts == 0: l1.accesses / insts)
 *   req_per_mem   r   = l1.accesses / mem_insts           (mem_insts == 0: 1)
 *   bytes_per_req b   = 32 x sectors / l1.accesses        (sectors == 0: block_bytes)
 *   write_frac    w_f = l1.writes / l1.accesses
 *   RF operands per instruction: src_per_inst / dst_per_inst, default 2 and 1 when unknown.
 *   dep_cycles from the profile's params when present, else DEPENDENT ISSUE below, else
 *   GPU_DEP_CYCLES = 4 (a dependent ALU instruction's issue-to-issue latency on Volta/Ampere);
 *   mlp (default 1) from the profile's params when present, else its measured groups of loads
 *   in flight (models/mlp_group.h).
 *
 * DEPENDENT ISSUE.  A warp issues in order and an instruction cannot issue before its
 *   producer's result: lat_u (the unit's latency) + dep_pipe (GPGPU-Sim's operand collection,
 *   dispatch and write-back: 5 cycles measured, calibration/accelsim/microbench) after the
 *   producer issued.  A warp of n instructions whose longest register-dependence chain holds
 *   cp_u instructions of unit u cannot finish in less than CP = sum_u cp_u (lat_u + dep_pipe),
 *   so per instruction it spends CP / n, of which the sm station already charges its issue
 *   service s = 1 / (subcores x issue_per_subcore); the rest waits in the dep delay station
 *   (infinite server: dependences of different warps overlap):
 *       dep_cycles = max(0, CP / n - s)      (cp_u and n: profile shape dep, summed over warps)
 *   Exact for one warp whose every instruction waits on its chain (residence s + dep = CP / n).  With
 *   W warps sharing a scheduler the issue rate is then bounded by W / dep_cycles = W x ILP /
 *   latency (ILP = n / cp, latency the chain's mean per instruction); the issue station bounds
 *   it by the scheduler's rate.  A load's result starts a new chain (its latency is the memory
 *   stations'); the chain is the longest by instruction count (profile_shape.h).  Checked in
 *   test_gpu against a cycle-level in-order scheduler simulation.
 *   L1 requests per warp instruction a1 = a_m x r.
 *
 * HIT RATES
 *   L1:  h1 = H_l1(C1 / B) from the "l1" stream's LRU curve at the L1 associativity (Smith
 *        binomial model, models/reuse.c); C1 = l1_kib (+ unused RF under unified_sm_mem, see
 *        below), B = the profile's block size.
 *        Exact set-associative L1 and LLC (issue 17): when the preset names the level's set
 *        index (gpu_t.l1_index / llc_index: linear bit selection or IPOLY, docs/gpu-presets.md)
 *        and the stream has the profile's per-set LRU record for that set count (a power of two
 *        up to the record's, <= 64 ways), the hit ratio is the record's exact one instead:
 *        h = sum_{d < A} n_k(d) / N (models/setassoc.h; the write-evict record for a write-evict
 *        L1).  The LLC uses the global stream's record only when every SM of the profile is
 *        active (other counts interpolate the group streams as below).
 *        Write-evict L1 (gpu_t.l1_write_evict, DC-L1 Table II "16 KB 4-way write-evict L1"):
 *        a store goes to the LLC, misses in L1 and evicts the line, so the next load of it
 *        misses too.  The L1-level curves (the l1 stream's and every group:G stream's at the
 *        L1 associativity: private L1s and the DC-L1 shared/clustered nodes) then come from
 *        the streams' sd_we histograms (write-evict stack distances, a write counted cold;
 *        docs/profile-format.md) when the profile has them, else from sd (write-allocate).
 *        The global stream has no sd_we: a DC-L1 node shared by more SMs than the largest
 *        group interpolates towards its write-allocate curve.  LLC curves always use sd.
 *   Sectored L1 (Volta and later, GPGPU-Sim "S:" caches): the l1 stream's sector record
 *        (profile sector_sd, src/profiling/sector_rec.h) gives the hit ratio of the L1's 32 B
 *        sector accesses, h1s = H_sector(C1 / 128 B) at the L1 associativity (Smith), the
 *        figure a sectored L1 counts (a reuse of another sector of a resident line is a
 *        SECTOR_MISS there and a hit in h1; a line reused across kernels is a miss there, the
 *        L1s being flushed between kernels).  When the preset's L1 is sectored (l1_sectored,
 *        32 B sectors in 128 B lines, write-allocate; GPGPU-Sim's "S:" L1s import so) h1 = h1s: with b = 32 x sectors / accesses bytes per request, the
 *        L1 then sends m1 b = (sectors / insts)(1 - h1s) 32 B per instruction, the sector
 *        misses' bytes.  Reported as metrics.l1_hit_sector too.  DC-L1 and FUSE organisations
 *        keep their line-level L1 hit ratios (their records are line-level): on a sectored
 *        preset their L1 is not compared like with like against the sectored baseline (no
 *        shipped preset of theirs is sectored).
 *   ALLOCATE ON FILL (preset l1_alloc_fill; GPGPU-Sim dl1 allocation 'f', or 's' streaming,
 *        which gpu-cache.h:660-661 turns into ON_FILL and only -gpgpu_adaptive_cache_config
 *        changes per kernel, shader.cc:3561,3588-3600): a miss reserves no line (tag_array::
 *        access allocates only ON_MISS, gpu-cache.cc:361), the fill allocates it (gpu-cache.cc:
 *        1258), so a reuse while the fill is in flight finds no RESERVED line, probes MISS
 *        instead of HIT_RESERVED (gpu-cache.cc:266), merges in the MSHR (send_read_request,
 *        gpu-cache.cc:1364) and is counted a miss (m_miss, gpu-cache.cc:359; get_sub_stats,
 *        gpu-cache.cc:1036).  The L1 then counts
 *          h_counted = h - p_pend   (clamped to [0, 1]; gpu_l1_fill_hit)
 *        for metrics.l1_hit (h = m->l1_hit, p_pend = metrics.l1_pend, per L1 request) and
 *        metrics.l1_hit_sector (h = h1s, p_pend / l1_served per served sector access): a reuse
 *        the reuse profile counts a hit is either on a filled line (a hit here too) or on one in
 *        flight (pending.h's pending hit, a merged miss here).  Only the count changes: the merged
 *        reuse sends nothing to the LLC and waits for the same fill under either policy, so
 *        m->l1_hit, the traffic, the pending waits and the IPC are those of allocate on miss.
 *        Assumptions: the lines in flight take no capacity from the resident ones (the window's
 *        lines are few against the L1's; an allocate-on-miss L1 reserves them a way, which the
 *        reuse profile ignores too) and the LRU order is that of the accesses (allocate on fill
 *        inserts a line at its fill, later than its miss); p_pend is pending.h's, per request of
 *        the profile's 128 B blocks, taken per sector access too (its reuses of another sector
 *        of a line in flight, SECTOR_MISSes in h1s already, are then subtracted again: a lower
 *        bound on h_counted).  tests/unit/test_l1fill.c checks h - p against an exact
 *        trace-driven simulation of both allocation policies.
 *   Sectored LLC (llc_sectored; GPGPU-Sim "S:" L2s): with every SM of the profile computing,
 *        H(n, C) is the global stream's sector record at C / 128 B lines (LLC associativity,
 *        Smith), never flushed (gpu_llc_stream_hit).  At other SM counts n, when the profile
 *        has the group:G streams' sector records (the same record over G consecutive SMs
 *        merged, src/profiling/sector_rec.h), H(n, C) interpolates them as below for the line
 *        streams (log group size between the bracketing G >= 2, partition property beyond the
 *        largest); below the smallest group, or without them, the line streams are kept.
 *   LLC: the merged stream of the n active SMs.  The profile has streams merged over groups of
 *        G SMs (group:1 = l1, ..., global = its n_sm).  For G1 <= n <= G2 (bracketing groups):
 *          H(n, C) = (1 - t) H_G1(C) + t H_G2(C),   t = ln(n / G1) / ln(G2 / G1)
 *        (interpolation in log group size; each H_G at the LLC associativity).  Beyond the
 *        largest group Gm the extra SMs are assumed to bring disjoint data of the same reuse
 *        (reuse.h level 3, the partition property): H(n, C) = H_Gm(C x Gm / n).  So when the
 *        profile's footprint grows with concurrency, the LLC hit rate falls as SMs are added:
 *        the Morpheus §3 saturation/decline.  wctx_shared_l1_hit does the same at the L1
 *        associativity (DC-L1 shared/clustered nodes).
 *        The LLC receives only L1 misses; its local hit ratio (memsys.llc_hit) is
 *          h_llc = max(0, H(n, C) - h1) / (1 - h1)                       (gpu_local_hit)
 *        assuming inclusion: an access that hits in its L1 would also hit in the LLC.
 *        memsys.llc_hit_stream keeps H(n, C); when DC-L1 or FUSE change l1_hit and leave
 *        llc_hit alone (apply's flags, mech.h), gpu_eval re-filters llc_hit with the new l1_hit
 *        once the L1-level mechanisms have all applied.
 *   INCLUSION (preset llc_inclusion): the hierarchy L1s + LLC is taken as one LRU cache of the
 *   merged stream whose capacity C_h depends on the policy, and the LLC's local hit ratio is
 *   gpu_local_hit(H(n, C_h), h1) as above (gpu_hierarchy_bytes):
 *     inclusive      C_h = C_llc: every L1 line is also in the LLC, so a larger L1 cannot
 *                    reduce DRAM traffic (the exact set-associative record applies here only)
 *     exclusive      C_h = C_llc + U: the LLC holds the L1s' victims, the levels are disjoint
 *     non-inclusive  C_h = max(C_llc, U): fills go to both levels and an LLC eviction leaves
 *                    the L1 copy (no back-invalidation, GPGPU-Sim's L2); the union of the two
 *                    lies between max(C_llc, U) (full overlap) and C_llc + U (none); the model
 *                    takes the lower bound, so it differs from inclusion only when the L1s
 *                    hold more than the LLC (FUSE's STT-MRAM L1s)
 *   where U = l1_count x l1_bytes / copies is what the L1s hold distinctly (copies per resident
 *   line of private L1s from DC-L1's footprint model, dcl1.h; 1 for DC-L1 nodes).  When an
 *   L1-level mechanism changes the L1 (DC-L1, FUSE), gpu_eval recomputes H(n, C_h) with the
 *   new U before re-filtering.  Not modelled: an exclusive LLC's victim traffic on the NoC.
 *   WRITE-THROUGH L1 (preset l1_write_through; GPGPU-Sim dl1 'T', Volta and later): a store
 *   that hits the L1 goes on to the LLC as well, where it hits (inclusion); the L1 sends
 *   m1 = a1 (1 - h1) + a1 w_f h1w requests per instruction and the LLC's hit ratio over them is
 *   (a1 (1 - h1) h_llc + a1 w_f h1w) / m1 (down_visits; the reported llc_hit), h1w the stores'
 *   hit ratio: the sector record's stores-only curve on a sectored L1 (sector_sd_w), else h1
 *   (stores hit like the rest: an assumption).  Stores are not waited for, so the latencies
 *   keep q = 1 - h1.
 *   Write policy (preset llc_write_through): a write-through LLC sends every write that hits
 *   it on to DRAM too, + (1 - e) h_llc w_f DRAM visits per L1 miss; write-back (default): as
 *   LLC WRITE POLICY says.
 *   LLC WRITE POLICY (preset llc_write_alloc, write-back LLC; models/llc_write.h [W1]-[W5]):
 *   with h = h_llc, w_llc = the stores' share of the requests the LLC receives,
 *   (a1 w_f (1 - h1w) + a1 w_f h1w [write-through L1]) / m1, and h_w the stores' own LLC hit
 *   ratio: with every SM of the profile active on a sectored LLC (h from the global stream's
 *   sector record, HIT RATES), the global stream's stores-only sector record (sector_sd_w: plain
 *   stores, the merged stream, never flushed, as the LLC keeps lines across kernels) at the
 *   capacity h is read at, C_h / 128 B lines; otherwise the l1 stream's stores-only sector
 *   record at C_llc / 128 B / n_compute lines (the partition property, as HIT RATES extends the
 *   group streams; flushed per kernel like the L1, so it overstates the stores' misses), and
 *   h_w = h without a record; the DRAM visits per LLC request are reads + writes of llcw_rates: none (0,
 *   the default): (1 - h), the store misses written at once (the equation before issue 20);
 *   fetch (1) and lazy (2, GPGPU-Sim 'L'): read misses (lazy: the load misses (1 - h) - s_m,
 *   s_m = w_llc (1 - h_w)) plus dirty evictions (1 - h) phi delta, phi the share of the run's
 *   allocations (the profile's instructions x m1 (1 - e)(1 - h) x b bytes) beyond the LLC's
 *   capacity, delta [W5] -- or, when the profile's merged stream carries the write-back record
 *   (sector_wb) and it describes the LLC (the global sector record in use, e = 0), the record's
 *   sectors written back at the LLC's lines [W6]; only load misses are waited for (q_dram = q_miss (1 - e) l_m, + the
 *   extended LLC's), writes are posted but occupy the channels (their queueing is charged to
 *   the customers: an overstatement).
 *   unified_sm_mem (Morpheus §6 Unified-SM-Mem): the RF the kernel leaves unused is added to
 *        L1: rf_kib - warps x 32 threads x GPU_REGS_PER_THREAD x 4 B (an assumed 32 registers
 *        per thread: the profile does not carry register allocation), floored at 0.
 *
 * CLOSED NETWORK (memsys_solve).  A warp issues in order and keeps gbar loads in flight (mlp,
 * models/mlp_group.h): it is gbar customers, each carrying the warp's fixed latency of its
 * share of the instructions, gbar x the warp's per instruction (mlp_group.h [C1]); the
 * population is N = n_compute x warps x gbar; one customer cycle = one warp instruction, so the
 * network throughput X is the GPU's IPC (warp instructions per core cycle).  The warp's wait
 * per instruction is the fork-join of its groups of loads (LATENCY OVERLAP, mlp_group.h [G3]).  Per warp
 * instruction, with m1 = a1 (1 - h1) L1 misses, e = ext_frac, s = mem_clock_scale:
 *   station    visits/inst                              service (core cycles)          copies
 *   sm         1                                        1/(subcores x issue) + rf_service  n_compute
 *   rf_banks   1                                        (src + dst) / (subcores x B)       n_compute
 *   dep        1 (delay dep_delay)                      -                               inf.
 *   l1         a1  (delay l1_lat)                       b / l1_bytes_per_cycle          l1_count
 *              (presets with l1_banks: C(r, b / sector) / r, LDST ACCESS STAGE)
 *   noc_req    m1  (delay noc_lat)                      f_req  x flit cycles            noc_req_ports
 *   llc        m1 (1 - e)  (delay llc_lat)              b / llc_bytes_per_cycle_slice/s llc_slices
 *   dram       m1 [(1-e)(1-h_llc) + e (1-h_ext)]        b / (BW x eff / channels)       dram_channels
 *              (delay dram_lat; + e (1-h_ext) ext_miss_extra per L1 miss)
 *   noc_resp   m1  (delay noc_lat)                      f_resp x flit cycles            noc_resp_ports
 *   noc_reply_src m1 (the reply's LLC-side input port)   f_resp x flit cycles            noc_req_ports
 *   extras     visits x rate(per)                       as given by the mechanism       copies
 *   RF BANKS: each sub-core's operand collectors read sources from, and the write-back stage
 *   writes results to, B = rf_banks_per_subcore single-ported banks, one 128 B warp register
 *   per bank per cycle (Malekeh §II, Table I: 2 banks per sub-core; GPGPU-Sim's
 *   gpgpu_num_reg_banks).  With the registers spread uniformly over the banks (GPGPU-Sim maps
 *   register r of warp w to bank (r + w) mod B), an SM's banks do subcores x B accesses per
 *   cycle, and an instruction needs rf_reads_per_inst + rf_writes_per_inst of them (the
 *   profile's register operands; a mechanism that serves reads elsewhere, Malekeh's CCU cache,
 *   lowers rf_reads_per_inst).  Collection is pipelined with issue, so the banks are their own
 *   station, not a term added to the issue service: they bound the SM's IPC at
 *   subcores x B / (src + dst) and queue when close to it.  Conflicts between operands of one
 *   instruction lengthen its collection (latency, in dep_delay's default), not the banks' rate.
 *   LLC-SIDE PORTS: noc_req and noc_reply_src are the crossbar's ports at the LLC slices (one
 *   each way per slice).  A flit takes core_mhz / (noc_mhz x s) core cycles on them, unless the
 *   preset gives the ports' own bandwidth noc_llc_port_gbps (GB/s per port and direction):
 *   then noc_flit_bytes / (noc_llc_port_gbps / core clock) / s (e.g. rtx3080: Morpheus §5's
 *   ~300 GB/s per LLC partition over its 2 slices' ports).  The SM-side ports keep noc_mhz.
 *   where flits per request f_req = 1 + w_f n_d (header, plus the data of a write),
 *   f_resp = (1 - w_f) n_d + w_f (data of a read, the ack of a write), n_d = max(1, b / flit)
 *   the mean data flits (a reply carries only the requested 32 B sectors), and a flit
 *   takes core_mhz / (noc_mhz x s) core cycles on a port.  MISS PACKETS (presets with
 *   noc_sector_packets, GPGPU-Sim's local crossbar; models/ldst.h): f_req = f_resp =
 *   max(1, b / sector_bytes), one single-flit packet per sector each way.  rate(per): 1 per instruction, a1 per
 *   L1 access, m1 per L1 miss, the DRAM visits per LLC miss.
 *   Demand per copy D_k = visits x service / copies; a station with skew k > 1 (hottest copy's
 *   load over the mean) is split into its hot copy (demand k D_total / copies) and the others
 *   ((copies - k) D_total / (copies (copies - 1)) each), so the hot copy saturates first.
 *   All fixed latencies form one delay (infinite-server) station (LATENCY OVERLAP below).
 *   A station type of c copies is visited uniformly (product form: c saturated copies with N
 *   customers run at N / (N + c - 1) utilisation).  That is exact for address-interleaved
 *   LLC slices and DRAM channels; for the SM and its private L1, whose warps are bound to
 *   them, it is an approximation that loses at most (c - 1) / (N + c - 1) of the saturated
 *   throughput: 2% with 68 SMs x 48 warps.
 *   BARRIER PHASES (models/barrier_sync.h [B1]-[B4]): when the profile records its barrier
 *   intervals, the network's throughput X is capped at insts / T, T = max(D_max, T_D / C + L):
 *   the sum over interval types of each type's bottleneck demand per copy (stations scaled by
 *   the type's share of instructions, global requests, shared wavefronts or unit instructions;
 *   the L1 by its global and shared parts), plus a warp slot's fixed latency over the
 *   instructions it runs (the delay station's per warp), over C = resident warps / warps per
 *   CTA.  The cap's extra cycles are charged by SYNC CPI below.
 *   LOCK STEP (models/lockstep.h [L1]-[L4]): when the profile records its wait intervals and
 *   every launch's instructions, the throughput is capped again at insts / T, T = max(insts /
 *   X, T_D + S l + N l_st): the waves of each launch, one after the other, each with every warp
 *   starting together, take the sum over wait-interval types of each type's bottleneck demand
 *   per copy, one warp's fixed latency along its path per wave, and a store acknowledgement at
 *   each wave's end.  The cap's extra cycles are charged by SYNC CPI.
 *   SYNC CPI: the extra cycles of either cap, in the CPI stack, in the shares of the classes in
 *   the capped time: each interval's T_D term to the class of the station that bounds it, the
 *   latency path to the classes of the fixed latencies it sums (dep, each station's), [L6]'s
 *   held fills to llc, the stores' acknowledgements to the L1, NoC and LLC delays (barriers:
 *   T_D / C and L), so that a lock-step kernel waiting on DRAM is charged to DRAM, not dep.
 *   LATENCY OVERLAP: the k = req_per_mem requests of one memory instruction (uncoalesced
 *   accesses), and the loads of one group (the g loads a warp issues before it uses one of
 *   them, models/mlp_group.h: g r requests), are in flight together and the warp waits for the
 *   deepest.  Along the chain
 *   L1 -> NoC -> LLC -> DRAM with fixed latencies, E[max] = sum over levels of P(some request
 *   reaches the level) x its latency, P = 1 - (1 - q)^(g k) for a per-request probability q
 *   (1 for L1, 1 - h1 for the NoC, (1 - h1)(1 - e) for the LLC, the DRAM share for DRAM; a
 *   mechanism station from its `per` and visits); so the delay demand per instruction is
 *   (a_m / gbar) sum_g pi_g (1 - (1 - q)^(g k)) x delay (mlp_group.h [G3], the profile's
 *   groups) rather than a1 q x delay.  Exact for independent requests and fixed latencies;
 *   g k = 1 gives a1 q delay.  Queueing demands stay per request; the group's loads are
 *   separate customers ([C1]), but a customer still queues for its load's k requests one after
 *   another (an approximation of the fork-join: it understates throughput, most near
 *   saturation; tests/unit/test_gpu.c checks it against a fork-join simulation, of a memory
 *   instruction's requests and of a group's).
 *   POSTED STORES: a warp does not wait for its stores.  GPGPU-Sim/Accel-Sim reserve only a
 *   load's destination registers in the scoreboard (shader.cc, scheduler_unit::cycle:
 *   m_scoreboard->reserveRegisters on the issued instruction's outputs; a store has none) and
 *   count a store's acknowledgement only for the warp's exit and membar (shd_warp_t::
 *   inc_store_req / dec_store_req, stores_done), so a store issues and its warp goes on.  The
 *   fixed latencies above are then charged to the loads only:
 *     a_m -> a_m p_L,  p_L = 1 - w_f                                                  [P1]
 *   (the stores' share of requests taken as their share of memory instructions: exact when
 *   loads and stores have the same requests per instruction), with the loads' own per-request
 *   probabilities: q = 1 - h1L at the NoC and the LLC, h1L = (h1 - w_f h1w) / (1 - w_f) the
 *   loads' L1 hit ratio when the stores' own h1w is known (WRITE-THROUGH), else h1      [P2]
 *   and q_dram = the waited DRAM visits per instruction / (a_m r p_L): under the LLC WRITE
 *   POLICY's fetch and lazy those are the load misses already; under none (and a write-
 *   through LLC) and for the extended LLC the LLC's waited misses scale by the loads' share
 *   of the L1's misses a1 p_L q / (a1 (1 - h1)) (stores miss the LLC like loads; a write-
 *   through L1's store hits hit the LLC)                                              [P3]
 *   Mechanism stations per L1 access (FUSE's STT array, the pending hits) are waited for by
 *   loads only too.  Stores keep every visit and service at every station (their bandwidth),
 *   and their queueing there is still charged to the customers (an overstatement: an open
 *   class of stores would only load the stations).  Assumed: no limit on a warp's stores in
 *   flight but the stations' bandwidth (GPGPU-Sim has no store buffer per warp; a store of a
 *   write-through L1 takes no MSHR entry, L1 MSHRS).  tests/unit/test_gpu.c checks [P1]-[P3]
 *   against the closed form of a latency-bound network.
 *   Latencies: memsys.llc_lat = gpu_t.llc_lat - 2 noc_lat (the preset's figure includes the
 *   NoC round trip); the memory clock scale s divides every NoC, LLC and DRAM latency and
 *   service time (Morpheus §6 Frequency-Boost); llc_scale multiplies the LLC capacity only
 *   (its slices, bandwidth and NoC ports stay the memory partitions').
 *   Solved by Linearizer approximate MVA (models/queue.h, queue_mva_linearizer; Chandy & Neuse
 *   1982): R_k = D_k (1 + Q_k(N - 1)), X = N / sum_k R_k, Q_k = X R_k, with Q_k(N - 1) =
 *   (N - 1)(Q_k(N) / N + F_k) and F_k, the change of the station's queue fraction from N to
 *   N - 1, estimated by solving at N and N - 1 (Schweitzer takes F_k = 0).  The choice: exact
 *   MVA costs O(N x stations) per point (N = 3264 customers on the RTX 3080) and needs an
 *   integer N; Schweitzer is 3.6% off exact MVA in throughput near the knee of GPU-shaped
 *   networks; Linearizer is within 0.71% (0.04% mean) on the same 36 cases (test_queue,
 *   test_linearizer) for 7 Newton solves.
 *   IPC = X; utilisation of each copy U_k = X D_k (< 1 in a closed network); cycles = insts / X.
 *   PENDING HITS (models/pending.h): a reuse sooner than the fill of the block's miss is an L1
 *   hit of the reuse profile that waits for the fill (GPGPU-Sim's HIT_RESERVED).  gpu_eval
 *   solves once, takes the L1 request rate per L1 lambda = a1 X / l1_count and the fill time
 *   T_fill = sum over the miss-path stations (noc_req, llc, dram, noc_resp, noc_reply_src,
 *   mechanism stations per L1 or LLC miss) of (residence + visits x delay) / m1, adds the
 *   delay stations "l1_pending_CLASS" (visits p_pend per L1 request, delays W split over the
 *   CPI classes of the miss path in proportion to their share of T_fill: the wait is time
 *   the fill spends in the NoC, LLC and DRAM) and solves again (one refinement).  l1_hit keeps counting pending hits as hits, as Accel-Sim's
 *   1 - misses / accesses does; metrics.l1_pend reports their share.
 *   FRESH LINES (models/mlp_group.h [F1]-[F6]; profiles whose shape records each fork-join
 *   group's freshest line, `.shape.mlp.fresh`, with the profile's groups in force; under an
 *   extended LLC also [F6]'s extended fills, T_X and T_XD, from the stations of class ext per
 *   L1 miss): the same refinement takes T_L and T_D, the fill of an L1 miss from the LLC
 *   and from DRAM (residence + delay per visit of noc_req, llc, noc_resp, noc_reply_src, and
 *   dram's per DRAM visit), the request rates a1 X / n_sm (one profile SM's stream) and a1 X
 *   (the merged stream), and replaces the fork-join groups' miss-path latencies by their fresh
 *   waits plus [F5]'s capacity misses (the L1's and the LLC's cold shares of the requests, the
 *   sector records' cold over the l1 stream's sector accesses, taken out of q); the pending hits
 *   of fresh lines are in [F2] and [F4], so neither "l1_pending_*" nor "llc_pending" is added
 *   (metrics.l1_pend still reports pending.h's share).  Queueing demands are unchanged.  It rides
 *   on the pending refinement: a profile whose l1 stream has no reuse (every access cold, no
 *   window to refine) keeps [G3] -- where every group holds its own first requests [F1] is what
 *   [G3] charges too, and refining would add the L1 MSHR station, whose fill time taken from the
 *   unlimited network (queueing the limit would prevent) makes it bind on such streams: 25%
 *   slow on tests/cli/cli_ldst.sh's miss trace.
 *   LDST ACCESS STAGE (models/ldst.h; presets with l1_banks B, GPGPU-Sim's -gpgpu_l1_banks): one
 *   warp memory instruction at a time moves its sectors into the L1's per-bank pipelines, one
 *   cycle per run of distinct banks and at least one cycle, so the l1 station's service per
 *   request (line) is C / r, C = ldst_access_cycles(r lines, s = b / sector_bytes sectors per
 *   line, B, line_bytes / sector_bytes): the demand per memory instruction is C instead of
 *   r b / l1_bytes_per_cycle.  Whole lines give C = r b / (B x 32 B), the bandwidth figure; one
 *   sector per line gives about 2.2 sectors per cycle on 4 banks; one request of one sector
 *   costs a whole cycle.  Presets without l1_banks keep b / l1_bytes_per_cycle.
 *   LDST WRITEBACK (presets with l1_banks on a sectored L1): the same unit returns each load
 *   sector access that went to the MSHR -- a miss, or a pending hit merged into one -- through
 *   its writeback, one per cycle (GPGPU-Sim shader.cc ldst_unit::cycle takes one
 *   m_L1D->next_access() a cycle into m_next_wb; a true hit releases its registers in the L1
 *   latency queue, l1_latency_queue_cycle, and does not), so a request of s = b / sector_bytes
 *   sectors occupies the unit for
 *     max(C / r,  (1 - w_f) s min(1, 1 - h1 + p_pend))  cycles
 *   (h1 the L1's hit ratio per sector access, pending hits included; p_pend, pending.h, taken
 *   per sector access too; stores write back nothing).  The two are stages of one pipeline:
 *   the slower sets its throughput.  Assumes one unit clock per core clock
 *   (-gpgpu_mem_unit_ports 1, every reference configuration; the importer does not map it).
 *   Valid range: presets with l1_banks (GPGPU-Sim's unit); the Accel-Sim runs that isolate it
 *   are in calibration/accelsim/microbench/README.md.
 *   L1 MSHRS (models/l1mshr.h; presets with l1_mshr): in the same refinement, from the same
 *   T_fill, the entry limit is a station "l1_mshr" per L1, one visit per missed sector read
 *   (a1 (1 - h1)(1 - w_f) b / 32), service T_fill / l1_mshr; the station is added even when the
 *   workload has no pending hits (then the refinement solves again for it alone).
 *   LLC MSHRS (models/llc_mshr.h; presets with llc_mshr): in the same refinement, other SMs'
 *   reads of a sector whose DRAM fill is in flight (LLC hits of the reuse profile) wait for the
 *   fill ("llc_pending", delay per L1 miss, class dram); beyond the merge limit a failed merge
 *   holds its slice's input for the fill ("llc_held", service on the LLC slices); the entry
 *   limit is a station "llc_mshr" (service T / llc_mshr per fill).  Their time per L1 miss joins
 *   the L1's T_fill.  The refinement also runs for a profile whose l1 stream has no reuse.
 *   Checked in tests/unit/test_gpu.c against a discrete-event simulation with warps bound to their
 *   SM, L1 and response port (exponential and deterministic services).
 * CPI STACK (per compute SM): n_compute / X = sum over stations of residence x n_compute / N,
 *   each station's residence (queueing + service + its fixed delay) charged to its cpi class;
 *   the sm station's residence is split between CPI_ISSUE and CPI_RF in proportion to
 *   issue_service : rf_service.  The stack sums exactly to n_compute / IPC.
 *
 * ENERGY (models/energy.c): dynamic events per instruction: 1 instruction, src/dst RF accesses
 *   (rf_reads_per_inst, rf_writes_per_inst, which Malekeh edits), L1 reads a1 (1 - w_f), L1
 *   writes a1 w_f + fills a1 (1 - w_f)(1 - h1), NoC bytes m1 (f_req + f_resp) flit, LLC bytes
 *   m1 (1 - e) b (1 + (1 - h_llc)) (request + fill), DRAM bytes dram visits x b; plus
 *   memsys.e_pj_per_inst; static power memsys.p_static_w x time (energy_static_baseline fills
 *   the baseline, with idle SMs gated when the design says gate_idle).  perf/W = insts / E.
 * AREA (models/area.c): area_baseline + the mechanisms' edits of memsys.area_mm2.
 *
 * Assumptions and valid range: one workload fills every compute SM with `warps` resident
 * warps; requests are independent (no coalescing beyond the profile's requests); write-back
 * traffic from the LLC to DRAM is modelled only under llc_write_alloc fetch or lazy (LLC WRITE
 * POLICY); the MVA treats services as exponential
 * (the usual approximation for pipelined, deterministic servers in closed networks: it
 * overstates queueing slightly at moderate load).
 *
 * Mechanisms (models/mech.h): gpu_eval applies the rows of mech_table in order (DC-L1, FUSE,
 * Morpheus, Malekeh) between memsys_init and memsys_solve.
 */
#include "gpu.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"
#include "barrier_sync.h"
#include "energy.h"
#include "mech.h"
#include "memo.h"
#include "mva_memo.h"
#include "solve_memo.h"
#include "lockstep.h"
#include "occupancy.h"
#include "pending.h"
#include "llc_mshr.h"
#include "queue.h"
#include "dcl1.h"
#include "l1mshr.h"
#include "ldst.h"
#include "llc_write.h"
#include "setassoc.h"

#define GPU_DEP_CYCLES 4.0       /* default dependent-issue latency (Volta/Ampere ALU) */
#define GPU_MLP 1.0              /* default independent request chains per warp */
#define GPU_SRC_PER_INST 2.0     /* default RF source operands per instruction */
#define GPU_DST_PER_INST 1.0
#define GPU_REGS_PER_THREAD 32.0 /* assumed register allocation for Unified-SM-Mem */

const char *const cpi_class_name[CPI_N] = {
	"issue", "dep", "rf", "l1", "noc", "llc", "ext", "dram"
};
const char *const ecomp_name[EC_N] = {
	"core", "rf", "l1", "noc", "llc", "ext", "dram"
};

void gpu_defaults(gpu_t *g)
{
	/* Values for a field a preset omits; docs/gpu-presets.md lists each with its source. */
	memset(g, 0, sizeof *g);
	strcpy(g->name, "unnamed");
	g->n_sm = 68;                    /* Morpheus Table 1 (RTX 3080) */
	g->core_mhz = 1710.0;            /* RTX 3080 boost clock (NVIDIA spec) */
	g->warps_per_sm = 48;            /* Morpheus §2: 48 warps per SM */
	g->subcores = 4;                 /* Volta/Ampere SM: 4 processing blocks */
	g->issue_per_subcore = 1.0;      /* one warp instruction per cycle per scheduler */
	g->rf_kib = 256.0;               /* Morpheus Table 1 */
	g->rf_banks_per_subcore = 2;     /* Malekeh Table I */
	g->ocu_per_subcore = 2;          /* Malekeh Table I */
	g->max_regs_per_thread = 255;    /* Ampere architectural limit */
	g->max_ctas_per_sm = 16;         /* CUDA C Programming Guide, compute capability 8.6 */
	g->smem_kib = 100.0;             /* CUDA C Programming Guide, compute capability 8.6 */
	g->l1_kib = 128.0;               /* Morpheus Table 1 (L1 + shared, all as L1) */
	g->l1_shmem_kib = 128.0;
	g->l1_assoc = 4;                 /* DC-L1 Table II, FUSE Table I */
	g->l1_lat = 28.0;                /* DC-L1 Table II */
	g->l1_bytes_per_cycle = 128.0;   /* DC-L1 Table I: 128 B / cycle per L1 */
	g->l1_banks = 0;                 /* LDST ACCESS STAGE off: no bank-conflict figure in the papers */
	g->noc_sector_packets = 0;       /* MISS PACKETS off: the papers' NoCs move flits */
	g->line_bytes = 128;
	g->sector_bytes = 32;
	g->noc_mhz = 1710.0;             /* crossbar at the core clock unless a preset says otherwise */
	g->noc_flit_bytes = 32;          /* DC-L1 Table II */
	g->noc_lat = 20.0;               /* assumed one-way unloaded traversal */
	g->llc_kib = 5120.0;             /* Morpheus Table 1 */
	g->llc_assoc = 16;
	g->llc_slices = 20;              /* 2 per memory partition */
	g->llc_partitions = 10;          /* Morpheus Table 1 note: 10 partitions */
	g->llc_lat = 120.0;              /* DC-L1 Table II (core cycles, NoC round trip included) */
	g->llc_bytes_per_cycle_slice = 64.0;
	g->dram_gbps = 760.0;            /* RTX 3080: 320-bit GDDR6X at 19 Gb/s */
	g->dram_channels = 10;
	g->dram_lat = 300.0;
	g->dram_eff = 0.8;               /* gpu.h: calibrated; default 0.8 */
	g->e_inst_pj = 150.0;            /* assumption (AccelWattch order of magnitude) */
	g->e_rf_read_pj = 16.0;          /* assumption: 128 B bank read */
	g->e_rf_write_pj = 18.0;
	g->e_l1_read_pj = 150.0;         /* FUSE Table I: L1-SRAM 32 KB 0.15 nJ read */
	g->e_l1_write_pj = 120.0;        /* FUSE Table I: 0.12 nJ write */
	g->e_llc_pj_per_byte = 10.0;     /* Morpheus §5: conventional LLC ~10 pJ/B */
	g->e_noc_pj_per_byte = 8.0;      /* assumption: ~1 pJ/bit per traversal (12 mm links, DC-L1 §VIII) */
	g->e_dram_pj_per_byte = 58.0;    /* assumption: GDDR6X ~7.25 pJ/bit */
	g->p_sm_static_w = 0.5;          /* assumption: SM logic leakage */
	g->p_llc_static_w = 4.0;
	g->p_noc_static_w = 5.0;
	g->p_dram_static_w = 15.0;
	g->gated_leak_frac = 0.05;       /* assumption: power-gated residual leakage */
	g->p_sram_leak_mw_per_kib = 58.0 / 32.0; /* FUSE Table I: 58 mW for 32 KB SRAM */
	g->tech_nm = 8.0;                /* Samsung 8N (RTX 3080) */
	g->sram_cell_f2 = 140.0;         /* FUSE §II-B */
	g->stt_cell_f2 = 36.0;           /* FUSE §II-B */
	g->array_overhead = 2.0;         /* assumption: periphery doubles cell area */
	g->noc_area_mm2 = 10.0;
	g->sm_logic_mm2 = 4.0;
}

/* ---- per-workload context ---------------------------------------------------------------- */

/* A stream's curve at the L1 associativity: from sd_we for a write-evict L1 when the profile
 * has it (header, HIT RATES), else from sd. */
static reuse_curve_t *l1_curve(const gpu_t *g, const profile_stream_t *s)
{
	if (g->l1_write_evict && s->sd_we.total > 0.0)
		return reuse_curve_alloc_hist(&s->sd_we, g->l1_assoc);  /* write-evict: DC-L1 Table II */
	return reuse_curve_alloc(s, g->l1_assoc, REUSE_LRU);
}

double gpu_dep_cycles(const gpu_t *g, const profile_shape_t *s)
{
	if (!s->has_dep || !(s->dep_insts > 0.0))
		return -1.0;
	const double lat[SU_NUNIT] = { [SU_FP32] = g->lat_fp32, [SU_FP64] = g->lat_fp64, [SU_INT] = g->lat_int,
	                               [SU_SFU] = g->lat_sfu, [SU_TENSOR] = g->lat_tensor };
	double d = 0.0;
	for (int u = 0; u < SU_NUNIT; u++) {
		if (!(s->dep_cp[u] > 0.0))
			continue;
		if (!(lat[u] > 0.0))
			return -1.0;                     /* a unit on the chains without a latency */
		d += s->dep_cp[u] * (lat[u] + g->dep_pipe); /* sum_u cp_u (lat_u + pipe) */
	}
	/* per instruction, less the issue slot the sm station already charges (DEPENDENT ISSUE) */
	double issue = 1.0 / (g->subcores * g->issue_per_subcore);
	d = d / s->dep_insts - issue;
	return d > 0.0 ? d : 0.0;
}

/* The n intervals' column totals tot and their shares *f (barrier_sync.h bsync_totals,
 * bsync_shares; allocated once per workload): 1, 0 when they hold no instruction (no shares),
 * -1 out of memory. */
static int interval_shares(const shape_phase_t *ph, size_t n, double tot[SP_NCOL], double **f)
{
	bsync_totals(ph, n, tot);
	if (!(tot[SP_INSTS] > 0.0))
		return 0;
	if (!(*f = malloc(n * SP_NCOL * sizeof **f)))
		return -1;
	bsync_shares(ph, n, tot, *f);
	return 1;
}

wctx_t *wctx_alloc(const gpu_t *g, const profile_t *p, const char **err)
{
	static const char *const e_nol1 = "profile has no \"l1\" stream";
	static const char *const e_insts = "profile has no instruction count (insts must be > 0)";
	static const char *const e_acc = "profile's \"l1\" stream has no accesses";
	static const char *const e_curve = "cannot tabulate a hit-rate curve (empty histogram?)";
	static const char *const e_mem = "out of memory";
	int rc = 0;
	const profile_stream_t *l1 = profile_stream(p, "l1");
	if (!l1)
		l1 = profile_group(p, 1);
	if (!l1) { *err = e_nol1; return NULL; }
	if (!(p->insts > 0.0)) { *err = e_insts; return NULL; }
	if (!(l1->accesses > 0.0)) { *err = e_acc; return NULL; }

	wctx_t *w = calloc(1, sizeof *w);
	if (!w) { *err = e_mem; return NULL; }
	w->p = p;
	w->g = g;
	/* fitted params.dep_cycles, else the profile's critical paths at the preset's latencies
	 * (DEPENDENT ISSUE), else GPU_DEP_CYCLES */
	double dep_measured = gpu_dep_cycles(g, &p->shape);
	w->dep_measured = !p->has_dep_cycles && dep_measured >= 0.0;
	w->dep_cycles = p->has_dep_cycles ? p->dep_cycles : dep_measured >= 0.0 ? dep_measured : GPU_DEP_CYCLES;
	/* fitted params.mlp, else the profile's measured MLP (models/occupancy.h), else GPU_MLP */
	w->mlp = p->has_mlp && p->mlp > 0.0 ? p->mlp : occ_shape_mlp(p, GPU_MLP);
	mlp_groups_init(&w->mlp_groups, &p->shape, p->has_mlp ? p->mlp : 0.0, GPU_MLP);   /* mlp_group.h */
	if (p->mem_insts > 0.0) {
		w->mem_per_inst = p->mem_insts / p->insts;
		w->req_per_mem = l1->accesses / p->mem_insts;
	} else {
		w->mem_per_inst = l1->accesses / p->insts;
		w->req_per_mem = 1.0;
	}
	w->block_bytes = p->block_bytes > 0 ? p->block_bytes : g->line_bytes;
	w->bytes_per_req = p->sectors > 0.0 ? 32.0 * p->sectors / l1->accesses : w->block_bytes;
	w->write_frac = l1->writes / l1->accesses;
	if (w->write_frac > 1.0)
		w->write_frac = 1.0;
	/* ldst.h LDST RECORD: mean access-stage cycles per memory instruction at 1, 2, 4, 8 banks,
	 * for presets whose L1 banks are one 32 B sector each (gpgpusim_config.c maps only those) */
	if (p->shape.has_ldst && p->shape.ldst_insts > 0.0 && g->sector_bytes == 32)
		for (int i = 0; i < SHAPE_LDST_NB; i++)
			w->ldst_exact[i] = p->shape.ldst_cycles[i] / p->shape.ldst_insts;
	/* BARRIER PHASES (barrier_sync.h): the record's totals and the launches' warps per CTA */
	const profile_shape_t *sh = &p->shape;
	if (sh->has_bar && sh->bar > 0.0 && sh->has_phase && sh->n_phase > 0 && sh->n_launch > 0) {
		double wi = 0.0, wsum = 0.0;
		for (size_t i = 0; i < sh->n_launch; i++) {
			double wt = sh->launch[i].insts > 0.0 ? sh->launch[i].insts : shape_ctas(&sh->launch[i]);
			wi += wt * (double)shape_warps_per_cta(&sh->launch[i]);
			wsum += wt;
		}
		if (wsum > 0.0 && wi > 0.0 && (rc = interval_shares(sh->phase, sh->n_phase, w->bs_tot, &w->bs_f)) > 0) {
			w->bs_on = 1;
			w->bs_wpc = wi / wsum;
		}
		if (rc < 0)
			goto fail_intervals;
	}
	/* LOCK STEP (lockstep.h): the wait intervals' totals and shares */
	if (sh->has_wait && sh->n_wait > 0 && sh->n_launch > 0) {
		if ((rc = interval_shares(sh->wait, sh->n_wait, w->lk_tot, &w->lk_f)) < 0)
			goto fail_intervals;
		w->lk_on = rc > 0;
	}
	w->src_per_inst = p->src_per_inst > 0.0 ? p->src_per_inst : GPU_SRC_PER_INST;
	w->dst_per_inst = p->dst_per_inst > 0.0 ? p->dst_per_inst : GPU_DST_PER_INST;

	w->l1_stream = l1;
	w->global_stream = profile_stream(p, "global");
	w->l1 = l1_curve(g, l1);
	if (!w->l1)
		goto fail_curve;
	/* Group streams in ascending group size (insertion sort: n <= 16). */
	const profile_stream_t *gs[16];
	int n = 0;
	for (size_t i = 0; i < p->n_streams && n < 16; i++) {
		const profile_stream_t *s = &p->streams[i];
		if (s->group < 1 || s->sd.total <= 0.0)
			continue;
		int dup = 0;
		for (int j = 0; j < n; j++)
			dup |= gs[j]->group == s->group;
		if (dup)
			continue;
		int j = n++;
		while (j > 0 && gs[j - 1]->group > s->group) {
			gs[j] = gs[j - 1];
			j--;
		}
		gs[j] = s;
	}
	for (int i = 0; i < n; i++) {
		w->group_size[i] = gs[i]->group;
		w->group_l1[i] = l1_curve(g, gs[i]);
		w->group_llc[i] = reuse_curve_alloc(gs[i], g->llc_assoc, REUSE_LRU);
		w->n_group = i + 1;
		if (!w->group_l1[i] || !w->group_llc[i])
			goto fail_curve;
	}
	for (int i = 0; i < MECH_N; i++)
		w->mech[i] = mech_row_ctx_alloc(mech_table[i], g, p);
	w->mva_memo = mva_memo_alloc();   /* NULL (out of memory): every solve runs */
	w->l1_memo = memo_alloc_sized(16, 4, 1);
	w->pend = pending_ctx_alloc(l1, pending_once(p, l1));   /* PENDING HITS (NULL: no rt histogram) */
	if (g->llc_mshr > 0 && w->global_stream) {   /* LLC MSHRS (llc_mshr.h; NULL: no rt) */
		w->llc_pend = pending_ctx_alloc(w->global_stream, 0.0);   /* U1 unknown: no classes */
		/* [N'] with the profile's sharers record (s from it), else [S]'s ratio for [N] */
		w->llc_sharers = llc_mshr_degrees(&p->shape, &w->llc_deg) ? w->llc_deg.sharers
		                                                          : llc_mshr_sharers(l1, w->global_stream);
	}
	for (size_t i = 0; i < p->shape.n_launch; i++)   /* lockstep.h [L6]: once per workload */
		w->launches += p->shape.launch[i].count > 0 ? p->shape.launch[i].count : 1;
	if (l1->sector_sd.total > 0.0 && !(w->l1_sector = reuse_curve_alloc_hist(&l1->sector_sd, g->l1_assoc)))
		goto fail_curve;                 /* HIT RATES, sectored L1 */
	if (l1->sector_sd_w.total > 0.0 && !(w->l1_sector_w = reuse_curve_alloc_hist(&l1->sector_sd_w, g->l1_assoc)))
		goto fail_curve;                 /* WRITE-THROUGH: the stores' hits */
	w->store_sector_frac = l1->sector_sd.total > 0.0 && (l1->sector_sd_w.total > 0.0 || !(l1->writes > 0.0))
	                     ? fmin(1.0, l1->sector_sd_w.total / l1->sector_sd.total) : -1.0;   /* LLC WRITE POLICY */
	if (g->llc_write_alloc != LLCW_NONE && l1->sector_sd_w.total > 0.0 &&
	    !(w->llc_store = reuse_curve_alloc_hist(&l1->sector_sd_w, g->llc_assoc)))
		goto fail_curve;                 /* LLC WRITE POLICY: the stores' LLC hits */
	if (w->global_stream && w->global_stream->sector_sd.total > 0.0 &&
	    !(w->llc_sector = reuse_curve_alloc_hist(&w->global_stream->sector_sd, g->llc_assoc)))
		goto fail_curve;                 /* HIT RATES, sectored LLC */
	if (g->llc_write_alloc != LLCW_NONE && w->llc_sector && w->global_stream->sector_sd_w.total > 0.0 &&
	    !(w->llc_store_global = reuse_curve_alloc_hist(&w->global_stream->sector_sd_w, g->llc_assoc)))
		goto fail_curve;                 /* LLC WRITE POLICY: the stores' LLC hits, merged stream */
	if (g->llc_write_alloc != LLCW_NONE && w->llc_sector && w->global_stream->sector_wb.total > 0.0 &&
	    !(w->llc_wb_global = reuse_curve_alloc_hist(&w->global_stream->sector_wb, REUSE_FULL)))
		goto fail_curve;                 /* LLC WRITE POLICY: the write-back record [W6] */
	/* FRESH LINES (mlp_group.h [F5]): the cold misses' share of the L1's requests, at the L1
	 * (the sector record: first requests per kernel) and at the LLC (the merged stream's) */
	w->cold_l1 = w->cold_g = 0.0;
	if (l1->sector_sd.total > 0.0) {
		w->cold_l1 = l1->sector_sd.cold / l1->sector_sd.total;
		if (w->global_stream && w->global_stream->sector_sd.total > 0.0)
			w->cold_g = w->global_stream->sector_sd.cold / l1->sector_sd.total;
	} else if (l1->sd.total > 0.0) {
		w->cold_l1 = l1->sd.cold / l1->sd.total;
		if (w->global_stream)
			w->cold_g = w->global_stream->sd.cold / l1->sd.total;
	}
	for (int i = 0; i < n; i++) {      /* the merged streams' sector records (gs[]: ascending) */
		if (gs[i]->group < 2 || !(gs[i]->sector_sd.total > 0.0) || w->n_gsec >= 16)
			continue;
		w->gsec_size[w->n_gsec] = gs[i]->group;
		if (!(w->gsec_llc[w->n_gsec++] = reuse_curve_alloc_hist(&gs[i]->sector_sd, g->llc_assoc)))
			goto fail_curve;         /* HIT RATES, sectored LLC at fewer SMs */
	}
	return w;

fail_curve:
	wctx_free(w);
	*err = e_curve;
	return NULL;
fail_intervals:
	wctx_free(w);
	*err = e_mem;
	return NULL;
}

void wctx_free(wctx_t *w)
{
	if (!w)
		return;
	for (int i = 0; i < MECH_N; i++)
		mech_row_ctx_free(mech_table[i], w->mech[i]);
	free(w->bs_f);
	free(w->lk_f);
	memo_free(w->mva_memo);
	memo_free(w->l1_memo);
	memo_free(w->solve_memo);
	pending_ctx_free(w->pend);
	pending_ctx_free(w->llc_pend);
	reuse_curve_free(w->l1_sector);
	reuse_curve_free(w->l1_sector_w);
	reuse_curve_free(w->llc_store);
	reuse_curve_free(w->llc_store_global);
	reuse_curve_free(w->llc_wb_global);
	reuse_curve_free(w->llc_sector);
	for (int i = 0; i < w->n_gsec; i++)
		reuse_curve_free(w->gsec_llc[i]);
	reuse_curve_free(w->l1);
	for (int i = 0; i < w->n_group; i++) {
		reuse_curve_free(w->group_l1[i]);
		reuse_curve_free(w->group_llc[i]);
	}
	free(w);
}

/* Hit ratio of the merged stream of `n` SMs at `blocks`, from curves[] over group sizes
 * (gpu.c header, HIT RATES). */
static double group_hit(const wctx_t *w, reuse_curve_t *const *curves, double n, double blocks)
{
	if (blocks <= 0.0)
		return 0.0;
	if (w->n_group == 0) /* only the l1 stream: extra SMs bring disjoint data [reuse.h, level 3] */
		return reuse_curve_eval(w->l1, blocks / (n > 1.0 ? n : 1.0));
	if (n <= w->group_size[0]) {
		/* below the smallest group (normally group 1 = l1): partition property */
		double f = n / w->group_size[0];
		return reuse_curve_eval(curves[0], f > 0.0 ? blocks / f : blocks);
	}
	int last = w->n_group - 1;
	if (n >= w->group_size[last]) /* disjoint extra SMs [reuse.h, partition property] */
		return reuse_curve_eval(curves[last], blocks * w->group_size[last] / n);
	int i = 0;
	while (w->group_size[i + 1] < n)
		i++;
	double g1 = w->group_size[i], g2 = w->group_size[i + 1];
	double t = log(n / g1) / log(g2 / g1); /* interpolation in log(group size) */
	return (1.0 - t) * reuse_curve_eval(curves[i], blocks) + t * reuse_curve_eval(curves[i + 1], blocks);
}

double gpu_local_hit(double h_outer, double h_inner)
{
	if (h_inner >= 1.0)
		return h_outer >= 1.0 ? 1.0 : 0.0;
	double h = (h_outer - h_inner) / (1.0 - h_inner); /* misses filtered by the inner level */
	return h < 0.0 ? 0.0 : h > 1.0 ? 1.0 : h;
}

double gpu_l1_fill_hit(double h, double p)
{
	double c = h - (p > 0.0 ? p : 0.0);   /* ALLOCATE ON FILL: a reuse of a line in flight is a miss */
	return c < 0.0 ? 0.0 : c > 1.0 ? 1.0 : c;
}

double wctx_llc_hit(const wctx_t *w, int n_active, double bytes)
{
	return group_hit(w, w->group_llc, n_active, bytes / w->block_bytes);
}

double wctx_shared_l1_hit(const wctx_t *w, double g, double bytes)
{
	return group_hit(w, w->group_l1, g, bytes / w->block_bytes);
}

/* ---- the baseline memory system ---------------------------------------------------------- */

static int compute_sms(const gpu_t *g, const design_t *d)
{
	return d->active_sms > 0 ? d->active_sms : g->n_sm - d->mor_cache_sms;
}

/* The private L1's hit ratio at l1_bytes: the reuse curve, or the exact set-associative record
 * when the preset names its index and the profile has it (header, HIT RATES).  Every point
 * that leaves the L1 alone asks the same, so it is memoised in the context by its exact inputs
 * (memo.h). */
static double l1_hit(const gpu_t *g, const wctx_t *w, double l1_bytes)
{
	double blocks = l1_bytes / w->block_bytes;
	double key[4] = { blocks, g->l1_assoc, g->l1_index, g->l1_write_evict }, h;
	if (w->l1_memo && memo_get(w->l1_memo, key, 4, &h, 1))
		return h;
	h = reuse_curve_eval(w->l1, blocks);
	double h_exact = setassoc_level_hit(w->l1_stream, blocks, g->l1_assoc, g->l1_index,
					    g->l1_write_evict);
	if (h_exact >= 0.0)
		h = h_exact;
	if (w->l1_memo)
		memo_put(w->l1_memo, key, 4, &h, 1);
	return h;
}

/* LDST ACCESS STAGE (gpu.c header, models/ldst.h): the l1 station's service per request (line),
 * C(r, s) / r cycles, C the expected access-stage cycles of one memory instruction of r lines
 * with s = b / sector_bytes sectors each. */
double gpu_ldst_record(const gpu_t *g, const wctx_t *w)
{
	int bi = g->l1_banks == 1 ? 0 : g->l1_banks == 2 ? 1 : g->l1_banks == 4 ? 2 : g->l1_banks == 8 ? 3 : -1;
	return bi >= 0 ? w->ldst_exact[bi] : 0.0;
}

static double ldst_l1_service(const gpu_t *g, double r, double b)
{
	double lines = r < 1.0 ? 1.0 : r;
	double s = g->sector_bytes > 0 ? b / g->sector_bytes : 1.0;
	return ldst_access_cycles(lines, s, g->l1_banks, g->line_bytes / g->sector_bytes) / lines;
}

void memsys_init(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *m)
{
	memset(m, 0, sizeof *m);
	double s = d->mem_clock_scale > 0.0 ? d->mem_clock_scale : 1.0;
	double b = w->bytes_per_req;
	m->n_compute = compute_sms(g, d);
	m->n_launch_sms = m->n_compute;
	m->n_cache = d->mor_cache_sms;
	m->n_gated = d->gate_idle ? g->n_sm - m->n_compute - m->n_cache : 0;
	m->warps = g->warps_per_sm;
	m->mlp = w->mlp;
	m->issue_service = 1.0 / (g->subcores * g->issue_per_subcore);
	m->dep_delay = w->dep_cycles;
	m->rf_service = 0.0;
	m->mem_per_inst = w->mem_per_inst;
	m->req_per_mem = w->req_per_mem;
	m->bytes_per_req = b;
	m->write_frac = w->write_frac;

	m->l1_count = m->n_compute;
	m->l1_bytes = g->l1_kib * 1024.0;
	if (d->unified_sm_mem) { /* Morpheus §6 Unified-SM-Mem: unused RF joins L1 */
		double used = g->warps_per_sm * 32.0 * GPU_REGS_PER_THREAD * 4.0;
		double spare = g->rf_kib * 1024.0 - used;
		if (spare > 0.0)
			m->l1_bytes += spare;
	}
	m->l1_hit = l1_hit(g, w, m->l1_bytes);
	/* sectored L1: the sector record's hit ratio at the capacity in 128 B lines (HIT RATES) */
	m->l1_hit_sector = w->l1_sector ? reuse_curve_eval(w->l1_sector, m->l1_bytes / 128.0) : -1.0;
	/* a sectored L1 (the preset's 32 B sectors in 128 B lines) moves sectors: its misses are the
	 * sector record's, bytes_per_req x (1 - h1s) per request (HIT RATES, sectored L1) */
	m->l1_hit_store = -1.0;
	if (m->l1_hit_sector >= 0.0 && g->l1_sectored && g->sector_bytes == 32 && g->line_bytes == 128 &&
	    !g->l1_write_evict) {
		m->l1_hit = m->l1_hit_sector;
		if (w->l1_sector_w)      /* WRITE-THROUGH: the stores' own sector hits */
			m->l1_hit_store = reuse_curve_eval(w->l1_sector_w, m->l1_bytes / 128.0);
	}
	m->l1_lat = g->l1_lat;
	m->l1_service = b / g->l1_bytes_per_cycle;
	if (g->l1_banks > 0)   /* LDST ACCESS STAGE (gpu.c header, models/ldst.h) */
		m->l1_service = ldst_l1_service(g, w->req_per_mem, b);
	double cyc = gpu_ldst_record(g, w);   /* ldst.h LDST RECORD: the profile's exact C(seq) */
	if (cyc > 0.0 && w->req_per_mem > 0.0)
		m->l1_service = cyc / w->req_per_mem;

	double flit_cycles = g->core_mhz / (g->noc_mhz * s);
	double llc_flit_cycles = gpu_llc_port_flit_cycles(g, s);  /* LLC-SIDE PORTS */
	double data_flits = b / g->noc_flit_bytes; /* mean flits of the data (sectors), >= 1 */
	if (data_flits < 1.0)
		data_flits = 1.0;
	m->noc_lat = g->noc_lat / s;
	m->noc_service_req = (1.0 + m->write_frac * data_flits) * llc_flit_cycles;
	m->noc_service_resp = ((1.0 - m->write_frac) * data_flits + m->write_frac) * flit_cycles;
	m->noc_service_reply_src = ((1.0 - m->write_frac) * data_flits + m->write_frac) * llc_flit_cycles;
	if (g->noc_sector_packets) {   /* MISS PACKETS (gpu.c header, models/ldst.h): n one-flit packets each way */
		double n = ldst_sector_packets(b, g->sector_bytes);
		m->noc_service_req = n * llc_flit_cycles;
		m->noc_service_resp = n * flit_cycles;
		m->noc_service_reply_src = n * llc_flit_cycles;
	}
	m->noc_resp_ports = m->n_compute;

	double scale = d->llc_scale > 0.0 ? d->llc_scale : 1.0;
	m->llc_bytes = g->llc_kib * 1024.0 * scale;
	/* the LLC sees the L1 misses: local hit ratio of the hierarchy's capacity (gpu.c header,
	 * INCLUSION) */
	m->llc_hit_stream = gpu_llc_stream_hit(g, m, w);
	/* LLC WRITE POLICY: the stores' LLC hits come from the same record and capacity when the
	 * global sector record gave h (gpu_llc_stream_hit) */
	m->llc_store_lines = w->llc_sector && gpu_llc_global_sector(g, m, w) ? gpu_hierarchy_bytes(g, m, w) / 128.0 : 0.0;
	if (g->llc_inclusion == GPU_INCL_INCLUSIVE && w->global_stream && m->n_compute == w->p->n_sm) {
		/* the global stream is this LLC's */
		double hl = setassoc_level_hit(w->global_stream, m->llc_bytes / w->block_bytes, g->llc_assoc,
					       g->llc_index, 0);
		if (hl >= 0.0)
			m->llc_hit_stream = hl;
	}
	m->llc_hit = gpu_local_hit(m->llc_hit_stream, m->l1_hit);
	m->llc_lat = (g->llc_lat - 2.0 * g->noc_lat) / s; /* gpu_t.llc_lat includes the round trip */
	if (m->llc_lat < 0.0)
		m->llc_lat = 0.0;
	m->llc_service = b / g->llc_bytes_per_cycle_slice / s;
	/* llc_scale changes capacity only: the slices (and so the LLC bandwidth and the NoC's
	 * LLC-side ports) stay those of the memory partitions (Morpheus §6 IBL-4x-LLC is a larger
	 * LLC, not more partitions) */
	m->llc_slices = g->llc_slices;
	m->noc_req_ports = m->llc_slices;

	double dram_bpc = g->dram_gbps * 1e9 * g->dram_eff / g->dram_channels / (g->core_mhz * 1e6);
	m->dram_lat = g->dram_lat / s;
	m->dram_service = b / dram_bpc / s;
	m->dram_channels = g->dram_channels;

	energy_static_baseline(g, m->n_gated, scale, m->p_static_w);
	area_baseline(g, scale, m->area_mm2);
	m->rf_reads_per_inst = w->src_per_inst;
	m->rf_writes_per_inst = w->dst_per_inst;
}

/* Sectored LLC of the merged stream of n SMs at `lines` 128 B lines, from the sector records
 * of the group:G and global streams (HIT RATES, sectored LLC): group_hit's interpolation in
 * log(group size) between the bracketing records, the partition property beyond the largest;
 * -1 below the smallest (no per-SM record of an LLC: the caller keeps the line streams). */
static double group_sector_hit(const wctx_t *w, double n, double lines)
{
	if (w->n_gsec == 0 || n < w->gsec_size[0])
		return -1.0;
	int last = w->n_gsec - 1;
	if (n >= w->gsec_size[last])
		return reuse_curve_eval(w->gsec_llc[last], lines * w->gsec_size[last] / n);
	int i = 0;
	while (w->gsec_size[i + 1] < n)
		i++;
	double g1 = w->gsec_size[i], g2 = w->gsec_size[i + 1];
	double t = log(n / g1) / log(g2 / g1);
	return (1.0 - t) * reuse_curve_eval(w->gsec_llc[i], lines) + t * reuse_curve_eval(w->gsec_llc[i + 1], lines);
}

int gpu_llc_global_sector(const gpu_t *g, const memsys_t *m, const wctx_t *w)
{
	return g->llc_sectored && g->sector_bytes == 32 && g->line_bytes == 128 && w->llc_sector &&
	       m->n_compute == w->p->n_sm;
}

double gpu_llc_stream_hit(const gpu_t *g, const memsys_t *m, const wctx_t *w)
{
	double c = gpu_hierarchy_bytes(g, m, w);
	if (g->llc_sectored && g->sector_bytes == 32 && g->line_bytes == 128) {
		/* sectored LLC shared by every SM of the profile: the global sector record */
		if (gpu_llc_global_sector(g, m, w))
			return reuse_curve_eval(w->llc_sector, c / 128.0);
		double h = group_sector_hit(w, m->n_compute, c / 128.0);   /* other SM counts (HIT RATES) */
		if (h >= 0.0)
			return h;
	}
	return wctx_llc_hit(w, m->n_compute, c);
}

double gpu_hierarchy_bytes(const gpu_t *g, const memsys_t *m, const wctx_t *w)
{
	if (g->llc_inclusion == GPU_INCL_INCLUSIVE)
		return m->llc_bytes;
	/* distinct bytes the L1s hold: private L1s replicate shared lines, copies per resident line
	 * from DC-L1's footprint model of the private baseline (dcl1.h); other L1 organisations
	 * (DC-L1 nodes) are taken without replication */
	double copies = 1.0;
	const dcl1_ctx_t *dc = w ? (const dcl1_ctx_t *)w->mech[MECH_DCL1] : NULL;
	if (dc && dc->copies && m->l1_count == dc->x && isfinite(dc->copies[1]) && dc->copies[1] > 1.0)
		copies = dc->copies[1];
	double u = m->l1_count * m->l1_bytes / copies;
	if (g->llc_inclusion == GPU_INCL_EXCLUSIVE)
		return m->llc_bytes + u;                         /* INCLUSION: disjoint levels */
	return u > m->llc_bytes ? u : m->llc_bytes;          /* INCLUSION: non-inclusive, lower bound */
}

double gpu_llc_port_flit_cycles(const gpu_t *g, double s)
{
	if (g->noc_llc_port_gbps > 0.0)   /* the preset's own port bandwidth (gpu.c LLC-SIDE PORTS) */
		return g->noc_flit_bytes / (g->noc_llc_port_gbps * 1e9 * s / (g->core_mhz * 1e6));
	return g->core_mhz / (g->noc_mhz * s);
}

int memsys_add_station(memsys_t *m, const ms_station_t *s)
{
	if (m->n_extra >= MEMSYS_MAX_EXTRA)
		return -1;
	m->extra[m->n_extra++] = *s;
	return 0;
}

/* ---- solving --------------------------------------------------------------------------- */

/* One station of the network before MVA. */
typedef struct st_in {
	const char *name;
	enum cpi_class cls;
	double visits, service, delay, skew;
	int copies;
	double lat;                /* fixed latency per warp instruction, overlap applied */
	int col;                   /* BARRIER PHASES: the SP_* column its demand scales with; -1: the
	                              L1 (global requests + shared wavefronts: l1_shared_service) */
	int per_sm;                /* its copies are per compute SM (1) or per sub-core (2): barrier_sync.h [B5], [B6] */
} st_in_t;

/* Requests per warp instruction the L1 sends to the LLC and their LLC hit ratio (gpu.c
 * WRITE-THROUGH): the misses a1 (1 - h1) at the LLC's local hit ratio, plus, under a
 * write-through L1, the stores that hit it, a1 w_f h1, which hit the LLC (what the L1 holds the
 * LLC holds: the inclusion assumption of HIT RATES). */
static double down_visits(const gpu_t *g, const memsys_t *m, double a1, double *h_llc)
{
	double m1 = a1 * (1.0 - m->l1_hit);
	double hs = m->l1_hit_store >= 0.0 ? m->l1_hit_store : m->l1_hit;   /* the stores' hit ratio */
	double wt = g->l1_write_through ? a1 * m->write_frac * hs : 0.0;
	*h_llc = m->llc_hit;
	if (wt > 0.0) {
		*h_llc = (m1 * m->llc_hit + wt) / (m1 + wt);
		m1 += wt;
	}
	return m1;
}

/* LLC WRITE POLICY (gpu.c header; models/llc_write.h): DRAM visits per LLC request of a write-
 * back LLC that allocates on store misses, and the part warps wait for.  m1 the LLC's requests
 * per instruction, h_llc their hit ratio (down_visits). */
static void llc_write_policy(const gpu_t *g, const memsys_t *m, const wctx_t *w, double a1, double m1,
                             double h_llc, double *dram_per_l1miss, double *dram_wait_per_l1miss)
{
	double e = m->ext_frac;
	double hs = m->l1_hit_store >= 0.0 ? m->l1_hit_store : m->l1_hit;
	/* the stores' share of what the LLC receives, by bytes (sectors) when the profile has the
	 * sector records (a store request may carry more sectors than a load), else by requests */
	double wf = w && w->store_sector_frac >= 0.0 ? w->store_sector_frac : m->write_frac;
	double stores = a1 * wf * (g->l1_write_through ? 1.0 : 1.0 - hs);   /* stores the LLC receives */
	double recv = a1 * (1.0 - m->l1_hit) + (g->l1_write_through ? a1 * wf * hs : 0.0);
	double w_llc = recv > 0.0 && stores < recv ? stores / recv : 1.0;
	double h = h_llc < 1.0 ? (h_llc > 0.0 ? h_llc : 0.0) : 1.0;
	/* the stores' own LLC hit ratio: on the merged stream's stores-only sector record at the
	 * capacity h is read at, when h comes from the merged stream's record (every SM of the
	 * profile active: gpu_llc_stream_hit); else their per-SM sector record at the LLC's share
	 * per computing SM (the partition property of HIT RATES: n SMs' disjoint streams merged
	 * stretch each SM's distances n-fold; flushed at every kernel's end, so a store to a line
	 * an earlier kernel or another SM left in the LLC counts as a miss); h without either */
	double h_w = h;
	if (w && w->llc_store_global && m->llc_store_lines > 0.0)
		h_w = reuse_curve_eval(w->llc_store_global, m->llc_store_lines);
	else if (w && w->llc_store && m->n_compute > 0)
		h_w = reuse_curve_eval(w->llc_store, m->llc_bytes / 128.0 / m->n_compute);
	h_w = h_w < 1.0 ? (h_w > 0.0 ? h_w : 0.0) : 1.0;
	/* the run: the profile's instructions (a steady state, HUGE_VAL, without a profile) */
	double run_req = w && w->p && w->p->insts > 0.0 ? w->p->insts * m1 * (1.0 - e) : HUGE_VAL;
	llcw_rates_t r = llcw_rates(g->llc_write_alloc, h, w_llc, h_w, run_req, m->bytes_per_req,
	                            m->llc_bytes > 0.0 ? m->llc_bytes : 1.0);   /* [W0]-[W5] */
	/* the write-back record, where it describes this LLC: the merged stream (every SM of the
	 * profile computing) and no extended LLC taking part of it; read at the LLC's own lines,
	 * which is where it evicts its dirty lines whatever the L1s hold [W6] */
	if (w && w->llc_wb_global && m->llc_store_lines > 0.0 && !(e > 0.0) && isfinite(run_req) && run_req > 0.0) {
		double wb = w->global_stream->sector_wb.total * (1.0 - reuse_curve_eval(w->llc_wb_global, m->llc_bytes / 128.0));
		r.writes = llcw_writes_record(wb, run_req, m->bytes_per_req);   /* [W6] instead of [W3]-[W5] */
	}
	*dram_per_l1miss = (1.0 - e) * (r.reads + r.writes) + e * (1.0 - m->ext_hit);
	*dram_wait_per_l1miss = (1.0 - e) * r.waited + e * (1.0 - m->ext_hit);   /* [W2] */
}

/* The groups of loads in flight in force (mlp_group.h): the profile's while their mean is the
 * context's mlp, else (a calibrated or perturbed mlp) every group of mlp loads. */
static const mlp_groups_t *groups_in_force(const wctx_t *w, mlp_groups_t *one)
{
	if (w->mlp_groups.n > 0 && fabs(w->mlp_groups.mean - w->mlp) <= 1e-12 * w->mlp)
		return &w->mlp_groups;
	one->n = 1;
	one->size[0] = one->mean = w->mlp > 0.0 ? w->mlp : GPU_MLP;
	one->share[0] = 1.0;
	one->slide[0] = 0;
	one->share_fj = 1.0;
	one->fresh = NULL;   /* FRESH LINES needs the profile's groups */
	return one;
}

gpu_load_probs_t gpu_load_probs(const gpu_t *g, const memsys_t *m, double a1, double dram_wait_per_l1miss)
{
	gpu_load_probs_t r;
	double wf = m->write_frac < 1.0 ? (m->write_frac > 0.0 ? m->write_frac : 0.0) : 1.0;
	r.p_load = 1.0 - wf;                                              /* POSTED STORES [P1] */
	/* the loads' L1 hit ratio: h1 = (1 - w_f) h1L + w_f h1w, h1w the stores' own (sector
	 * record) when the preset's L1 has it, else h1 (stores hit like the rest) [P2] */
	double h1 = m->l1_hit, h1l = h1;
	if (m->l1_hit_store >= 0.0 && r.p_load > 0.0) {
		h1l = (h1 - wf * m->l1_hit_store) / r.p_load;
		h1l = h1l < 1.0 ? (h1l > 0.0 ? h1l : 0.0) : 1.0;
	}
	r.q_miss = 1.0 - h1l;
	/* [P3] the waited DRAM visits per L1 request of the LLC's (down_visits) are the LLC part
	 * and the extended LLC's misses; the LLC part is load misses already under the LLC WRITE
	 * POLICY's fetch and lazy, and under none (and a write-through LLC) holds the stores'
	 * misses at the LLC's hit ratio: both it and the extended LLC's then scale by the loads'
	 * share of the L1's misses */
	double h_llc;
	double m1 = down_visits(g, m, a1, &h_llc);
	double loads = a1 * r.p_load;
	double l1_miss = a1 * (1.0 - h1);   /* the LLC misses come from these (a write-through L1's
	                                     * store hits hit the LLC: HIT RATES, inclusion) */
	double ld_share = l1_miss > 0.0 ? loads * r.q_miss / l1_miss : 0.0;
	if (ld_share > 1.0)
		ld_share = 1.0;
	double ext = m->ext_frac * (1.0 - m->ext_hit);
	double llc_part = dram_wait_per_l1miss - ext;
	if (llc_part < 0.0)
		llc_part = 0.0;
	int loads_only = g->llc_write_alloc != LLCW_NONE && !g->llc_write_through;
	double v = m1 * ((loads_only ? llc_part : llc_part * ld_share) + ext * ld_share);
	r.q_dram = loads > 0.0 ? v / loads : 0.0;
	if (r.q_dram > r.q_miss)
		r.q_dram = r.q_miss;                         /* a load reaches DRAM only past the L1 */
	return r;
}

/* Sectors per warp instruction the L1 misses on reads (L1 MSHRS): a1 (1 - h1) requests of
 * bytes_per_req bytes, the reads' share; a store of a write-through L1 takes no MSHR entry. */
static double l1_read_miss_sectors(const memsys_t *m, double a1)
{
	double sect = m->bytes_per_req / 32.0;
	return a1 * (1.0 - m->l1_hit) * (1.0 - m->write_frac) * (sect > 1.0 ? sect : 1.0);
}

/* SYNC CPI (gpu.c header): the share of each CPI class in the barriers' or the waves' time, so
 * that [B4]/[L4]'s extra over the network is charged where it is spent, not all to dep: T_D's
 * intervals to the class of the station that bounds each (barrier_sync.h bsync_phase_time_by),
 * the path to the classes of the fixed latencies it sums (the delay station's: dep and each
 * station's latency; [L5]'s longest-warp branch: S* l_dep to dep, the rest to the load
 * latencies), [L6]'s held fills to the LLC, the stores' acknowledgement to the L1, NoC and LLC
 * delays it adds; barriers: T_D / C and [B2]'s L.  comp[] sums to 1 (all to dep when nothing is
 * known). */
static void sync_composition(const st_in_t *st, int ns, double dep, double delay_total, const double *td_by,
                             double td_scale, int lock, int path_crit, double crit_dep, double path, double held_t,
                             double n_lst, double comp[CPI_N])
{
	double t[CPI_N] = { 0 };
	for (int k = 0; k < ns; k++)
		t[st[k].cls] += td_by[k] * td_scale;                   /* T_D by its bounding station ([B3]: / C) */
	double p = path - held_t;                                  /* the latency path */
	if (p > 0.0 && delay_total > 0.0) {
		double d = path_crit ? (crit_dep < p ? crit_dep : p) : p * dep / delay_total;
		double mem = delay_total - dep;                        /* the stations' latencies */
		t[CPI_DEP] += d;
		for (int k = 0; k < ns && mem > 0.0; k++)
			t[st[k].cls] += (p - d) * st[k].lat / mem;
		if (!(mem > 0.0))
			t[CPI_DEP] += p - d;
	} else if (p > 0.0) {
		t[CPI_DEP] += p;
	}
	t[CPI_LLC] += held_t;                                      /* [L6] */
	if (lock && n_lst > 0.0) {                                 /* [L3] N l_st */
		double dl = 0.0;
		for (int k = 0; k < ns; k++)
			if (st[k].cls == CPI_L1 || st[k].cls == CPI_NOC || st[k].cls == CPI_LLC)
				dl += st[k].delay;
		for (int k = 0; k < ns && dl > 0.0; k++)
			if (st[k].cls == CPI_L1 || st[k].cls == CPI_NOC || st[k].cls == CPI_LLC)
				t[st[k].cls] += n_lst * st[k].delay / dl;
	}
	double sum = 0.0;
	for (int c = 0; c < CPI_N; c++)
		sum += t[c];
	for (int c = 0; c < CPI_N; c++)
		comp[c] = sum > 0.0 ? t[c] / sum : c == CPI_DEP;
}

/* The energy's totals from the dynamic energy per instruction by component (pj), the static
 * power m->p_static_w and out's time (models/energy.c); the solve and the memoised solve's hit
 * (solve_memo.h) both end here. */
static void energy_fill(const memsys_t *m, const double pj[EC_N], double insts, metrics_t *out)
{
	out->energy_j = energy_total(pj, m->p_static_w, insts, out->time_s, out->energy_comp_j);
	out->power_w = out->time_s > 0.0 ? out->energy_j / out->time_s : 0.0;
	out->perf_per_watt = out->energy_j > 0.0 ? insts / out->energy_j : 0.0;
}

/* memsys_solve_detail that also returns the dynamic energy per instruction by component */
static void solve_pj(const gpu_t *g, const memsys_t *m, const wctx_t *w, metrics_t *out,
                     gpu_detail_t *det, double pj[EC_N])
{
	/* probabilities and shares of the CLOSED NETWORK (gpu.c header), as memsys_init and the
	 * mechanisms leave them */
	assert(m->l1_hit >= 0.0 && m->l1_hit <= 1.0 + 1e-9 && m->llc_hit >= 0.0 && m->llc_hit <= 1.0 + 1e-9);
	assert(m->ext_hit >= 0.0 && m->ext_hit <= 1.0 + 1e-9 && m->ext_frac >= 0.0 && m->ext_frac <= 1.0);
	assert(m->write_frac >= 0.0 && m->write_frac <= 1.0);
	st_in_t st[GPU_MAX_REPORT];
	int ns = 0;
	double a1 = m->mem_per_inst * m->req_per_mem;
	double h_llc;
	double m1 = down_visits(g, m, a1, &h_llc);   /* WRITE-THROUGH: the L1's requests to the LLC */
	double e = m->ext_frac;
	double dram_per_l1miss = (1.0 - e) * (1.0 - h_llc) + e * (1.0 - m->ext_hit);
	double dram_wait_per_l1miss = dram_per_l1miss;
	if (g->llc_write_through)   /* INCLUSION / write policy: write hits go on to DRAM too */
		dram_per_l1miss += (1.0 - e) * h_llc * m->write_frac;
	else if (g->llc_write_alloc != LLCW_NONE && m1 > 0.0)
		llc_write_policy(g, m, w, a1, m1, h_llc, &dram_per_l1miss, &dram_wait_per_l1miss);
	double dram_v = m1 * dram_per_l1miss;
	double sm_service = m->issue_service + m->rf_service;
	double flit_b = g->noc_flit_bytes;

	/* POSTED STORES (gpu.c header): the fixed latencies count for the loads only, a_m p_L
	 * memory instructions per instruction, each of whose k requests reaches a level with the
	 * loads' own probability (gpu_load_probs) */
	gpu_load_probs_t lp = gpu_load_probs(g, m, a1, dram_wait_per_l1miss);
	double am = m->mem_per_inst * lp.p_load, kq = m->req_per_mem;
	mlp_groups_t one;
	const mlp_groups_t *grp = groups_in_force(w, &one);   /* LATENCY OVERLAP over a group */
	double q_miss = lp.q_miss;                   /* per load request: reaches the NoC */
	double q_dram = lp.q_dram;                   /* per load request: waits for DRAM (LLC WRITE POLICY) */
	double q_xmiss = q_miss * e * (1.0 - m->ext_hit);
	/* [B5]: the private L1s and the SM-side NoC ports are per SM unless a mechanism shares them */
	int l1_per_sm = m->l1_count == m->n_compute, resp_per_sm = m->noc_resp_ports == m->n_compute;
	/* [B5], [B6]: issue and the register-file banks are per sub-core (2) */
	st[ns++] = (st_in_t){ "sm", CPI_ISSUE, 1.0, sm_service, 0.0, 1.0, m->n_compute, 0.0, SP_INSTS, 2 };
	/* register-file banks (gpu.c header, RF BANKS): every source read and result write takes
	 * one cycle of one of the SM's subcores x rf_banks_per_subcore single-ported banks */
	int rf_banks = g->subcores * g->rf_banks_per_subcore;
	double rf_access = m->rf_reads_per_inst + m->rf_writes_per_inst;
	if (rf_banks > 0 && rf_access > 0.0)
		st[ns++] = (st_in_t){ "rf_banks", CPI_RF, 1.0, rf_access / rf_banks, 0.0, 1.0, m->n_compute, 0.0, SP_INSTS, 2 };
	/* LDST WRITEBACK (gpu.c header): the unit returns its misses and pending hits one sector
	 * access per cycle, so an L1 request occupies it for the slower of the access stage and
	 * that writeback */
	double l1_svc = m->l1_service;
	if (g->l1_banks > 0 && g->l1_sectored && g->sector_bytes > 0) {
		double ret = (1.0 - m->l1_hit) + m->l1_pend;   /* per sector access: MSHR returns */
		double wb = (1.0 - m->write_frac) * m->bytes_per_req / g->sector_bytes * (ret < 1.0 ? ret : 1.0);
		if (wb > l1_svc)
			l1_svc = wb;
	}
	st[ns++] = (st_in_t){ "l1", CPI_L1, a1, l1_svc, m->l1_lat, 1.0, m->l1_count,
	                      mlp_group_latency(grp, am, kq, 1.0, m->l1_lat), -1, l1_per_sm };
	if (m->l1_mshr_service > 0.0)   /* L1 MSHRS, entry limit: one visit per missed sector read */
		st[ns++] = (st_in_t){ "l1_mshr", CPI_L1, l1_read_miss_sectors(m, a1), m->l1_mshr_service, 0.0, 1.0,
		                      m->l1_count, 0.0, SP_GREQ, l1_per_sm };
	/* the miss path's fixed latencies: [G3] over the groups, or under FRESH LINES (mlp_group.h
	 * [F1]-[F5], set by the refinement) the fork-join groups' fresh waits on each level in
	 * proportion to its delay, and [F5]'s capacity misses with the cold share taken out */
	double lat_noc, lat_llc, lat_dram;
	int fresh_x = e > 0.0;                       /* [F6]: the extended LLC's share of the lines */
	double p_mix = 0.0, qc = 0.0;                /* [F6]'s p_F; the L1's capacity misses ([F5]) */
	int fresh_lat = m->fresh_on && grp->fresh && m->fresh_td0 > 0.0 && m->fresh_tl0 > 0.0 &&
	                (!fresh_x || (m->fresh_txd0 > 0.0 && m->fresh_tx0 > 0.0));
	if (fresh_lat) {
		const mlp_fresh_wait_t *fw = &m->fresh, *fx = &m->fresh_x;
		qc = q_miss - w->cold_l1 > 0.0 ? q_miss - w->cold_l1 : 0.0;
		double qdc = q_dram - w->cold_g > 0.0 ? q_dram - w->cold_g : 0.0;
		double qxc = q_xmiss - e * w->cold_g > 0.0 ? q_xmiss - e * w->cold_g : 0.0;
		double c = 1.0 - e;                      /* [F6]: the conventional LLC's lines */
		p_mix = c * fw->p_fresh + (fresh_x ? e * fx->p_fresh : 0.0);
		/* each path's waits on its levels in proportion to their fixed delays (mlp_group.h [F1]-[F4],
		 * [F6]: T_X0 = 2 noc + L_X0, T_XD0 = T_X0 + dram + ext_miss_extra) */
		double f_noc = c * (fw->e_dram * m->noc_lat / m->fresh_td0 + fw->e_llc * m->noc_lat / m->fresh_tl0);
		double f_llc = c * (fw->e_dram * m->llc_lat / m->fresh_td0 + fw->e_llc * m->llc_lat / m->fresh_tl0);
		double f_dram = c * fw->e_dram * m->dram_lat / m->fresh_td0;
		double f_xmiss = 0.0;
		if (fresh_x) {
			f_noc += e * (fx->e_dram * m->noc_lat / m->fresh_txd0 + fx->e_llc * m->noc_lat / m->fresh_tx0);
			f_dram += e * fx->e_dram * m->dram_lat / m->fresh_txd0;
			f_xmiss = e * fx->e_dram * m->ext_miss_extra / m->fresh_txd0;
		}
		lat_noc = mlp_group_latency_fresh(grp, am, kq, q_miss, qc, p_mix, f_noc, m->noc_lat);
		lat_llc = mlp_group_latency_fresh(grp, am, kq, q_miss * c, qc * c, p_mix, f_llc, m->llc_lat);
		lat_dram = mlp_group_latency_fresh(grp, am, kq, q_dram, qdc, p_mix, f_dram, m->dram_lat);
		if (fresh_x)
			lat_dram += mlp_group_latency_fresh(grp, am, kq, q_xmiss, qxc, p_mix, f_xmiss, m->ext_miss_extra);
	} else {
		lat_noc = mlp_group_latency(grp, am, kq, q_miss, m->noc_lat);
		lat_llc = mlp_group_latency(grp, am, kq, q_miss * (1.0 - e), m->llc_lat);
		lat_dram = mlp_group_latency(grp, am, kq, q_dram, m->dram_lat) + mlp_group_latency(grp, am, kq, q_xmiss, m->ext_miss_extra);
	}
	st[ns++] = (st_in_t){ "noc_req", CPI_NOC, m1, m->noc_service_req, m->noc_lat, 1.0, m->noc_req_ports, lat_noc, SP_GREQ, 0 };
	st[ns++] = (st_in_t){ "llc", CPI_LLC, m1 * (1.0 - e), m->llc_service, m->llc_lat, 1.0, m->llc_slices, lat_llc, SP_GREQ, 0 };
	st[ns++] = (st_in_t){ "dram", CPI_DRAM, dram_v, m->dram_service,
	                      m->dram_lat + (dram_v > 0.0 ? m1 * e * (1.0 - m->ext_hit) * m->ext_miss_extra / dram_v : 0.0),
	                      1.0, m->dram_channels, lat_dram, SP_GREQ, 0 };
	st[ns++] = (st_in_t){ "noc_resp", CPI_NOC, m1, m->noc_service_resp, m->noc_lat, 1.0, m->noc_resp_ports, lat_noc, SP_GREQ,
	                      resp_per_sm };
	/* a reply also occupies its LLC-side input port of the reply crossbar for its flits:
	 * L ports serve all SMs' replies, the bottleneck DC-L1 §II-B describes (80 SMs, 32 ports) */
	st[ns++] = (st_in_t){ "noc_reply_src", CPI_NOC, m1, m->noc_service_reply_src, 0.0, 1.0, m->noc_req_ports, 0.0, SP_GREQ, 0 };
	for (int i = 0; i < m->n_extra && ns < GPU_MAX_REPORT; i++) {
		const ms_station_t *x = &m->extra[i];
		double rate = x->per == MS_PER_INST ? 1.0 : x->per == MS_PER_L1_ACCESS ? a1
		            : x->per == MS_PER_L1_MISS ? m1 : dram_v;
		double qr = x->per == MS_PER_L1_ACCESS ? x->visits : x->per == MS_PER_L1_MISS ? x->visits * q_miss
		          : x->visits * q_dram; /* visits per request */
		double lat = x->per == MS_PER_INST ? x->visits * x->delay : mlp_group_latency(grp, am, kq, qr, x->delay);
		if (fresh_lat && fresh_x && x->cls == CPI_EXT && x->per == MS_PER_L1_MISS && m->fresh_lx0 > 0.0) {
			/* [F6]: the extended LLC's lookups take their share of its lines' fresh waits */
			const mlp_fresh_wait_t *fx = &m->fresh_x;
			double lx = x->visits / e * x->delay;    /* this station's fixed delay per extended fill */
			double f_x = e * (fx->e_dram * lx / m->fresh_txd0 + fx->e_llc * lx / m->fresh_tx0);
			lat = mlp_group_latency_fresh(grp, am, kq, qr, x->visits * qc, p_mix, f_x, x->delay);
		}
		st[ns++] = (st_in_t){ x->name, x->cls, x->visits * rate, x->service, x->delay,
		                      x->skew, x->copies, lat,
		                      x->col > 0 ? x->col - 1 : x->per == MS_PER_INST ? SP_INSTS : SP_GREQ, x->per_sm };
	}

	/* A warp's loads in flight are cw = gbar customers (mlp_group.h [C1]): each carries the
	 * warp's fixed latencies of its 1 / cw of the instructions, cw times the warp's per
	 * instruction */
	double cw = grp->mean > 0.0 ? grp->mean : 1.0;
	for (int k = 0; k < ns; k++)
		st[k].lat *= cw;
	double dep = m->dep_delay * cw;

	/* Network: each station (split when skewed) + one delay station for all latencies. */
	queue_station_t q[QUEUE_MAX_STATIONS];
	int qi_hot[GPU_MAX_REPORT], qi_rest[GPU_MAX_REPORT];
	int nq = 0;
	double delay_total = dep;
	for (int k = 0; k < ns; k++) {
		qi_hot[k] = qi_rest[k] = -1;
		int c = st[k].copies > 0 ? st[k].copies : 1;
		double dt = st[k].visits * st[k].service;
		delay_total += st[k].lat;
		if (!(dt > 0.0))
			continue;
		double sk = st[k].skew > 1.0 ? st[k].skew : 1.0;
		if (sk > c)
			sk = c;
		if (sk > 1.0 && c > 1) { /* hot copy + the rest (gpu.c header) */
			qi_hot[k] = nq;
			q[nq++] = (queue_station_t){ dt * sk / c, 1, 1, 0 };
			double rest = dt * (c - sk) / ((double)c * (c - 1));
			if (rest > 0.0) {
				qi_rest[k] = nq;
				q[nq++] = (queue_station_t){ rest, c - 1, 1, 0 };
			}
		} else {
			qi_hot[k] = nq;
			q[nq++] = (queue_station_t){ dt / c, c, 1, 0 };
		}
	}
	int qdelay = -1;
	if (delay_total > 0.0) {
		qdelay = nq;
		q[nq++] = (queue_station_t){ delay_total, 1, 1, 1 };
	}
	assert(nq <= QUEUE_MAX_STATIONS);

	double pop = m->n_compute * m->warps * cw;   /* mlp_group.h [C1] */
	queue_mva_t r;
	memset(&r, 0, sizeof r);
	mva_linearizer_memo(w->mva_memo, q, nq, pop, &r);  /* gpu.c header: Linearizer, not Schweitzer
	                                                    * (memoised by its exact input: mva_memo.h) */
	double X = r.X;

	/* BARRIER PHASES (gpu.c header; barrier_sync.h [B1]-[B4]) and LOCK STEP (lockstep.h
	 * [L1]-[L4]): per station and column, the demand per copy over the kernel (the hot copy's
	 * when skewed, as the network's split) */
	double insts_k = w->p->insts, t_sync = 0.0, td = 0.0, dmax = 0.0, l_slot = 0.0, ctas = 0.0;
	double td_lock = 0.0, t_lock = 0.0, l_inst = 0.0, l_st = 0.0, path = 0.0;
	double held_t = 0.0, held_k = 0.0, held_f = 0.0, held_p = 0.0;   /* lockstep.h [L6] */
	int path_crit = 0;
	double td_by[GPU_MAX_REPORT] = { 0 }, tdl_by[GPU_MAX_REPORT] = { 0 };   /* [B1] T_D by station (CPI below) */
	int lock = w->lk_on && m->lock_seq > 0.0 && m->lock_waves > 0.0;
	if ((w->bs_on || lock) && X > 0.0 && m->warps > 0.0 && m->n_compute > 0) {
		bsync_station_t bs[GPU_MAX_REPORT];
		for (int k = 0; k < ns; k++) {
			int c = st[k].copies > 0 ? st[k].copies : 1;
			double sk = st[k].skew > 1.0 ? (st[k].skew < c ? st[k].skew : c) : 1.0;
			double d = insts_k * st[k].visits * st[k].service * sk / c;
			memset(&bs[k], 0, sizeof bs[k]);
			bs[k].per_sm = st[k].per_sm;
			if (st[k].col < 0) {        /* the L1: shared wavefronts + global requests */
				double f = m->l1_service > 0.0 ? m->l1_shared_service / m->l1_service : 0.0;
				f = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
				bs[k].d[SP_SWAVE] = d * f;
				bs[k].d[SP_GREQ] = d * (1.0 - f);
			} else {
				bs[k].d[st[k].col] = d;
			}
		}
		const profile_shape_t *sh = &w->p->shape;
		/* [B5]: each interval on its launch's SMs, the per-SM stations' copies A = n_compute */
		const bsync_sms_t sms = { sh->launch, sh->n_launch, m->n_launch_sms, m->n_compute, g->subcores };   /* [B6] */
		/* [B2], [L3]: a warp's fixed latency per instruction is the delay station's per
		 * customer over the cw customers a warp is ([C1]), dependent issue included */
		l_inst = delay_total / cw;
		if (w->bs_on) {
			td = bsync_phase_time_by(w->bs_f, sh->n_phase, w->bs_tot, bs, ns, sh->phase, &sms, &dmax, td_by);   /* [B1], [B5] */
			l_slot = insts_k / m->n_compute * l_inst / m->warps;
			ctas = m->warps / w->bs_wpc;
			t_sync = bsync_time(td, l_slot, dmax, ctas);                                   /* [B3] */
		}
		if (lock) {
			td_lock = bsync_phase_time_by(w->lk_f, sh->n_wait, w->lk_tot, bs, ns, sh->wait, &sms, NULL, tdl_by);   /* [L3] T_D, [B5] */
			if (w->write_frac > 0.0)            /* [L3] l_st: to the LLC and back */
				for (int k = 0; k < ns; k++)
					if (st[k].cls == CPI_L1 || st[k].cls == CPI_NOC || st[k].cls == CPI_LLC)
						l_st += st[k].delay;
		}
	}
	double x_net = X;
	if (t_sync > 0.0 && insts_k / t_sync < X)
		X = insts_k / t_sync;                                                          /* [B4] */
	double x_sync = X;
	if (lock && X > 0.0 && td_lock > 0.0) {
		/* [L5]: the longest warp's path: its dependent issue and its load groups' waits, each
		 * the mean group's latency ([G3] per instruction x I / G) */
		const profile_shape_t *sh = &w->p->shape;
		double g3 = l_inst - m->dep_delay;
		double wg = sh->has_mlp && sh->mlp_groups > 0.0 && g3 > 0.0 ? g3 * insts_k / sh->mlp_groups : 0.0;
		path = lockstep_path(m->lock_seq, l_inst, m->lock_crit_seq, m->dep_delay, m->lock_crit_waits, wg);
		path_crit = path > m->lock_seq * l_inst;   /* [L5]: the longest warp's branch (CPI below) */
		/* [L6]: the held fills, per interval of the wave (n w warps, one group of I / G each) */
		if (m->lock_held > 0.0 && sh->mlp_groups > 0.0) {
			held_k = m->lock_seq * sh->mlp_groups / insts_k;   /* K_L: the mean warp's intervals */
			held_f = m->lock_fills * insts_k / sh->mlp_groups * m->n_compute * m->warps;
			held_t = lockstep_held(held_k, held_f, m->lock_held, m->lock_hold, &held_p);
		}
		X = insts_k / lockstep_time(insts_k, X, td_lock, path + held_t, m->lock_waves * l_st, &t_lock);   /* [L4] */
	}

	memset(out, 0, sizeof *out);
	double per_sm = pop > 0.0 ? m->n_compute / pop : 0.0; /* residence -> CPI per compute SM */
	if (det) {
		memset(det, 0, sizeof *det);
		det->population = pop;
		det->throughput = X;
		det->x_network = x_net;
		det->cycle = r.cycle;
		det->iterations = r.iterations;
		det->sync_on = t_sync > 0.0;
		det->sync_td = td;
		det->sync_l = l_slot;
		det->sync_dmax = dmax;
		det->sync_ctas = ctas;
		det->sync_t = t_sync;
		det->x_sync = x_sync;
		det->lock_on = t_lock > 0.0;
		det->lock_td = td_lock;
		det->lock_seq = m->lock_seq;
		det->lock_waves = m->lock_waves;
		det->lock_t = t_lock;
		det->lock_l = l_inst;
		det->lock_lst = l_st;
		det->lock_path = path;
		det->lock_held_t = held_t;
		det->lock_held_k = held_k;
		det->lock_held_f = held_f;
		det->lock_held_h = m->lock_held;
		det->lock_held_p = held_p;
		det->lock_held_tf = m->lock_hold;
	}
	out->cpi[CPI_DEP] += dep * per_sm;
	if (X < x_net) {    /* [B4], [L4]: the barriers' and the waves' waits */
		double extra = m->n_compute * (1.0 / X - 1.0 / x_net), comp[CPI_N];
		int lk = X < x_sync;                        /* the lock step binds, else the barriers */
		sync_composition(st, ns, dep, delay_total, lk ? tdl_by : td_by, lk ? 1.0 : 1.0 / (ctas > 1.0 ? ctas : 1.0), lk,
		                 lk && path_crit, m->lock_crit_seq * m->dep_delay, lk ? path + held_t : l_slot,
		                 lk ? held_t : 0.0, lk ? m->lock_waves * l_st : 0.0, comp);
		for (int c = 0; c < CPI_N; c++)
			out->cpi[c] += extra * comp[c];
	}
	for (int k = 0; k < ns; k++) {
		double resid = 0.0, util = 0.0;
		if (qi_hot[k] >= 0) {
			resid += r.resid[qi_hot[k]];
			util = r.util[qi_hot[k]];
		}
		if (qi_rest[k] >= 0) {
			resid += r.resid[qi_rest[k]];
			if (r.util[qi_rest[k]] > util)
				util = r.util[qi_rest[k]];
		}
		double dres = st[k].lat;
		if (k == 0 && sm_service > 0.0) { /* split issue / RF (gpu.c header, CPI STACK) */
			out->cpi[CPI_ISSUE] += resid * per_sm * m->issue_service / sm_service;
			out->cpi[CPI_RF] += resid * per_sm * m->rf_service / sm_service;
		} else {
			out->cpi[st[k].cls] += (resid + dres) * per_sm;
		}
		if (k == 0)
			out->sm_util = util;
		else if (st[k].cls == CPI_NOC && util > out->noc_util)
			out->noc_util = util;
		else if (st[k].cls == CPI_LLC && util > out->llc_util)
			out->llc_util = util;
		else if (st[k].cls == CPI_DRAM && util > out->dram_util)
			out->dram_util = util;
		if (det) {
			gpu_station_report_t *o = &det->st[det->n++];
			o->name = st[k].name;
			o->cls = st[k].cls;
			o->visits = st[k].visits;
			o->service = st[k].service;
			o->delay = st[k].delay;
			o->copies = st[k].copies;
			o->skew = st[k].skew;
			o->demand = st[k].visits * st[k].service;
			o->util = util;
			o->resid = resid;
			o->delay_resid = dres;
		}
	}
	(void)qdelay;

	/* Performance. */
	double insts = w->p->insts;
	out->ipc = X;
	out->cycles = X > 0.0 ? insts / X : INFINITY;
	out->time_s = out->cycles / (g->core_mhz * 1e6);
	out->l1_hit = m->l1_hit;
	out->llc_hit = h_llc;
	out->ext_hit = m->ext_hit;
	out->l1_apki = 1000.0 * a1;
	out->llc_apki = 1000.0 * m1;
	out->dram_bpki = 1000.0 * dram_v * m->bytes_per_req;
	out->replication = m->replication;
	out->rfc_hit = m->rfc_hit;
	out->stt_wpki = 1000.0 * m->stt_writes_per_inst;
	out->l1_pend = m->l1_pend;
	out->l1_served = 1.0 - m->l1_bypass;
	out->l1_hit_sector = m->l1_hit_sector;
	if (g->l1_alloc_fill) {   /* ALLOCATE ON FILL (HIT RATES): the pending hits are counted misses */
		out->l1_hit = gpu_l1_fill_hit(m->l1_hit, m->l1_pend);
		if (m->l1_hit_sector >= 0.0 && out->l1_served > 0.0)   /* both per served access */
			out->l1_hit_sector = gpu_l1_fill_hit(m->l1_hit_sector, m->l1_pend / out->l1_served);
	}

	/* Energy (models/energy.c). */
	double data_flits = m->bytes_per_req / flit_b;
	if (data_flits < 1.0)
		data_flits = 1.0;
	double f_req = 1.0 + m->write_frac * data_flits;
	double f_resp = (1.0 - m->write_frac) * data_flits + m->write_frac;
	energy_counts_t c = {
		.inst = 1.0,
		.rf_reads = m->rf_reads_per_inst,
		.rf_writes = m->rf_writes_per_inst,
		.l1_reads = a1 * (1.0 - m->write_frac),
		.l1_writes = a1 * m->write_frac + a1 * (1.0 - m->write_frac) * (1.0 - m->l1_hit),
		.noc_bytes = m1 * (f_req + f_resp) * flit_b,
		.llc_bytes = m1 * (1.0 - e) * m->bytes_per_req * (2.0 - h_llc),
		.dram_bytes = dram_v * m->bytes_per_req,
	};
	energy_dynamic_pj(g, &c, m->e_pj_per_inst, pj);
	energy_fill(m, pj, insts, out);
	if (det)
		for (int i = 0; i < EC_N; i++) {
			det->dyn_pj_per_inst[i] = pj[i];
			det->static_w[i] = m->p_static_w[i];
		}

	/* Area (models/area.c + mechanisms). */
	for (int i = 0; i < EC_N; i++) {
		out->area_comp_mm2[i] = m->area_mm2[i];
		if (i != EC_CORE)
			out->area_mm2 += m->area_mm2[i];
	}
	out->area_chip_mm2 = out->area_mm2 + m->area_mm2[EC_CORE];
}

void memsys_solve_detail(const gpu_t *g, const memsys_t *m, const wctx_t *w, metrics_t *out,
                         gpu_detail_t *det)
{
	double pj[EC_N];
	solve_pj(g, m, w, out, det, pj);
}

void memsys_solve(const gpu_t *g, const memsys_t *m, const wctx_t *w, metrics_t *out)
{
	memsys_solve_detail(g, m, w, out, NULL);
}

/* LLC MSHRS (gpu.c header; models/llc_mshr.h): from the network solved without the term
 * (det), the DRAM fill time T per DRAM visit and the GPU's request rate lambda_g give the
 * sharers of a fill in flight; add their wait, the held slices and the entry limit as
 * stations per L1 miss, and their time per L1 miss to t_cls / *t_fill (the L1's fill).
 * 1 when a station was added. */
int gpu_llc_mshr_refine(const gpu_t *g, const wctx_t *w, memsys_t *m, const gpu_detail_t *det,
                        double lambda_g, double m1, double h_llc, double *t_cls, double *t_fill, double h_line)
{
	double e = m->ext_frac;
	double f = (1.0 - e) * (1.0 - h_llc);   /* fills per LLC request (llc_mshr.h, Composition) */
	if (!(f > 0.0) || !(m1 > 0.0))
		return 0;
	double t = 0.0;                          /* T: DRAM residence + latency per DRAM visit */
	double t0 = 0.0;                         /* [E]'s T_0: service + latency per DRAM visit */
	for (int k = 0; k < det->n - m->n_extra; k++)
		if (!strcmp(det->st[k].name, "dram") && det->st[k].visits > 0.0) {
			t = (det->st[k].resid + det->st[k].visits * det->st[k].delay) / det->st[k].visits;
			t0 = det->st[k].service + det->st[k].delay;
		}
	if (!(t > 0.0))
		return 0;
	/* [W]: uses within T of the fill per LLC miss (global stream) less the missing SM's own
	 * per L1 miss (l1 stream), pending.h's share on each */
	double a1 = m->mem_per_inst * m->req_per_mem;
	double mg = m1 / a1 * f;                 /* LLC misses per L1 request */
	double m_1 = 1.0 - h_line;
	double sg = 0.0, wg = 0.0, s1 = 0.0, w1 = 0.0;
	pending_share(w->llc_pend, lambda_g * t, mg, &sg, &wg);
	if (w->pend && m->n_compute > 0)
		pending_share(w->pend, lambda_g / m->n_compute * t, m_1, &s1, &w1);
	double n = llc_mshr_window_sharers(mg > 0.0 ? sg / mg : 0.0, m_1 > 0.0 ? s1 / m_1 : 0.0, w->llc_sharers);
	llc_mshr_fill_t fl;
	double pw = w->llc_sharers > 0.0 ? n / w->llc_sharers : 0.0;
	if (w->llc_deg.bin)                      /* [N'] the record's degrees */
		llc_mshr_fill_degrees(&w->llc_deg, pw, g->llc_mshr_merge, &fl);
	else                                     /* [N] the least-variance split of s */
		llc_mshr_fill(w->llc_sharers, pw, g->llc_mshr_merge, &fl);
	fl.wait = sg > 0.0 ? wg / lambda_g : 0.0;   /* [D] */
	/* lockstep.h [L6]: in lock step every reader in the wave is in the window (P_w = 1 / waves
	 * per launch), so h_L per fill; the term is charged in LOCK STEP (memsys_solve_detail) */
	if (m->lock_waves > 0.0 && w->launches > 0.0) {
		llc_mshr_fill_t fll;
		double pw_l = w->launches / m->lock_waves;
		if (w->llc_deg.bin)
			llc_mshr_fill_degrees(&w->llc_deg, pw_l, g->llc_mshr_merge, &fll);
		else
			llc_mshr_fill(w->llc_sharers, pw_l, g->llc_mshr_merge, &fll);
		m->lock_fills = m1 * f;          /* m1: LLC requests (L1 misses) per instruction */
		m->lock_held = fll.held;
		m->lock_hold = t;
	}
	double pend = f * (fl.sharers - fl.held);   /* sharers that wait for the fill, per LLC request */
	if (pend > (1.0 - e) * h_llc)               /* a sharer is an LLC hit of the reuse profile */
		pend = (1.0 - e) * h_llc;
	double held = f * fl.held;
	ms_station_t st[3] = {
		{ "llc_pending", CPI_DRAM, MS_PER_L1_MISS, pend, 0.0, fl.wait, m->llc_slices, 1.0, 0, 0 },   /* [D] */
		{ "llc_held", CPI_LLC, MS_PER_L1_MISS, held, fl.wait, 0.0, m->llc_slices, 1.0, 0, 0 },       /* [M] */
		{ "llc_mshr", CPI_LLC, MS_PER_L1_MISS, f, t0 / g->llc_mshr, 0.0, m->llc_slices, 1.0, 0, 0 },  /* [E] */
	};
	int added = 0;
	for (int i = 0; i < 3; i++) {
		if (!(st[i].visits > 0.0) || !(st[i].service > 0.0 || st[i].delay > 0.0))
			continue;
		if (i == 0 && m->fresh_on)   /* FRESH LINES: the sharers' waits are [F2]'s */
			continue;
		if (memsys_add_station(m, &st[i]))
			break;
		added++;
		/* per L1 miss, unloaded: the fill waits this long more */
		t_cls[st[i].cls] += st[i].visits * (st[i].service + st[i].delay);
		*t_fill += st[i].visits * (st[i].service + st[i].delay);
	}
	return added > 0;
}

/* FRESH LINES (mlp_group.h): T_L and T_D per fill from the solved network (residence + fixed
 * delay per visit on the NoC both ways, the LLC and its reply port; DRAM's per DRAM visit),
 * their fixed delays, and the rates of a profile SM's and the merged stream's requests: the
 * fork-join groups' fresh waits into m.  Under an extended LLC (ext_frac e > 0) also [F6]'s
 * T_X, T_XD: the NoC both ways and the extended LLC's stations (class ext, per L1 miss:
 * residence + delay per extended fill, their visits over e m1), DRAM and the extended miss's
 * extra latency.  1 when set. */
static int fresh_refine(const wctx_t *w, memsys_t *m, const gpu_detail_t *det, double a1, double m1,
                        const mlp_groups_t *grp)
{
	double t_l = 0.0, t_d = 0.0, t_n = 0.0, t_x = 0.0, l_x0 = 0.0, e = m->ext_frac;
	int fixed = det->n - m->n_extra;
	for (int k = 0; k < det->n; k++) {
		const gpu_station_report_t *o = &det->st[k];
		if (!(o->visits > 0.0))
			continue;
		double t = (o->resid + o->visits * o->delay) / o->visits;   /* per visit */
		if (k >= fixed) {                    /* [F6]: the extended LLC's stations, per extended fill */
			const ms_station_t *x = &m->extra[k - fixed];
			if (e > 0.0 && m1 > 0.0 && x->cls == CPI_EXT && x->per == MS_PER_L1_MISS) {
				t_x += (o->resid + o->visits * o->delay) / (e * m1);
				l_x0 += x->visits / e * x->delay;
			}
			continue;
		}
		if (!strcmp(o->name, "noc_req") || !strcmp(o->name, "noc_resp") || !strcmp(o->name, "noc_reply_src"))
			t_n += t;
		else if (!strcmp(o->name, "llc"))
			t_l += t;
		else if (!strcmp(o->name, "dram"))
			t_d = t;
	}
	t_l += t_n;
	double lam_g = a1 * det->throughput;
	double t_l0 = 2.0 * m->noc_lat + m->llc_lat, t_d0 = t_l0 + m->dram_lat;
	if (!(lam_g > 0.0) || !(t_l > 0.0) || !(t_l0 > 0.0))
		return 0;
	mlp_fresh_wait_groups(grp, t_l, t_l + t_d, t_l0, t_d0, lam_g / w->p->n_sm, lam_g, &m->fresh);
	m->fresh_tl0 = t_l0;
	m->fresh_td0 = t_d0;
	memset(&m->fresh_x, 0, sizeof m->fresh_x);
	m->fresh_tx0 = m->fresh_txd0 = m->fresh_lx0 = 0.0;
	if (e > 0.0) {                           /* [F6] */
		double tx = t_n + t_x, tx0 = 2.0 * m->noc_lat + l_x0;
		double txd = tx + t_d + m->ext_miss_extra, txd0 = tx0 + m->dram_lat + m->ext_miss_extra;
		if (!(tx > 0.0) || !(tx0 > 0.0))
			return 0;
		mlp_fresh_wait_groups(grp, tx, txd, tx0, txd0, lam_g / w->p->n_sm, lam_g, &m->fresh_x);
		m->fresh_tx0 = tx0;
		m->fresh_txd0 = txd0;
		m->fresh_lx0 = l_x0;
	}
	m->fresh_on = 1;
	return 1;
}

/* PENDING HITS (gpu.c header; models/pending.h): from the network solved without the term,
 * the L1 request rate per L1 and the fill time of a miss give the window in which a reuse
 * waits for a line in flight; add its wait as a delay per L1 request.  1 when the term was
 * added (the caller solves again), 0 when there is none. */
int gpu_pending_refine(const gpu_t *g, const wctx_t *w, memsys_t *m, const gpu_detail_t *det)
{
	double a1 = m->mem_per_inst * m->req_per_mem;
	double h_llc;
	double m1 = down_visits(g, m, a1, &h_llc);   /* requests to the LLC, per instruction */
	if (!(det->throughput > 0.0) || !(a1 > 0.0) || !(m1 > 0.0) || m->l1_count < 1)
		return 0;
	double lambda = a1 * det->throughput / m->l1_count;   /* pending.h: requests per cycle per L1 */
	/* T_fill: residence + fixed delay per L1 miss over the miss path (pending.h): the NoC both
	 * ways, the LLC, DRAM, and the mechanisms' stations visited per L1 or LLC miss; kept by
	 * CPI class so that the wait is charged where the fill spends its time */
	int fixed = det->n - m->n_extra;
	double t_cls[CPI_N] = { 0 }, t_fill = 0.0;
	for (int k = 0; k < det->n; k++) {
		const gpu_station_report_t *o = &det->st[k];
		int miss_path = k < fixed
		              ? !strcmp(o->name, "noc_req") || !strcmp(o->name, "llc") || !strcmp(o->name, "dram") ||
		                !strcmp(o->name, "noc_resp") || !strcmp(o->name, "noc_reply_src")
		              : m->extra[k - fixed].per == MS_PER_L1_MISS || m->extra[k - fixed].per == MS_PER_LLC_MISS;
		if (miss_path) {
			double t = (o->resid + o->visits * o->delay) / m1;
			t_cls[o->cls] += t;
			t_fill += t;
		}
	}
	/* the L1's miss ratio per access at the rt histogram's granularity (the profile's blocks,
	 * pending.h [Q]): a sectored L1's m->l1_hit is per sector, so the line curve's then */
	double h_line = m->l1_hit_sector >= 0.0 && m->l1_hit == m->l1_hit_sector ? l1_hit(g, w, m->l1_bytes) : m->l1_hit;
	/* FRESH LINES (mlp_group.h [F1]-[F6]): with the profile's record and groups in force, the
	 * fork-join groups' fills from the solved network's T_L, T_D (and under an extended LLC the
	 * extended LLC's T_X, T_XD); the pending hits of fresh lines are in them, so neither pending
	 * term below is added */
	mlp_groups_t one;
	const mlp_groups_t *grp = groups_in_force(w, &one);
	int fresh = grp->fresh && w->p->n_sm > 0 && fresh_refine(w, m, det, a1, m1, grp);
	/* LLC MSHRS (llc_mshr.h), from the same solve; their time per L1 miss joins T_fill */
	int llc = g->llc_mshr > 0 && gpu_llc_mshr_refine(g, w, m, det, a1 * det->throughput, m1, h_llc, t_cls, &t_fill, h_line);
	double share = 0.0, wait_req = 0.0;
	if (w->pend)
		pending_share(w->pend, lambda * t_fill, 1.0 - h_line, &share, &wait_req);
	/* L1 MSHRS (l1mshr.h), from the same fill time: the entry limit's station */
	int mshr = 0;
	if (g->l1_mshr > 0 && t_fill > 0.0) {
		m->l1_mshr_service = l1mshr_entry_service(t_fill, g->l1_mshr);
		mshr = 1;
	}
	if (share > m->l1_hit)      /* a pending hit is an L1 hit of the reuse profile */
		share = m->l1_hit;
	if (fresh) {                /* FRESH LINES: the waits are [F2], [F4]'s; the share is reported */
		m->l1_pend = share > 0.0 ? share : 0.0;
		return 1;
	}
	if (!(share > 0.0) || !(t_fill > 0.0))
		return mshr || llc;
	/* the wait W as one delay per class, W x t_cls / T_fill each (mlp_group_latency is linear in the
	 * delay, so the split keeps the total) */
	static const char *const name[CPI_N] = { "l1_pending_issue", "l1_pending_dep", "l1_pending_rf", "l1_pending_l1",
	                                         "l1_pending_noc", "l1_pending_llc", "l1_pending_ext", "l1_pending_dram" };
	int added = 0;
	for (int c = 0; c < CPI_N; c++) {
		if (!(t_cls[c] > 0.0))
			continue;
		ms_station_t s = { name[c], (enum cpi_class)c, MS_PER_L1_ACCESS, share, 0.0,
		                   wait_req / lambda * t_cls[c] / t_fill, m->l1_count, 1.0, 0, m->l1_count == m->n_compute };
		if (memsys_add_station(m, &s))
			break;
		added++;
	}
	if (added)
		m->l1_pend = share;
	return added > 0 || mshr || llc;
}

int gpu_design_check(const gpu_t *g, const design_t *d, const char **why)
{
	if (d->active_sms < 0 || d->active_sms > g->n_sm) {
		*why = "active_sms must be in [0, n_sm]";
		return -1;
	}
	if (d->mor_cache_sms < 0 || d->mor_cache_sms >= g->n_sm) {
		*why = "mor_cache_sms must be in [0, n_sm - 1]";
		return -1;
	}
	if (compute_sms(g, d) + d->mor_cache_sms > g->n_sm) {
		*why = "active_sms + mor_cache_sms exceeds the GPU's SMs";
		return -1;
	}
	if (compute_sms(g, d) < 1) {
		*why = "no SM left to compute";
		return -1;
	}
	if (!(d->llc_scale > 0.0) || !(d->mem_clock_scale > 0.0)) {
		*why = "llc_scale and mem_clock_scale must be > 0";
		return -1;
	}
	for (int i = 0; i < MECH_N; i++)
		if (mech_row_check(mech_table[i], g, d, why) != 0)
			return -1;
	return 0;
}

int gpu_eval_detail(const gpu_t *g, const design_t *d, const wctx_t *w, memsys_t *mout,
                    metrics_t *out, gpu_detail_t *det, const char **why)
{
	if (gpu_design_check(g, d, why) != 0)
		return -1;
	if (d->fuse_cfg != FUSE_SRAM && !w->mech[MECH_FUSE]) {   /* fuse.h: needs the sample */
		*why = "FUSE needs the profile's \"fuse_sample\" (profiles made before issue 21 have "
		       "none: regenerate with gpudse profile or gpudse trace --profile)";
		return -1;
	}
	memsys_t mloc;
	memsys_t *m = mout ? mout : &mloc;
	memsys_init(g, d, w, m);
	occ_apply(g, w, m);   /* launch geometry and code shape: models/occupancy.h */
	unsigned changed = 0;
	for (int i = 0; i < MECH_N; i++) {
		const mech_t *x = mech_table[i];
		changed |= x->apply(g, d, w, m);
		int last_l1 = x->level == MECH_LEVEL_L1 &&
		              (i + 1 == MECH_N || mech_table[i + 1]->level != MECH_LEVEL_L1);
		/* The L1-level mechanisms changed the L1 hit ratio but not the LLC's: the LLC now
		 * sees a different miss stream; re-filter (gpu.c header, HIT RATES; mech.h). */
		if (last_l1 && (changed & MECH_L1_HIT) && !(changed & MECH_LLC_HIT)) {
			/* a non-inclusive or exclusive LLC's reach includes the new L1 capacity */
			if (g->llc_inclusion != GPU_INCL_INCLUSIVE)
				m->llc_hit_stream = gpu_llc_stream_hit(g, m, w);
			m->llc_hit = gpu_local_hit(m->llc_hit_stream, m->l1_hit);
		}
	}
	/* the solve of this design with gate_idle aside, when the caller shares solves
	 * (solve_memo.h) and wants neither the refined system nor the breakdown */
	const struct memo *sm = !mout && !det && w->g == g ? w->solve_memo : NULL;
	double pj[EC_N];
	if (sm && solve_memo_get(sm, d, out, pj)) {
		energy_fill(m, pj, w->p->insts, out);   /* this point's static power (solve_memo.h) */
		return 0;
	}
	gpu_detail_t d0;
	/* PENDING HITS, LLC MSHRS (and FRESH LINES in the same refinement: a profile without reuse
	 * times, every access cold, is not refined and keeps [G3]) */
	int refine = w->pend || (g->llc_mshr > 0 && w->llc_pend);
	solve_pj(g, m, w, out, refine ? &d0 : det, pj);
	/* PENDING HITS: one refinement (pending.h) */
	if (refine && gpu_pending_refine(g, w, m, &d0))
		solve_pj(g, m, w, out, &d0, pj);
	if (refine && det)
		*det = d0;
	if (sm)
		solve_memo_put(sm, d, out, pj);
	return 0;
}

int wctx_share_solves(wctx_t *w)
{
	if (!w->solve_memo)
		w->solve_memo = solve_memo_alloc(GPU_SOLVE_MEMO_SLOTS);
	return w->solve_memo ? 0 : -1;
}

int gpu_eval(const gpu_t *g, const design_t *d, const wctx_t *w, metrics_t *out, const char **why)
{
	return gpu_eval_detail(g, d, w, NULL, out, NULL, why);
}
