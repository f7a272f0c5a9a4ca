# gpudse build.  `make` builds ./gpudse (installing missing Debian packages first),
# `make test` runs the suite in three passes: normal build, AddressSanitizer + UBSan, then a
# ThreadSanitizer build of gpudse on the threaded paths (sweep --jobs, profile --threads).
# Its builds run in parallel, one job per core (nproc), unless make was given -j itself.
# Every models/*.c and src/**/*.c is compiled; every tests/unit/test_*.c is one test program;
# the reference simulators (tests/reference/) and helpers (tests/support/) are linked into every
# test program; every tests/cli/cli_*.sh is a CLI test run against the built binary.

CC      ?= cc
VERSION := 0.1.0
PREFIX  ?= /usr/local
PKGS    := gsl sqlite3 libcjson zlib cairo fontconfig
DEBPKGS := pkg-config libgsl-dev libsqlite3-dev libcjson-dev zlib1g-dev libcairo2-dev libfontconfig-dev fonts-dejavu-core
# command:package pairs the build and the tests run
DEBTOOLS := xz:xz-utils sqlite3:sqlite3 gzip:gzip awk:mawk pdftotext:poppler-utils
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter
STD     := -std=c11 -D_GNU_SOURCE -pthread
OPT     ?= -O2 -g
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm -pthread
CPPFLAGS := -Imodels -Isrc -Itests -DGPUDSE_VERSION='"$(VERSION)"'

BUILD ?= build
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TSAN_FLAGS := -fsanitize=thread
# What the ThreadSanitizer pass runs: the tests that start threads (the memo table under four
# threads; gpudse's sweep --jobs and profile --threads; the reuse curves' lazy fill under four
# threads).  test_profiler's thread checks run in the other two passes only: under TSan it takes
# over two minutes.
TSAN_TESTS := test_memo test_uncert_par test_reuse_lazy cli_threads
NPROC := $(shell nproc 2>/dev/null || echo 2)
# -j for the test builds: the core count, unless make already runs with -j (then its jobserver).
TEST_JOBS = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(NPROC))

