# gpufit - GPU fleet right-sizing advisor for Azure.
#
#   make            build build/gpufit
#   make demo       install missing build packages, build, run recommend on an example
#   make check      install missing packages, build, run every test
#   make check SAN=1  the same under AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench      benchmarks (prints tables)
#   make fuzz       libFuzzer over every input parser (clang), FUZZ_SECONDS each
#   make analyze-static  clang static analyzer + cppcheck over src/, zero findings
#   make check VALGRIND=1  the golden and CLI cases with gpufit under valgrind
#   make readme     rewrite README.md's sample output from the commands it shows
#   make install PREFIX=/usr/local DESTDIR=
#
# WERROR=1 turns warnings into errors (CI sets it).  User CFLAGS/LDFLAGS are
# respected; the flags gpufit needs are added separately.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share
LIBEXECDIR ?= $(PREFIX)/libexec/gpufit
CC      ?= cc
PKG_CONFIG ?= pkg-config
PYTHON  ?= python3

CFLAGS  ?= -O2 -g
LDFLAGS ?=

# make check, demo, bench and fuzz build with one job per processor unless
# -j was given.
NPROC := $(shell nproc 2>/dev/null || echo 1)
SUBJ = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))

PKGS      = libcurl libcjson yaml-0.1 sqlite3
TEST_PKGS = cmocka

WARN = -Wall -Wextra -Wshadow -Wpointer-arith -Wstrict-prototypes \
       -Wmissing-prototypes -Wformat=2 -Wundef -Wcast-align \
       -Wno-unused-parameter
ifeq ($(WERROR),1)
WARN += -Werror
endif

ifeq ($(SAN),1)
B = build-san
# float-cast-overflow is not part of -fsanitize=undefined (gcc or clang): a
# double too large for the integer it is converted to is undefined behaviour.
SANFLAGS = -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all \
           -fno-omit-frame-pointer
else
B = build
SANFLAGS =
endif

# make fuzz: the library and harnesses built with clang for libFuzzer.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_NAMES = profile plan prices refresh dcgm nvsmi dcgmi promjson diff k8slint hfconfig \
	promapi hosts columns escape writers cli catalogdb azure
FUZZ_TARGETS ?= $(FUZZ_NAMES)
ifeq ($(FUZZ),1)
B = build-fuzz
CC = $(FUZZ_CC)
SANFLAGS = -fsanitize=fuzzer-no-link,address,undefined,float-cast-overflow \
           -fno-sanitize-recover=all -fno-omit-frame-pointer
endif

PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
# gpufit without libcurl (gpufit-net has it: docs/HACKING.md, "Two binaries")
OFFLINE_LIBS := $(shell $(PKG_CONFIG) --libs $(filter-out libcurl,$(PKGS)) 2>/dev/null) -lm
TEST_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS   := $(shell $(PKG_CONFIG) --libs $(TEST_PKGS) 2>/dev/null)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iinclude -I$(B) \
             $(WARN) $(SANFLAGS) $(PKG_CFLAGS) $(CFLAGS) -MMD -MP
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)
LIBS = $(PKG_LIBS) -lm

