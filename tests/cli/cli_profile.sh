#!/usr/bin/env bash
# cli_profile.sh -- `gpudse profile` and `gpudse model hitrate` end to end, with pinned errors.
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP

# A loop over 8 blocks on SM 0, 4 passes: 8 cold misses, then every reuse at distance 7.
for pass in 1 2 3 4; do for b in 0 1 2 3 4 5 6 7; do printf '0 R %x\n' $((b * 128)); done; done >"$T/loop.trace"
echo "# SM 1 touches block 0 once" >>"$T/loop.trace"
echo "1 W 0x0" >>"$T/loop.trace"

expect_ok "profile a small trace" "$GPUDSE" profile "$T/loop.trace" -o "$T/loop.json"
expect_eq "summary line" "$(cat "$T/out")" "$T/loop.json: 33 accesses from 2 SMs, 9 distinct blocks per SM (summed), 2 streams"
expect_ok "profile .gz" bash -c "gzip -c '$T/loop.trace' >'$T/loop.trace.gz' && '$GPUDSE' profile '$T/loop.trace.gz' -o '$T/loopgz.json'"
expect_eq ".gz profile identical except source" "$(grep -v '"source"' "$T/loop.json")" "$(grep -v '"source"' "$T/loopgz.json" | sed 's/"name": "loop"/"name": "loop"/')"

# Fully associative LRU, 8 blocks = 1024 B: 24 of the 33 accesses hit (Mattson: d = 7 < 8).
expect_ok "hitrate full lru" "$GPUDSE" model hitrate --profile "$T/loop.json" --size 1024
expect_eq "hit rate 24/33" "$(grep -o '"hit_rate": [0-9.]*' "$T/out")" '"hit_rate": 0.727273'
expect_eq "model named" "$(grep -o '"model": "[a-z-]*"' "$T/out")" '"model": "lru-exact-mattson"'
# 7 blocks: the loop thrashes LRU.
expect_ok "hitrate 7 blocks" "$GPUDSE" model hitrate --profile "$T/loop.json" --size 896 --assoc full
expect_eq "LRU thrashes at 7 blocks" "$(grep -o '"hit_rate": [0-9.]*' "$T/out")" '"hit_rate": 0.000000'
expect_ok "hitrate global fifo" "$GPUDSE" model hitrate --profile "$T/loop.json" --stream global --size 2048 --policy fifo
# global: block 0 is shared, so SM 1's access hits too: 25 of 33
expect_eq "fifo: 16 blocks hold the loop" "$(grep -o '"hit_rate": [0-9.]*' "$T/out")" '"hit_rate": 0.757576'
# issue 17: the set-associative record answers 8 sets x 4 ways exactly (linear: one block per
# set, so the loop fits: 24/33), and says so; without the records Smith's model answers.
expect_ok "hitrate per-set exact" "$GPUDSE" model hitrate --profile "$T/loop.json" --size 4096 --assoc 4 --policy lru
expect_eq "per-set model named" "$(grep -o '"model": "[a-z-]*", "method"' "$T/out")" '"model": "lru-exact-per-set", "method"'
expect_eq "per-set hit rate 24/33" "$(grep -o '"hit_rate": [0-9.]*' "$T/out")" '"hit_rate": 0.727273'
# 2 sets x 1 way: blocks 0,2,4,6 share set 0 and thrash it (cold start, every reuse at per-set distance 3)
expect_ok "hitrate direct mapped" "$GPUDSE" model hitrate --profile "$T/loop.json" --size 256 --assoc 1
expect_eq "direct-mapped loop thrashes" "$(grep -o '"hit_rate": [0-9.]*' "$T/out")" '"hit_rate": 0.000000'
expect_ok "profile without records" "$GPUDSE" profile "$T/loop.trace" -o "$T/loop-nosa.json" --no-setassoc
expect_ok "hitrate smith" "$GPUDSE" model hitrate --profile "$T/loop-nosa.json" --size 4096 --assoc 4 --policy lru
expect_eq "smith model named" "$(grep -o '"model": "[a-z-]*", "method"' "$T/out")" '"model": "lru-smith-binomial", "method"'
sed 's/"ways": 64/"ways": 32/' "$T/loop.json" >"$T/badsa.json"
expect_err "setassoc ways" 1 "gpudse: $T/badsa.json: .streams[0].setassoc.ways: expected 64, got 32" \
	"$GPUDSE" model hitrate --profile "$T/badsa.json" --size 4096 --assoc 4