MODEL_SRC := $(wildcard models/*.c)
ENGINE_SRC := $(filter-out src/main.c,$(wildcard src/*.c src/*/*.c src/*/*/*.c))
TEST_SUPPORT_SRC := $(wildcard tests/reference/*.c tests/support/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)

MODEL_OBJ := $(MODEL_SRC:%.c=$(BUILD)/%.o)
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
TEST_SUPPORT_OBJ := $(TEST_SUPPORT_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all deps run test test-normal test-san test-tsan test-slurm bench profiles install clean fuzz fuzz-build
.DEFAULT_GOAL := all

all: .deps-ok
	@$(MAKE) --no-print-directory gpudse

# Install what is missing, once; the stamp records that the compiler, the tools and the
# libraries (pkg-config) were all found.  On a bare Debian (sh make.sh) nothing but apt is
# there: the C compiler and libc headers are checked like the libraries.
# (xz-utils: Accel-Sim traces are often .xz, which gpudse profile reads through `xz -dc`;
# sqlite3: the command-line tool the tests query the database's views with; poppler-utils:
# pdftotext, which reads the plots' axis labels back out of a PDF in tests/cli/cli_plot.sh.)
.deps-ok:
	@missing=; \
	  command -v $(CC) >/dev/null 2>&1 || missing="$$missing gcc libc6-dev"; \
	  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PKGS) || missing="$$missing $(DEBPKGS)"; \
	  for t in $(DEBTOOLS); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "gpudse: installing missing Debian packages:$$missing"; \
	    SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  fi
	@command -v $(CC) >/dev/null 2>&1 || { echo "gpudse: no C compiler \"$(CC)\" (apt-get install gcc)" >&2; exit 1; }
	@pkg-config --exists $(PKGS) || { echo "gpudse: missing libraries: $(PKGS)" >&2; exit 1; }
	@touch $@

deps: .deps-ok

# gpudse report in headless Chromium (apt-get install chromium): about 12 s.  cli_report.sh runs
# the same check inside make test and skips it when chromium is absent.
test-report: all
	GPUDSE=$(BUILD)/gpudse bash tests/browser/report_browser.sh

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) $(EXTRA_CFLAGS) -MMD -MP -c $< -o $@

# The profiler's per-access loops (src/profiling/profiler.c, src/profiling/lru_stack.c) run 13% faster at -O3 (unrolled front scans
# and sorts; gpudse profile on p-2mm, README "Performance").  A command-line OPT (the sanitizer
# build's) still wins.
$(BUILD)/src/profiling/profiler.o $(BUILD)/src/profiling/lru_stack.o $(BUILD)/src/profiling/setstack.o: OPT = -O3 -g

$(BUILD)/libmodels.a: $(MODEL_OBJ)
	@rm -f $@; ar rcs $@ $^
$(BUILD)/libengine.a: $(ENGINE_OBJ)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/gpudse: $(BUILD)/src/main.o $(BUILD)/libengine.a $(BUILD)/libmodels.a
	$(CC) $(OPT) $(EXTRA_CFLAGS) -o $@ $^ $(PKG_LIBS)

gpudse: $(BUILD)/gpudse
	@cp $< $@.tmp && mv -f $@.tmp $@

$(BUILD)/tests/%: tests/unit/%.c $(TEST_SUPPORT_OBJ) $(BUILD)/libengine.a $(BUILD)/libmodels.a
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) $(EXTRA_CFLAGS) -o $@ $^ $(PKG_LIBS)

test-bins: $(TEST_BIN) $(BUILD)/gpudse

# One pass of the suite for one build directory.
test-normal: .deps-ok
	@$(MAKE) --no-print-directory $(TEST_JOBS) test-bins
	@tests/run_all.sh $(BUILD) "normal"

test-san: .deps-ok
	@$(MAKE) --no-print-directory $(TEST_JOBS) BUILD=build-san OPT="-O1 -g" EXTRA_CFLAGS="$(SAN_FLAGS)" test-bins
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  tests/run_all.sh build-san "asan+ubsan"

# The threaded tests under ThreadSanitizer; a data race aborts the program, failing its test.
test-tsan: .deps-ok
	@$(MAKE) --no-print-directory $(TEST_JOBS) BUILD=build-tsan OPT="-O1 -g" EXTRA_CFLAGS="$(TSAN_FLAGS)" \
	  build-tsan/gpudse $(patsubst test_%,build-tsan/tests/test_%,$(filter test_%,$(TSAN_TESTS)))
	@TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 tests/run_all.sh build-tsan "tsan" $(TSAN_TESTS)

test: .deps-ok
	@$(MAKE) --no-print-directory $(TEST_JOBS) gpudse
	@$(MAKE) --no-print-directory test-normal
	@$(MAKE) --no-print-directory test-san
	@$(MAKE) --no-print-directory test-tsan

# Fuzzing (tests/fuzz/README.md): one libFuzzer harness per parser -- study, preset, profile,
# text trace, Accel-Sim trace, NVBit trace, expression -- built with clang and ASan+UBSan,
# each run for FUZZ_SECONDS from its committed seed corpus (tests/fuzz/corpus/NAME; new
# inputs go to build-fuzz/corpus/NAME, a crash to build-fuzz/artifacts/).  clang and its
# libFuzzer runtime are installed like the build's -dev packages.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := study preset profile text_trace accelsim nvbit expr
FUZZ_DEBPKGS := clang libclang-rt-14-dev
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

.deps-fuzz-ok: .deps-ok
	@if ! command -v clang >/dev/null 2>&1 || ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' \
	    | clang -x c -fsanitize=fuzzer - -o /dev/null >/dev/null 2>&1; then \
	  echo "gpudse: installing clang and libFuzzer: $(FUZZ_DEBPKGS)"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(FUZZ_DEBPKGS) >/dev/null; \
	fi
	@echo 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }' | clang -x c -fsanitize=fuzzer - -o /dev/null \
	  || { echo "gpudse: clang cannot link libFuzzer (install $(FUZZ_DEBPKGS))" >&2; exit 1; }
	@touch $@

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.h build-fuzz/libengine.a build-fuzz/libmodels.a
	clang $(STD) -O1 -g $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) -o $@ $< \
	  build-fuzz/libengine.a build-fuzz/libmodels.a $(PKG_LIBS)

fuzz-build: .deps-fuzz-ok
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang OPT="-O1 -g" \
	  EXTRA_CFLAGS="-fsanitize=fuzzer-no-link $(FUZZ_SAN)" build-fuzz/libengine.a build-fuzz/libmodels.a
	@$(MAKE) --no-print-directory $(FUZZ_TARGETS:%=build-fuzz/fuzz_%)

fuzz: fuzz-build
	@mkdir -p build-fuzz/artifacts; fail=0; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p build-fuzz/corpus/$$t; \
	  GPUDSE_ROOT=$(CURDIR) ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	    build-fuzz/fuzz_$$t build-fuzz/corpus/$$t tests/fuzz/corpus/$$t -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=65536 -rss_limit_mb=2048 -timeout=30 -artifact_prefix=build-fuzz/artifacts/$$t- \
	    >build-fuzz/$$t.log 2>&1; rc=$$?; \
	  done_line=$$(grep -E '^Done [0-9]+ runs in [0-9]+ second' build-fuzz/$$t.log | tail -n 1); \
	  runs=$$(echo "$$done_line" | awk '{print $$2}'); secs=$$(echo "$$done_line" | awk '{print $$5}'); \
	  if [ $$rc -eq 0 ] && [ -n "$$done_line" ]; then \
	    printf 'fuzz %-11s %9s runs in %4s s (%s runs/s)\n' $$t $$runs $$secs $$(( runs / (secs > 0 ? secs : 1) )); \
	  else echo "fuzz $$t: FAILED (exit $$rc), see build-fuzz/$$t.log and build-fuzz/artifacts/"; \
	    grep -E 'ERROR|SUMMARY|runtime error' build-fuzz/$$t.log | head -n 5; fail=1; fi; \
	done; exit $$fail

$(BUILD)/bench_insert: tests/bench/bench_insert.c $(BUILD)/libengine.a $(BUILD)/libmodels.a
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) -o $@ $^ $(PKG_LIBS)

# the reuse.c part of loading a 200,000-bin profile (issue 15, item 12; farm-bench it)
$(BUILD)/bench_curves: tests/bench/bench_curves.c $(BUILD)/libmodels.a
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) -o $@ $^ $(PKG_LIBS)

# the sampling source on a real kernel's trace under several salts (issue 23; usage in the file)
$(BUILD)/shards_err_kernel: tests/bench/shards_err_kernel.c $(BUILD)/libengine.a $(BUILD)/libmodels.a
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) -o $@ $^ $(PKG_LIBS)

# The main job: the demo study into db/results.db, then its Pareto front.
run: all
	./gpudse sweep studies/demo.json --db db/results.db
	./gpudse pareto --db db/results.db --max speedup --min energy_j,area_mm2

bench: all
	@$(MAKE) --no-print-directory $(BUILD)/bench_insert
	@tests/bench.sh $(BUILD)

profiles: all
	@calibration/make_profiles.sh

# The binary, the GPU presets and studies, and calibration/ (shipped profiles, parameter sets,
# technology tables, Accel-Sim reference runs) under PREFIX: PREFIX/bin/gpudse finds
# PREFIX/share/gpudse by itself (no GPUDSE_ROOT needed).
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/gpudse
	install -m 755 gpudse $(DESTDIR)$(PREFIX)/bin/gpudse
	cp -R studies calibration $(DESTDIR)$(PREFIX)/share/gpudse/

# SLURM job arrays on a real one-node SLURM cluster on this machine (installs slurm-wlm and
# munge, starts and stops its own daemons): tests/slurm/test_slurm.sh.
test-slurm: all
	@tests/slurm/test_slurm.sh

clean:
	rm -rf build build-san build-tsan build-fuzz gpudse

-include $(shell find build build-san build-tsan build-fuzz -name '*.d' 2>/dev/null)
