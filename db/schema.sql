-- gpudse results database, schema version 1 (generated: gpudse list schema)
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
  fuse_cfg TEXT,
  fuse_sram_frac REAL,
  fuse_stt_org TEXT,
  fuse_predictor INTEGER,
  fuse_pred_acc REAL,
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
CREATE VIEW IF NOT EXISTS results_named AS
  SELECT w.name AS workload, r.* FROM results r
  JOIN workloads w ON w.run_id = r.run_id AND w.id = r.workload_id;
CREATE VIEW IF NOT EXISTS design_summary AS
  SELECT run_id, design_id, count(*) AS n_workloads, avg(speedup) AS mean_speedup,
         min(speedup) AS min_speedup, max(speedup) AS max_speedup,
         sum(energy_j) AS total_energy_j, max(area_mm2) AS area_mm2
  FROM results GROUP BY run_id, design_id;
CREATE VIEW IF NOT EXISTS best_per_workload AS
  SELECT run_id, workload_id, design_id, max(speedup) AS speedup, ipc
  FROM results GROUP BY run_id, workload_id;
CREATE TABLE IF NOT EXISTS shards(      -- progress of each shard a run holds
  run_id INTEGER NOT NULL, k INTEGER NOT NULL, n INTEGER NOT NULL,
  n_points INTEGER NOT NULL,     -- points of shard k of n
  next_index INTEGER NOT NULL DEFAULT 0, -- its points stored so far (resume point)
  n_illegal INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY(run_id, k)) WITHOUT ROWID;