expect_err "write-evict record missing" 1 "gpudse: model hitrate: $T/loop.json: stream \"l1\" has no write-evict record (profile with --write-evict)" \
	"$GPUDSE" model hitrate --profile "$T/loop.json" --size 4096 --assoc 4 --write evict

# Errors, pinned.
printf '0 R 0x0\n0 R 0x80\n# fine\n0 Q 0x100\n' >"$T/bad.trace"
expect_err "malformed trace line" 1 "gpudse: $T/bad.trace:4: expected OP R or W, got \"Q\"" \
	"$GPUDSE" profile "$T/bad.trace" -o "$T/bad.json"
expect_eq "no output on error" "$(ls "$T"/bad.json* 2>/dev/null)" ""
printf '0 R 0x0\n0 R 0xg0\n' >"$T/bad2.trace"
expect_err "bad address" 1 "gpudse: $T/bad2.trace:2: expected a hex ADDRESS, got \"0xg0\"" \
	"$GPUDSE" profile "$T/bad2.trace" -o "$T/bad.json"
gzip -c "$T/loop.trace" | head -c 60 >"$T/trunc.trace.gz"
expect_err "truncated .gz" 1 "gpudse: $T/trunc.trace.gz: truncated gzip data" \
	"$GPUDSE" profile "$T/trunc.trace.gz" -o "$T/x.json"
printf '\037\213\010\000garbagegarbage' >"$T/bad.trace.gz"
expect_err "corrupt .gz" 1 "gpudse: $T/bad.trace.gz: invalid code lengths set" \
	"$GPUDSE" profile "$T/bad.trace.gz" -o "$T/x.json"
expect_err "missing trace" 1 "gpudse: $T/none.trace: No such file or directory" \
	"$GPUDSE" profile "$T/none.trace" -o "$T/x.json"
expect_err "missing -o" 1 "gpudse: profile: missing -o PROFILE.json (see gpudse help profile)" \
	"$GPUDSE" profile "$T/loop.trace"
expect_err "block not a power of two" 1 "gpudse: profile: --block: expected a power of two, got 100" \
	"$GPUDSE" profile "$T/loop.trace" -o "$T/x.json" --block 100
expect_err "bad groups" 1 "gpudse: profile: --groups: expected integers >= 2 separated by commas or \"none\", got \"2,x\"" \
	"$GPUDSE" profile "$T/loop.trace" -o "$T/x.json" --groups 2,x
expect_err "SM out of range" 1 "gpudse: $T/loop.trace:34: SM id 1 out of range" \
	"$GPUDSE" profile "$T/loop.trace" -o "$T/x.json" --sms 1
expect_err "no such stream" 1 "gpudse: model hitrate: $T/loop.json: no stream \"group:4\" (it has: l1, global)" \
	"$GPUDSE" model hitrate --profile "$T/loop.json" --stream group:4 --size 1024
expect_err "bad policy" 1 "gpudse: model hitrate: --policy: expected lru, fifo or random, got \"lfu\"" \
	"$GPUDSE" model hitrate --profile "$T/loop.json" --size 1024 --policy lfu
expect_err "bad assoc" 1 "gpudse: model hitrate: --assoc: expected a positive integer or \"full\", got \"0\"" \
	"$GPUDSE" model hitrate --profile "$T/loop.json" --size 1024 --assoc 0
expect_err "assoc above blocks" 1 "gpudse: model hitrate: --assoc: 16 ways exceed the 8 blocks of the cache" \
	"$GPUDSE" model hitrate --profile "$T/loop.json" --size 1024 --assoc 16
expect_err "missing size" 1 "gpudse: model hitrate: missing --size BYTES" \
	"$GPUDSE" model hitrate --profile "$T/loop.json"
# A profile without rt: FIFO needs it.
printf '{"block_bytes": 128, "n_sm": 1, "streams": [{"name": "l1", "accesses": 3, "sd": {"cold": 1, "bins": [[0, 1, 2]]}}]}' >"$T/nort.json"
expect_err "fifo without rt" 1 "gpudse: model hitrate: $T/nort.json: stream \"l1\" has no reuse-time histogram (rt), needed by --policy fifo" \
	"$GPUDSE" model hitrate --profile "$T/nort.json" --size 1024 --policy fifo
