# gpudse build.  `make` builds ./gpudse (installing missing Debian packages first),
# `make test` runs the suite in three passes: normal build, AddressSanitizer + UBSan, then a
# ThreadSanitizer build of gpudse on the threaded paths (sweep --jobs, profile --threads).
# Its builds run in parallel, one job per core (nproc), unless make was given -j itself.
# Every models/*.c and src/**/*.c is compiled; every tests/unit/test_*.c is one test program;
# the reference simulators (tests/reference/) and helpers (tests/support/) are linked into every
# test program; every tests/cli/cli_*.sh is a CLI test run against the built binary.

CC      ?= cc
PKGS    := gsl sqlite3 libcjson zlib
DEBPKGS := pkg-config libgsl-dev libsqlite3-dev libcjson-dev zlib1g-dev xz-utils
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wno-unused-parameter
STD     := -std=c11 -D_GNU_SOURCE -pthread
OPT     ?= -O2 -g
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm -pthread
CPPFLAGS := -Imodels -Isrc -Itests

BUILD ?= build
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
TSAN_FLAGS := -fsanitize=thread
# What the ThreadSanitizer pass runs: the tests that start threads (the memo table under four
# threads; gpudse's sweep --jobs and profile --threads).  test_profiler's thread checks run in
# the other two passes only: under TSan it takes over two minutes.
TSAN_TESTS := test_memo cli_threads
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

.PHONY: all deps run test test-normal test-san test-tsan bench profiles clean
.DEFAULT_GOAL := all

all: .deps-ok
	@$(MAKE) --no-print-directory gpudse

# Install what is missing, once; the stamp records that pkg-config found everything.
# (xz-utils: Accel-Sim traces are often .xz, which gpudse profile reads through `xz -dc`.)
.deps-ok:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! command -v xz >/dev/null 2>&1 || ! pkg-config --exists $(PKGS); then \
	  echo "gpudse: installing missing Debian packages: $(DEBPKGS)"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(DEBPKGS) >/dev/null; \
	fi
	@pkg-config --exists $(PKGS) || { echo "gpudse: missing libraries: $(PKGS)" >&2; exit 1; }
	@touch $@

deps: .deps-ok

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(OPT) $(WARN) $(CPPFLAGS) $(PKG_CFLAGS) $(EXTRA_CFLAGS) -MMD -MP -c $< -o $@

# The profiler's per-access loops (src/profiling/profiler.c, src/profiling/lru_stack.c) run 13% faster at -O3 (unrolled front scans
# and sorts; gpudse profile on p-2mm, README "Performance").  A command-line OPT (the sanitizer
# build's) still wins.
$(BUILD)/src/profiling/profiler.o $(BUILD)/src/profiling/lru_stack.o: OPT = -O3 -g

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

$(BUILD)/bench_insert: tests/bench/bench_insert.c $(BUILD)/libengine.a $(BUILD)/libmodels.a
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

clean:
	rm -rf build build-san build-tsan gpudse

-include $(shell find build build-san build-tsan -name '*.d' 2>/dev/null)
