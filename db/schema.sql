-- gpudse results database, schema version 3 (generated: gpudse list schema)
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs(
  id INTEGER PRIMARY KEY,
  study TEXT NOT NULL,          -- study name
  study_json TEXT NOT NULL,     -- the full study spec
  study_hash TEXT NOT NULL,
  gpu TEXT NOT NULL,            -- preset name
  gpu_json TEXT NOT NULL,       -- the full preset
  model_version TEXT NOT NULL,
  calib_hash TEXT NOT NULL,     -- parameter set hash, 'none' without one
  identity TEXT NOT NULL,       -- hash of study, preset, model version, calibration, profiles
  shard TEXT NOT NULL,          -- 'K/N' of a sharded sweep, '1/1' when whole
  argv TEXT,
  started TEXT, finished TEXT,
  status TEXT NOT NULL CHECK(status IN ('running','done','interrupted')),
  n_points INTEGER NOT NULL,     -- points in this shard
  next_index INTEGER NOT NULL DEFAULT 0, -- points stored so far (resume point)
  n_illegal INTEGER NOT NULL DEFAULT 0   -- points rejected by constraints or legality
);
CREATE TABLE IF NOT EXISTS workloads(
  run_id INTEGER NOT NULL REFERENCES runs(id), id INTEGER NOT NULL,
  name TEXT NOT NULL, path TEXT, profile_hash TEXT,
  PRIMARY KEY(run_id, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS designs(
  run_id INTEGER NOT NULL, id INTEGER NOT NULL, variant TEXT,
  active_sms INTEGER,
  gate_idle INTEGER,
  llc_scale REAL,
  mem_clock_scale REAL,
  unified_sm_mem INTEGER,
  dcl1_org TEXT,
  dcl1_nodes INTEGER,
  dcl1_clusters INTEGER,
  dcl1_boost INTEGER,
  dcl1_gran INTEGER,
  fuse_cfg TEXT,
  fuse_sram_frac REAL,
  fuse_stt_org TEXT,
  fuse_predictor INTEGER,
  fuse_pred_acc REAL,
  fuse_placement TEXT,
  fuse_migrate INTEGER,
  fuse_sram_kib REAL,
  fuse_stt_kib REAL,
  fuse_sram_ways INTEGER,
  fuse_stt_ways INTEGER,
  mor_cache_sms INTEGER,
  mor_impl TEXT,
  mor_pred TEXT,
  mor_compress INTEGER,
  mor_imov INTEGER,
  rfc_on INTEGER,
  rfc_sthld INTEGER,
  rfc_rthld INTEGER,
  rfc_entries INTEGER,
  rfc_ccus INTEGER,
  rfc_priority TEXT,
  PRIMARY KEY(run_id, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results(
  run_id INTEGER NOT NULL, design_id INTEGER NOT NULL, workload_id INTEGER NOT NULL,
  ipc REAL,
  speedup REAL,
  cycles REAL,
  time_s REAL,
  energy_j REAL,
  power_w REAL,
  perf_per_watt REAL,
  area_mm2 REAL,
  l1_hit REAL,
  llc_hit REAL,
  ext_hit REAL,
  l1_apki REAL,
  llc_apki REAL,
  dram_bpki REAL,
  noc_util REAL,
  llc_util REAL,
  dram_util REAL,
  sm_util REAL,
  replication REAL,
  rfc_hit REAL,
  stt_wpki REAL,
  cpi_issue REAL,
  cpi_dep REAL,
  cpi_rf REAL,
  cpi_l1 REAL,
  cpi_noc REAL,
  cpi_llc REAL,
  cpi_ext REAL,
  cpi_dram REAL,
  PRIMARY KEY(run_id, design_id, workload_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS metrics(
  name TEXT PRIMARY KEY,        -- a results column
  unit TEXT NOT NULL,           -- 'x': ratio to the study's baseline; 'fraction': in [0, 1]
  direction TEXT NOT NULL CHECK(direction IN ('max','min')), -- the better way
  description TEXT NOT NULL) WITHOUT ROWID;
CREATE VIEW IF NOT EXISTS results_named AS
  SELECT w.name AS workload, r.* FROM results r
  JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id;
CREATE VIEW IF NOT EXISTS results_wide AS
  SELECT r.run_id AS run_id, r.design_id AS design_id, d.variant AS variant, d.active_sms AS active_sms, d.gate_idle AS gate_idle, d.llc_scale AS llc_scale, d.mem_clock_scale AS mem_clock_scale, d.unified_sm_mem AS unified_sm_mem, d.dcl1_org AS dcl1_org, d.dcl1_nodes AS dcl1_nodes, d.dcl1_clusters AS dcl1_clusters, d.dcl1_boost AS dcl1_boost, d.dcl1_gran AS dcl1_gran, d.fuse_cfg AS fuse_cfg, d.fuse_sram_frac AS fuse_sram_frac, d.fuse_stt_org AS fuse_stt_org, d.fuse_predictor AS fuse_predictor, d.fuse_pred_acc AS fuse_pred_acc, d.fuse_placement AS fuse_placement, d.fuse_migrate AS fuse_migrate, d.fuse_sram_kib AS fuse_sram_kib, d.fuse_stt_kib AS fuse_stt_kib, d.fuse_sram_ways AS fuse_sram_ways, d.fuse_stt_ways AS fuse_stt_ways, d.mor_cache_sms AS mor_cache_sms, d.mor_impl AS mor_impl, d.mor_pred AS mor_pred, d.mor_compress AS mor_compress, d.mor_imov AS mor_imov, d.rfc_on AS rfc_on, d.rfc_sthld AS rfc_sthld, d.rfc_rthld AS rfc_rthld, d.rfc_entries AS rfc_entries, d.rfc_ccus AS rfc_ccus, d.rfc_priority AS rfc_priority,
  w.name AS workload, r.ipc AS ipc, r.speedup AS speedup, r.cycles AS cycles, r.time_s AS time_s, r.energy_j AS energy_j, r.power_w AS power_w, r.perf_per_watt AS perf_per_watt, r.area_mm2 AS area_mm2, r.l1_hit AS l1_hit, r.llc_hit AS llc_hit, r.ext_hit AS ext_hit, r.l1_apki AS l1_apki, r.llc_apki AS llc_apki, r.dram_bpki AS dram_bpki, r.noc_util AS noc_util, r.llc_util AS llc_util, r.dram_util AS dram_util, r.sm_util AS sm_util, r.replication AS replication, r.rfc_hit AS rfc_hit, r.stt_wpki AS stt_wpki, r.cpi_issue AS cpi_issue, r.cpi_dep AS cpi_dep, r.cpi_rf AS cpi_rf, r.cpi_l1 AS cpi_l1, r.cpi_noc AS cpi_noc, r.cpi_llc AS cpi_llc, r.cpi_ext AS cpi_ext, r.cpi_dram AS cpi_dram
  FROM results r JOIN designs d ON d.run_id = r.run_id AND d.id = r.design_id
  JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id;
CREATE VIEW IF NOT EXISTS design_summary AS
  SELECT run_id, design_id, variant, active_sms, gate_idle, llc_scale, mem_clock_scale, unified_sm_mem, dcl1_org, dcl1_nodes, dcl1_clusters, dcl1_boost, dcl1_gran, fuse_cfg, fuse_sram_frac, fuse_stt_org, fuse_predictor, fuse_pred_acc, fuse_placement, fuse_migrate, fuse_sram_kib, fuse_stt_kib, fuse_sram_ways, fuse_stt_ways, mor_cache_sms, mor_impl, mor_pred, mor_compress, mor_imov, rfc_on, rfc_sthld, rfc_rthld, rfc_entries, rfc_ccus, rfc_priority, count(*) AS n_workloads,
  CASE WHEN min(ipc) > 0 THEN exp(avg(ln(ipc))) ELSE avg(ipc) END AS ipc,
  CASE WHEN min(speedup) > 0 THEN exp(avg(ln(speedup))) ELSE avg(speedup) END AS speedup,
  CASE WHEN min(cycles) > 0 THEN exp(avg(ln(cycles))) ELSE avg(cycles) END AS cycles,
  CASE WHEN min(time_s) > 0 THEN exp(avg(ln(time_s))) ELSE avg(time_s) END AS time_s,
  CASE WHEN min(energy_j) > 0 THEN exp(avg(ln(energy_j))) ELSE avg(energy_j) END AS energy_j,
  CASE WHEN min(power_w) > 0 THEN exp(avg(ln(power_w))) ELSE avg(power_w) END AS power_w,
  CASE WHEN min(perf_per_watt) > 0 THEN exp(avg(ln(perf_per_watt))) ELSE avg(perf_per_watt) END AS perf_per_watt,
  CASE WHEN min(area_mm2) > 0 THEN exp(avg(ln(area_mm2))) ELSE avg(area_mm2) END AS area_mm2,
  CASE WHEN min(l1_hit) > 0 THEN exp(avg(ln(l1_hit))) ELSE avg(l1_hit) END AS l1_hit,
  CASE WHEN min(llc_hit) > 0 THEN exp(avg(ln(llc_hit))) ELSE avg(llc_hit) END AS llc_hit,
  CASE WHEN min(ext_hit) > 0 THEN exp(avg(ln(ext_hit))) ELSE avg(ext_hit) END AS ext_hit,
  CASE WHEN min(l1_apki) > 0 THEN exp(avg(ln(l1_apki))) ELSE avg(l1_apki) END AS l1_apki,
  CASE WHEN min(llc_apki) > 0 THEN exp(avg(ln(llc_apki))) ELSE avg(llc_apki) END AS llc_apki,
  CASE WHEN min(dram_bpki) > 0 THEN exp(avg(ln(dram_bpki))) ELSE avg(dram_bpki) END AS dram_bpki,
  CASE WHEN min(noc_util) > 0 THEN exp(avg(ln(noc_util))) ELSE avg(noc_util) END AS noc_util,
  CASE WHEN min(llc_util) > 0 THEN exp(avg(ln(llc_util))) ELSE avg(llc_util) END AS llc_util,
  CASE WHEN min(dram_util) > 0 THEN exp(avg(ln(dram_util))) ELSE avg(dram_util) END AS dram_util,
  CASE WHEN min(sm_util) > 0 THEN exp(avg(ln(sm_util))) ELSE avg(sm_util) END AS sm_util,
  CASE WHEN min(replication) > 0 THEN exp(avg(ln(replication))) ELSE avg(replication) END AS replication,
  CASE WHEN min(rfc_hit) > 0 THEN exp(avg(ln(rfc_hit))) ELSE avg(rfc_hit) END AS rfc_hit,
  CASE WHEN min(stt_wpki) > 0 THEN exp(avg(ln(stt_wpki))) ELSE avg(stt_wpki) END AS stt_wpki,
  CASE WHEN min(cpi_issue) > 0 THEN exp(avg(ln(cpi_issue))) ELSE avg(cpi_issue) END AS cpi_issue,
  CASE WHEN min(cpi_dep) > 0 THEN exp(avg(ln(cpi_dep))) ELSE avg(cpi_dep) END AS cpi_dep,
  CASE WHEN min(cpi_rf) > 0 THEN exp(avg(ln(cpi_rf))) ELSE avg(cpi_rf) END AS cpi_rf,
  CASE WHEN min(cpi_l1) > 0 THEN exp(avg(ln(cpi_l1))) ELSE avg(cpi_l1) END AS cpi_l1,
  CASE WHEN min(cpi_noc) > 0 THEN exp(avg(ln(cpi_noc))) ELSE avg(cpi_noc) END AS cpi_noc,
  CASE WHEN min(cpi_llc) > 0 THEN exp(avg(ln(cpi_llc))) ELSE avg(cpi_llc) END AS cpi_llc,
  CASE WHEN min(cpi_ext) > 0 THEN exp(avg(ln(cpi_ext))) ELSE avg(cpi_ext) END AS cpi_ext,
  CASE WHEN min(cpi_dram) > 0 THEN exp(avg(ln(cpi_dram))) ELSE avg(cpi_dram) END AS cpi_dram,
  min(speedup) AS min_speedup, max(speedup) AS max_speedup
  FROM results_wide GROUP BY run_id, design_id;
CREATE VIEW IF NOT EXISTS best_per_workload AS
  SELECT run_id, workload, design_id, variant, active_sms, gate_idle, llc_scale, mem_clock_scale, unified_sm_mem, dcl1_org, dcl1_nodes, dcl1_clusters, dcl1_boost, dcl1_gran, fuse_cfg, fuse_sram_frac, fuse_stt_org, fuse_predictor, fuse_pred_acc, fuse_placement, fuse_migrate, fuse_sram_kib, fuse_stt_kib, fuse_sram_ways, fuse_stt_ways, mor_cache_sms, mor_impl, mor_pred, mor_compress, mor_imov, rfc_on, rfc_sthld, rfc_rthld, rfc_entries, rfc_ccus, rfc_priority, ipc, speedup, cycles, time_s, energy_j, power_w, perf_per_watt, area_mm2, l1_hit, llc_hit, ext_hit, l1_apki, llc_apki, dram_bpki, noc_util, llc_util, dram_util, sm_util, replication, rfc_hit, stt_wpki, cpi_issue, cpi_dep, cpi_rf, cpi_l1, cpi_noc, cpi_llc, cpi_ext, cpi_dram
  FROM (SELECT *, row_number() OVER (PARTITION BY run_id, workload ORDER BY speedup DESC, design_id) AS rank_in_workload
        FROM results_wide) WHERE rank_in_workload = 1;
CREATE TABLE IF NOT EXISTS shards(      -- progress of each shard a run holds
  run_id INTEGER NOT NULL, k INTEGER NOT NULL, n INTEGER NOT NULL,
  n_points INTEGER NOT NULL,     -- points of shard k of n
  next_index INTEGER NOT NULL DEFAULT 0, -- its points stored so far (resume point)
  n_illegal INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY(run_id, k)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS uncertainty(    -- error of every stored result, by source
  run_id INTEGER NOT NULL, workload_id INTEGER NOT NULL,
  metric TEXT NOT NULL,        -- a results column
  source TEXT NOT NULL CHECK(source IN ('calibration','sampling','model')),
  log_bias REAL NOT NULL,      -- mean of log(truth / stored value)
  log_sd REAL NOT NULL,        -- its standard deviation
  shared REAL NOT NULL,        -- share of log_sd^2 common to every design on the workload
  n INTEGER NOT NULL,          -- draws or reference runs it was estimated from
  detail TEXT NOT NULL,        -- how, with provenance
  PRIMARY KEY(run_id, workload_id, metric, source)) WITHOUT ROWID;
CREATE VIEW IF NOT EXISTS results_error AS   -- the sources combined (independent: variances add)
  SELECT u.run_id AS run_id, u.workload_id AS workload_id, w.name AS workload, u.metric AS metric,
  sum(u.log_bias) AS log_bias, sqrt(sum(u.log_sd * u.log_sd)) AS log_sd,
  CASE WHEN sum(u.log_sd * u.log_sd) > 0 THEN sum(u.shared * u.log_sd * u.log_sd) / sum(u.log_sd * u.log_sd) ELSE 1 END AS shared,
  group_concat(u.source, '+') AS sources
  FROM uncertainty u JOIN workloads w ON w.run_id = u.run_id AND w.id = u.workload_id
  GROUP BY u.run_id, u.workload_id, u.metric;
