# tsume: tsume-shogi mate solver.
#
#   make          build ./tsume (installs missing Debian packages first, see tools/deps.sh)
#   make test     build and run the test suite (ends with "N passed, N failed")
#   make asan     the same tests under AddressSanitizer + UBSan, jemalloc off
#   make perft    the whole perft table of ../shared/problems/perft.tsv
#   make bench    perft speed and the Zuko/Muso solve benchmark (Bench: N signature)
#   make bench-long  Microcosmos (1525 plies) from ../shared, line replayed by the oracle
#   make bench-verify  tsume verify over Zuko and Muso (soundness table, cost of verifying)
#   make fuzz     libFuzzer targets (clang) for a bounded time each
#   make example  build and solve the bundled example problem

CC       ?= gcc
# The release build prefers clang when it is installed (it is not installed for this):
# the same search runs 7-8% faster compiled by clang 14 than by gcc 12, all of it in
# movegen (Microcosmos: 100 s against 108 s CPU, the same 65.8 M nodes).  The sanitizer
# build uses $(CC).  Objects go to a directory per compiler, so a build never mixes them.
ifeq ($(origin REL_CC),undefined)
REL_CC   := $(shell command -v clang >/dev/null 2>&1 && echo clang || echo $(CC))
endif
BUILD    := build
REL      := $(BUILD)/release-$(notdir $(REL_CC))
SHARED   ?= ../shared
ARCH     ?= -march=native
# Link-time optimization lets the search inline movegen's attack tests across files:
# Microcosmos in 92.9 s against 95.2 s CPU (clang, the same 65.8 M nodes), a fixed 4 M
# nodes of Muso 第40番 in 7.0 s against 7.3 s.  `make LTO=` builds without it.
LTO      ?= -flto=auto
WARN     := -Wall -Wextra -Wshadow
BASE     := -std=gnu17 $(WARN) -MMD -MP
REL_CFLAGS  := $(BASE) -O3 $(ARCH) $(LTO) -DNDEBUG
REL_LDFLAGS := -O3 $(ARCH) $(LTO)
ASAN_CFLAGS := $(BASE) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined -DTSUME_NO_JEMALLOC
REL_LIBS    := -ljemalloc -lm -lpthread
ASAN_LIBS   := -fsanitize=address,undefined -lm -lpthread
FUZZ_SECONDS ?= 60