printf '{"block_bytes": 128, "n_sm": 1, "streams": [{"name": "l1", "accesses": 3, "sd": {"cold": 1, "bins": [[0, 1, -2]]}}]}' >"$T/neg.json"
expect_err "negative count in profile" 1 "gpudse: $T/neg.json: .streams[0].sd.bins[0][2]: expected a non-negative number, got -2" \
	"$GPUDSE" model hitrate --profile "$T/neg.json" --size 1024
# --exact-classes: a block read twice then written twice is WM; one pass files its second
# read (distance 0) under WORM (its class so far), the class pass under WM.
printf '0 R 0x0\n0 R 0x0\n0 W 0x0\n0 W 0x0\n' >"$T/cls.trace"
expect_ok "one pass" "$GPUDSE" profile "$T/cls.trace" -o "$T/cls1.json"
expect_eq "one pass: the read reuse under worm" "$(grep -c '"worm": {"cold": 0, "bins": \[\[0, 1, 1\]\]}' "$T/cls1.json")" "1"
expect_ok "exact classes" "$GPUDSE" profile "$T/cls.trace" -o "$T/cls2.json" --exact-classes
expect_eq "class pass: all under wm" "$(grep -c '"wm": {"cold": 1, "bins": \[\[0, 1, 3\]\]}' "$T/cls2.json")" "1"
expect_err "exact classes needs a file" 1 "gpudse: profile: --exact-classes: /dev/stdin is not a regular file (it is read twice)" \
	bash -c "cat '$T/cls.trace' | '$GPUDSE' profile /dev/stdin -o '$T/cls3.json' --exact-classes"
# issue 17, DC-L1 node records: private nodes (domains of 1 SM) of 2 sets under linear index.
# The loop's 8 blocks fall 4 to a set, every reuse at per-set distance 3 (24 of them), 9 first
# touches; SM 1's store of block 0 misses while SM 0's node holds it at place 3 of its set, so
# it is a replicated miss for 4 ways and more (repl[3] = 0, repl[4] = 1).
expect_ok "profile with node records" "$GPUDSE" profile "$T/loop.trace" -o "$T/nodes.json" --dcl1-nodes 1:1:1:2:linear,2:2:1:1:ipoly
expect_eq "node records: counts" "$(python3 -c "import json; r = json.load(open('$T/nodes.json'))['dcl1_nodes']; n = r[0]; print(len(r), n['domains'], n['hist'][3], n['hist'][64], n['repl'][3], n['repl'][4], r[1]['homes'], r[1]['index'])")" "2 2 24 9 0 1 2 ipoly"
expect_ok "model dcl1 reads them" "$GPUDSE" model dcl1 --gpu dcl1-80 --org base --profile "$T/nodes.json"
expect_err "node spec checked" 1 'gpudse: profile: --dcl1-nodes: expected GROUP:HOMES:GRAN:SETS:INDEX (e.g. 8:4:1:64:ipoly), got "8:4:1:64"' \
	"$GPUDSE" profile "$T/loop.trace" -o "$T/bad.json" --dcl1-nodes 8:4:1:64
expect_err "node sets a power of two" 1 'gpudse: profile: --dcl1-nodes: "8:4:1:48:linear": SETS must be a power of two up to 65536' \
	"$GPUDSE" profile "$T/loop.trace" -o "$T/bad.json" --dcl1-nodes 1:1:1:2:linear,8:4:1:48:linear
# with --sample the node records are set-sampled estimates (src/profiling/nodesample.h): one of
# the 2 sets at the default share 0.25 (at least one set), scaled to every access
expect_ok "sampled node records" "$GPUDSE" profile "$T/loop.trace" -o "$T/snodes.json" --dcl1-nodes 1:1:1:2:linear --sample 0.5 --write-evict
expect_eq "sampled node records: one geometry, accesses = the trace's" "$(python3 -c "import json; p = json.load(open('$T/snodes.json')); r = p['dcl1_nodes']; print(len(r), abs(sum(r[0]['hist']) - p['streams'][0]['accesses']) < 1e-6 * p['streams'][0]['accesses'])")" "1 True"
expect_ok "help" "$GPUDSE" help profile
expect_eq "help has an example" "$(grep -c '^example' "$T/out")" "1"
cli_done