LIB_SRCS  = $(filter-out src/cli/main.c src/catalog/http_offline.c,$(wildcard src/*/*.c))
LIB_OBJS  = $(LIB_SRCS:src/%.c=$(B)/obj/%.o) $(B)/obj/catalog_blob.o
TEST_SRCS = $(wildcard tests/unit/test_*.c)
TEST_BINS = $(TEST_SRCS:tests/unit/%.c=$(B)/tests/%)
FACTS     = $(wildcard catalog/*.csv)
FUZZ_SRCS = tests/fuzz/fuzz_util.c tests/fuzz/fuzz.h
FUZZ_REPLAY = $(FUZZ_NAMES:%=$(B)/fuzz/replay-%)
# One compiler run over several sources: no dependency files.
FUZZ_CFLAGS = $(filter-out -MMD -MP,$(ALL_CFLAGS)) -Itests/fuzz

.PHONY: all deps deps-test deps-dev demo check unit golden cli bench install uninstall clean \
        readme fuzz fuzz-build analyze-static man
.SUFFIXES:

all: $(B)/gpufit $(B)/gpufit-net

# Two binaries of one program: gpufit, which every command starts, without
# libcurl, and gpufit-net, the same with libcurl, which gpufit runs in its
# place for the commands that go to the network (include/http.h).
# http_offline.o comes first, so the archive's http.o is never linked in.
$(B)/gpufit: $(B)/obj/cli/main.o $(B)/obj/catalog/http_offline.o $(B)/libgpufit.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(OFFLINE_LIBS)

$(B)/gpufit-net: $(B)/obj/cli/main.o $(B)/libgpufit.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(B)/obj/catalog/http_offline.o: src/catalog/http_offline.c $(B)/libexecdir | $(B)/obj
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DGPUFIT_LIBEXECDIR='"$(LIBEXECDIR)"' -c -o $@ $<

# LIBEXECDIR as last built in: rewritten (and gpufit rebuilt) when it changes,
# so that make install PREFIX=... after a plain make installs a gpufit that
# looks in the directory it installs gpufit-net to.
$(B)/libexecdir: FORCE | $(B)/obj
	@[ "$$(cat $@ 2>/dev/null)" = "$(LIBEXECDIR)" ] || echo "$(LIBEXECDIR)" > $@

.PHONY: FORCE
FORCE:

$(B)/libgpufit.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(B)/obj/%.o: src/%.c | $(B)/obj
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The bundled catalog: schema + CSV facts -> SQLite file -> C array.
$(B)/mkcatalog: tools/mkcatalog.c | $(B)/obj
	$(CC) $(ALL_CFLAGS) -o $@ $< $(ALL_LDFLAGS) $(LIBS)

$(B)/catalog.db $(B)/catalog_blob.c: $(B)/mkcatalog catalog/schema.sql $(FACTS)
	$(B)/mkcatalog --schema catalog/schema.sql --db $(B)/catalog.db \
		--blob $(B)/catalog_blob.c $(FACTS)

$(B)/obj/catalog_blob.o: $(B)/catalog_blob.c | $(B)/obj
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

$(B)/tests/%: tests/unit/%.c $(B)/libgpufit.a | $(B)/tests
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -o $@ $< $(B)/libgpufit.a $(ALL_LDFLAGS) $(TEST_LIBS) $(LIBS)

# A harness with a main() that replays files (any compiler; make check) ...
$(B)/fuzz/replay-%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_SRCS) $(B)/libgpufit.a | $(B)/fuzz
	$(CC) $(FUZZ_CFLAGS) -o $@ $< tests/fuzz/fuzz_util.c tests/fuzz/replay.c \
		$(B)/libgpufit.a $(ALL_LDFLAGS) $(LIBS)

# ... and linked with libFuzzer (make fuzz, FUZZ=1: clang).
$(B)/fuzz/fuzz-%: tests/fuzz/fuzz_%.c $(FUZZ_SRCS) $(B)/libgpufit.a | $(B)/fuzz
	$(CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< tests/fuzz/fuzz_util.c \
		$(B)/libgpufit.a $(ALL_LDFLAGS) $(LIBS)

$(B)/obj $(B)/tests $(B)/fuzz:
	mkdir -p $@

deps:
	@sh scripts/deps.sh build

deps-test:
	@sh scripts/deps.sh test

deps-dev:
	@sh scripts/deps.sh dev

demo: deps
	$(MAKE) $(SUBJ) all
	./$(B)/gpufit recommend examples/chat-8b.yaml

check: $(if $(filter 1,$(VALGRIND)),deps-dev,deps-test)
	$(MAKE) $(SUBJ) all $(TEST_BINS) $(FUZZ_REPLAY)
	@VALGRIND=$(VALGRIND) bash tests/run-all.sh $(B)

readme: all
	$(PYTHON) scripts/readme-sample.py --update $(B)

unit: all $(TEST_BINS)
	@sh tests/run-unit.sh $(B)

golden: all
	@VALGRIND=$(VALGRIND) bash tests/run-golden.sh $(B)

fuzz-build: $(FUZZ_TARGETS:%=$(B)/fuzz/fuzz-%)

# Every harness for FUZZ_SECONDS (default 60) from its seed corpus; a crash
# fails the run and names the input to copy to tests/fuzz/regress/NAME/.
fuzz: deps-dev
	$(MAKE) $(SUBJ) FUZZ=1 FUZZ_TARGETS="$(FUZZ_TARGETS)" fuzz-build
	@bash tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# clang's static analyzer and cppcheck: zero findings (CI).
analyze-static: deps-dev
	@sh scripts/analyze-static.sh

bench: deps-test
	$(MAKE) $(SUBJ) all
	@sh bench/run.sh $(B)

# The OPTIONS section of the man page, from the option tables
# (tests/cli/manpage.sh fails when it is out of date).
man: all
	sh scripts/man-options.sh $(B)/gpufit docs/gpufit.1

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(DATADIR)/bash-completion/completions \
		$(DESTDIR)$(DATADIR)/zsh/site-functions \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	install -m 755 $(B)/gpufit $(DESTDIR)$(BINDIR)/gpufit
	install -m 755 $(B)/gpufit-net $(DESTDIR)$(LIBEXECDIR)/gpufit-net
	install -m 644 docs/gpufit.1 $(DESTDIR)$(MANDIR)/man1/gpufit.1
	$(B)/gpufit completion bash > $(DESTDIR)$(DATADIR)/bash-completion/completions/gpufit
	$(B)/gpufit completion zsh > $(DESTDIR)$(DATADIR)/zsh/site-functions/_gpufit
	$(B)/gpufit completion fish > $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/gpufit.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gpufit $(DESTDIR)$(LIBEXECDIR)/gpufit-net \
		$(DESTDIR)$(MANDIR)/man1/gpufit.1 \
		$(DESTDIR)$(DATADIR)/bash-completion/completions/gpufit \
		$(DESTDIR)$(DATADIR)/zsh/site-functions/_gpufit \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/gpufit.fish
	-rmdir $(DESTDIR)$(LIBEXECDIR) 2>/dev/null

clean:
	rm -rf build build-san build-fuzz build-clang

-include $(wildcard $(B)/obj/*.d $(B)/obj/*/*.d $(B)/tests/*.d)