MOVEGEN_SRC := $(wildcard movegen/*.c)
CORE_SRC  := $(MOVEGEN_SRC) $(wildcard solver/*.c)
FRONT_SRC := $(filter-out front/usi_main.c,$(wildcard front/*.c))
TEST_SRC  := $(wildcard tests/*.c)
# notation and KIF/CSA readers: front/ files the tests and fuzz targets link directly
FORMAT_SRC := front/notation.c front/kif.c front/csa.c
FUZZ_SRC  := $(wildcard tests/fuzz/*.c)

objs = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(2))
robjs = $(patsubst %.c,$(REL)/%.o,$(1))

.PHONY: all test asan perft bench bench-long bench-verify fuzz example clean deps FORCE
all: tsume tsume-usi

# ---- Debian packages the build needs (installed on first use) ----
$(BUILD)/.deps-build:
	@tools/deps.sh libjemalloc-dev
	@mkdir -p $(BUILD) && touch $@
deps: $(BUILD)/.deps-build

# ---- release build ----
$(REL)/%.o: %.c | $(BUILD)/.deps-build
	@mkdir -p $(dir $@)
	$(REL_CC) $(REL_CFLAGS) -c $< -o $@

$(REL)/tsume: $(call robjs,$(CORE_SRC) $(FRONT_SRC))
	$(REL_CC) $(REL_LDFLAGS) -o $@ $^ $(REL_LIBS)

$(REL)/tsume-tests: $(call robjs,$(CORE_SRC) $(FORMAT_SRC) $(TEST_SRC))
	$(REL_CC) $(REL_LDFLAGS) -o $@ $^ $(REL_LIBS)

# tsume-usi: `tsume usi` as a program of its own, for GUIs that register a bare path.
$(REL)/tsume-usi: $(call robjs,$(CORE_SRC) front/usi_main.c front/cmd_usi.c front/usi_search.c)
	$(REL_CC) $(REL_LDFLAGS) -o $@ $^ $(REL_LIBS)

# Copied whenever they differ, not by date: with another compiler the binary to copy
# may be older than the one in place.
tsume tsume-usi: %: $(REL)/% FORCE
	@cmp -s $< $@ || { cp $< $@.tmp && mv -f $@.tmp $@ && echo "$@ <- $<"; }
FORCE:

# ---- sanitizer build ----
$(BUILD)/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_CFLAGS) -c $< -o $@

$(BUILD)/asan/tsume: $(call objs,asan,$(CORE_SRC) $(FRONT_SRC))
	$(CC) -o $@ $^ $(ASAN_LIBS)

$(BUILD)/asan/tsume-tests: $(call objs,asan,$(CORE_SRC) $(FORMAT_SRC) $(TEST_SRC))
	$(CC) -o $@ $^ $(ASAN_LIBS)

# ---- tests ----
# The oracle cross-check needs node and the two npm rules libraries (tools/oracle).
$(BUILD)/.deps-test:
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || tools/deps.sh nodejs npm
	@tools/oracle/setup.sh $(SHARED)
	@mkdir -p $(BUILD) && touch $@

test: tsume $(REL)/tsume-tests $(BUILD)/.deps-test
	TSUME_BIN=./tsume TSUME_SHARED=$(SHARED) $(REL)/tsume-tests

asan: $(BUILD)/asan/tsume $(BUILD)/asan/tsume-tests $(BUILD)/.deps-test
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	TSUME_BIN=$(BUILD)/asan/tsume TSUME_SHARED=$(SHARED) $(BUILD)/asan/tsume-tests

# ---- perft table and benchmarks ----
perft: tsume
	tools/perft-table.sh $(SHARED)/problems/perft.tsv 1000000000

bench: tsume
	tools/bench.sh

# Microcosmos (1525 plies), read from ../shared (a modern composition: not copied here);
# the line is replayed by the independent rules library.  1 GiB of table: the same
# solve with 4 GiB takes 0.1 M more nodes and 3 s more of the kernel's page zeroing.
LONG_SECONDS ?= 900
bench-long: tsume $(BUILD)/.deps-test
	./tsume solve --hash 1024 --time-limit $(LONG_SECONDS) --format json \
	  "$$(grep -v '^#' $(SHARED)/problems/famous_long.sfen | head -1 | cut -f1)" | \
	  node tools/oracle/verify-line.mjs --expect-plies 1525

# Soundness of Shogi Zuko and Shogi Muso (tsume verify), for the table in README.
bench-verify: tsume $(BUILD)/.deps-test
	tools/bench-verify.sh

example: tsume
	./tsume solve -f problems/example.sfen

# ---- fuzzing (clang + libFuzzer) ----
$(BUILD)/.deps-fuzz:
	@command -v clang >/dev/null 2>&1 || tools/deps.sh clang
	@tools/deps.sh libclang-rt-14-dev
	@mkdir -p $(BUILD) && touch $@

$(BUILD)/fuzz/%: tests/fuzz/%.c $(MOVEGEN_SRC) $(FORMAT_SRC) | $(BUILD)/.deps-fuzz
	@mkdir -p $(dir $@)
	clang -std=gnu17 $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -DTSUME_NO_JEMALLOC -o $@ $< $(MOVEGEN_SRC) $(FORMAT_SRC) -lm

# fuzz_usi drives the whole USI engine, so it links the solver and the engine as well;
# coverage feedback comes from the engine and its parsers only (see the allowlist).
USI_FUZZ_SRC := $(CORE_SRC) front/cmd_usi.c front/usi_search.c
$(BUILD)/fuzz/fuzz_usi: tests/fuzz/fuzz_usi.c $(USI_FUZZ_SRC) tests/fuzz/fuzz_usi_coverage.txt | $(BUILD)/.deps-fuzz
	@mkdir -p $(dir $@)
	clang -std=gnu17 $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -DTSUME_NO_JEMALLOC \
	  -fsanitize-coverage-allowlist=tests/fuzz/fuzz_usi_coverage.txt -o $@ $< $(USI_FUZZ_SRC) -lm -lpthread

# fuzz_problems reads problem files as solve does: the reader and its format detection.
$(BUILD)/fuzz/fuzz_problems: tests/fuzz/fuzz_problems.c $(MOVEGEN_SRC) $(FORMAT_SRC) front/input.c front/problems.c | $(BUILD)/.deps-fuzz
	@mkdir -p $(dir $@)
	clang -std=gnu17 $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -DTSUME_NO_JEMALLOC -o $@ $< \
	  $(MOVEGEN_SRC) $(FORMAT_SRC) front/input.c front/problems.c -lm

fuzz: $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
	@for f in $^; do \
	  mkdir -p $(BUILD)/corpus/$$(basename $$f); \
	  echo "fuzz: $$f for $(FUZZ_SECONDS) s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 $(BUILD)/corpus/$$(basename $$f) tests/fuzz/seeds \
	    2>$(BUILD)/$$(basename $$f).log || { tail -40 $(BUILD)/$$(basename $$f).log; exit 1; }; \
	  grep -E 'stat::number_of_executed_units' $(BUILD)/$$(basename $$f).log; \
	done; echo "fuzz: no crash, no leak, no sanitizer report"

clean:
	rm -rf $(BUILD) tsume tsume-usi

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
