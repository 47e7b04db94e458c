# gpufit - GPU fleet right-sizing advisor for Azure.
#
#   make            build build/gpufit
#   make demo       install missing build packages, build, run recommend on an example
#   make check      install missing packages, build, run every test
#   make check SAN=1  the same under AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench      benchmarks (prints tables)
#   make install PREFIX=/usr/local DESTDIR=
#
# WERROR=1 turns warnings into errors (CI sets it).  User CFLAGS/LDFLAGS are
# respected; the flags gpufit needs are added separately.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share
CC      ?= cc
PKG_CONFIG ?= pkg-config
PYTHON  ?= python3

CFLAGS  ?= -O2 -g
LDFLAGS ?=

PKGS      = libcurl libcjson yaml-0.1 sqlite3
# libcurl is loaded at run time by src/http.c (dlopen), only when a command
# goes to the network: it is compiled against but not linked.
LINK_PKGS = libcjson yaml-0.1 sqlite3
TEST_PKGS = cmocka

WARN = -Wall -Wextra -Wshadow -Wpointer-arith -Wstrict-prototypes \
       -Wmissing-prototypes -Wformat=2 -Wundef -Wcast-align \
       -Wno-unused-parameter
ifeq ($(WERROR),1)
WARN += -Werror
endif

ifeq ($(SAN),1)
B = build-san
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else
B = build
SANFLAGS =
endif

PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell $(PKG_CONFIG) --libs $(LINK_PKGS) 2>/dev/null)
TEST_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS   := $(shell $(PKG_CONFIG) --libs $(TEST_PKGS) 2>/dev/null)

ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Iinclude -I$(B) \
             $(WARN) $(SANFLAGS) $(PKG_CFLAGS) $(CFLAGS) -MMD -MP
ALL_LDFLAGS = $(SANFLAGS) $(LDFLAGS)
LIBS = $(PKG_LIBS) -ldl -lm

LIB_SRCS  = $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJS  = $(LIB_SRCS:src/%.c=$(B)/obj/%.o) $(B)/obj/catalog_blob.o
TEST_SRCS = $(wildcard tests/unit/test_*.c)
TEST_BINS = $(TEST_SRCS:tests/unit/%.c=$(B)/tests/%)
FACTS     = $(wildcard catalog/*.csv)

.PHONY: all deps deps-test demo check unit golden cli bench install uninstall clean
.SUFFIXES:

all: $(B)/gpufit

$(B)/gpufit: $(B)/obj/main.o $(B)/libgpufit.a
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(B)/libgpufit.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(B)/obj/%.o: src/%.c | $(B)/obj
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

$(B)/obj $(B)/tests:
	mkdir -p $@

deps:
	@sh scripts/deps.sh build

deps-test:
	@sh scripts/deps.sh test

demo: deps
	$(MAKE) all
	./$(B)/gpufit recommend examples/chat-8b.yaml

check: deps-test
	$(MAKE) all $(TEST_BINS)
	@sh tests/run-all.sh $(B)

unit: all $(TEST_BINS)
	@sh tests/run-unit.sh $(B)

golden: all
	@sh tests/run-golden.sh $(B)

bench: deps-test
	$(MAKE) all
	@sh bench/run.sh $(B)

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(DATADIR)/bash-completion/completions
	install -m 755 $(B)/gpufit $(DESTDIR)$(BINDIR)/gpufit
	install -m 644 docs/gpufit.1 $(DESTDIR)$(MANDIR)/man1/gpufit.1
	$(B)/gpufit completion bash > $(DESTDIR)$(DATADIR)/bash-completion/completions/gpufit

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gpufit $(DESTDIR)$(MANDIR)/man1/gpufit.1 \
		$(DESTDIR)$(DATADIR)/bash-completion/completions/gpufit

clean:
	rm -rf build build-san

-include $(wildcard $(B)/obj/*.d $(B)/tests/*.d)
