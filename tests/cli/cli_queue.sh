# cli_queue.sh -- `gpudse model queue`: JSON values against closed forms, pinned error lines.
. "$(dirname "$0")/cli_lib.sh"
Q="$GPUDSE model queue"

# first value of "KEY": in $CLI_TMP/out, rounded to 6 significant digits (no jq dependency)
val() { tr -d ' \t\n' <"$CLI_TMP/out" | grep -o "\"$1\":[^,}]*" | head -n 1 | cut -d: -f2 |
	awk '{ if ($0 == "null" || $0 == "true" || $0 == "false") print $0; else printf "%.6g\n", $0 }'; }

expect_ok "mm1" $Q --kind mm1 --lambda 0.5 --service 1
expect_eq "mm1 wait = rho s/(1-rho)" "$(val wait)" 1
expect_eq "mm1 L = rho/(1-rho)" "$(val l)" 1
expect_eq "mm1 not saturated" "$(val saturated)" false
expect_ok "md1" $Q --kind md1 --lambda 0.8 --service 1
expect_eq "md1 wait = rho s/(2(1-rho))" "$(val wait)" 2
expect_ok "mg1" $Q --kind mg1 --lambda=0.6 --service=1 --cs2=2
expect_eq "mg1 P-K wait" "$(val wait)" 2.25
expect_ok "mg1 saturated" $Q --kind mg1 --lambda 2 --service 1 --cs2 1
expect_eq "saturated flag" "$(val saturated)" true
expect_eq "saturated wait is null" "$(val wait)" null
expect_ok "md1k K=1" $Q --kind md1k --lambda 0.7 --service 1 --K 1
expect_eq "Erlang loss rho/(1+rho)" "$(val p_block)" 0.411765
expect_ok "md1k overload" $Q --kind md1k --lambda 3 --service 1 --K 8 --dist
expect_eq "md1k rho 3 blocking 1-1/rho (nearly)" "$(val p_block)" 0.666667
expect_eq "md1k --dist prints p" "$(tr -d ' \t\n' <"$CLI_TMP/out" | grep -o '"p":\[[^]]*\]' | tr ',' '\n' | wc -l)" 9
expect_ok "md1k large K -> md1" $Q --kind md1k --lambda 0.7 --service 1 --K 300
expect_eq "M/D/1/300 wait = M/D/1 wait" "$(val wait)" 1.16667
expect_ok "xbar uniform" $Q --kind xbar --inputs 16 --outputs 16 --load 0.8
expect_eq "xbar wait (N-1)/N rho/(2(1-rho))" "$(val wait_mean)" 1.875
expect_eq "xbar HOL 2-sqrt2" "$(val hol_throughput)" 0.585786
expect_ok "xbar skew" $Q --kind xbar --inputs 32 --outputs 8 --load 0.2 --skew 0.8
expect_eq "skewed hot output saturates" "$(val saturated)" true
expect_ok "mva exact" $Q --kind mva --demands 1,2 --population 2 --exact
expect_eq "two-station X = 3/7" "$(val X)" 0.428571
expect_ok "mva schweitzer" $Q --kind mva --demands 1,2,0.5 --copies 1,4,1 --servers 1,1,2 --delays 0,0,1 --population 1
expect_eq "N = 1: X = 1/sum(c D)" "$(val X)" 0.105263
expect_ok "help" $GPUDSE help model queue
expect_eq "help has examples" "$(grep -c 'gpudse model queue --kind [a-z]' "$CLI_TMP/out")" 5

expect_err "no kind" 1 'gpudse: model queue: --kind: required (mm1, md1, mg1, md1k, xbar, mva)' $Q
expect_err "bad kind" 1 'gpudse: model queue: --kind: unknown kind "mm2" (mm1, md1, mg1, md1k, xbar, mva)' $Q --kind mm2
expect_err "missing lambda" 1 'gpudse: model queue: --lambda: required for --kind mm1' $Q --kind mm1 --service 1
expect_err "zero service" 1 'gpudse: model queue: --service: expected a positive time, got "0"' $Q --kind md1 --lambda 1 --service 0
expect_err "bad lambda" 1 'gpudse: model queue: --lambda: expected a number in [0, 1e+15], got "-1"' $Q --kind mm1 --lambda -1 --service 1
expect_err "option of another kind" 1 'gpudse: model queue: unknown option --K (see gpudse help model queue)' $Q --kind mm1 --lambda 0.5 --service 1 --K 4
expect_err "missing cs2" 1 'gpudse: model queue: --cs2: required for --kind mg1' $Q --kind mg1 --lambda 0.5 --service 1
expect_err "K fractional" 1 'gpudse: model queue: --K: expected an integer in [1, 10000], got "2.5"' $Q --kind md1k --lambda 0.5 --service 1 --K 2.5
expect_err "K zero" 1 'gpudse: model queue: --K: expected a number in [1, 10000], got "0"' $Q --kind md1k --lambda 0.5 --service 1 --K 0
expect_err "md1k overload range" 1 'gpudse: model queue: --lambda x --service = 1000: offered load beyond 600 (the solver'"'"'s range)' $Q --kind md1k --lambda 1000 --service 1 --K 3
expect_err "load > 1" 1 'gpudse: model queue: --load: expected a number in [0, 1], got "1.5"' $Q --kind xbar --inputs 4 --outputs 4 --load 1.5
expect_err "fractional ports" 1 'gpudse: model queue: --inputs and --outputs must be integers in [1, 4096]' $Q --kind xbar --inputs 4.5 --outputs 4 --load 0.5
expect_err "exact population cap" 1 'gpudse: model queue: --population: expected a number in [0, 20000], got "30000"' $Q --kind mva --demands 1,2 --population 30000 --exact
expect_err "no demands" 1 'gpudse: model queue: --demands: required for --kind mva' $Q --kind mva --population 3
expect_err "no population" 1 'gpudse: model queue: --population: required for --kind mva' $Q --kind mva --demands 1,2
expect_err "bad demand list" 1 'gpudse: model queue: --demands: expected comma-separated numbers in [0, 1e+15], got "1,x"' $Q --kind mva --demands 1,x --population 3
expect_err "copies length" 1 'gpudse: model queue: --copies: 1 values for 2 stations (one per --demands entry)' $Q --kind mva --demands 1,2 --copies 4 --population 3
expect_err "servers not integer" 1 'gpudse: model queue: --servers: expected comma-separated integers in [1, 1e+06], got "1,1.5"' $Q --kind mva --demands 1,2 --servers 1,1.5 --population 3
expect_err "exact fractional population" 1 'gpudse: model queue: --population: --exact needs an integer, got "2.5"' $Q --kind mva --demands 1,2 --population 2.5 --exact
expect_err "all-zero demands" 1 'gpudse: model queue: --demands: every demand is 0: the throughput is unbounded' $Q --kind mva --demands 0,0 --population 3
expect_err "missing value" 1 'gpudse: model queue: --lambda: missing value' $Q --kind mm1 --service 1 --lambda
cli_done
