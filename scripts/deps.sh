#!/bin/sh
# Installs the Debian packages gpufit needs when they are missing.
#   deps.sh build   libraries and tools to build gpufit
#   deps.sh test    the above plus what the test suite and benchmarks use
#   deps.sh dev     the above plus the fuzzers, static analyzers and valgrind
#                   (make fuzz, make analyze-static, make check VALGRIND=1)
# Does nothing when everything is present; uses sudo when not root.
set -eu
mode=${1:-build}

pkgs=""
need() { pkgs="$pkgs $1"; }

command -v cc >/dev/null 2>&1 || need gcc
command -v make >/dev/null 2>&1 || need make
command -v pkg-config >/dev/null 2>&1 || need pkg-config
for pc in libcurl:libcurl4-openssl-dev libcjson:libcjson-dev yaml-0.1:libyaml-dev \
          sqlite3:libsqlite3-dev; do
	pkg-config --exists "${pc%%:*}" 2>/dev/null || need "${pc#*:}"
done
if [ "$mode" = test ] || [ "$mode" = dev ]; then
	pkg-config --exists cmocka 2>/dev/null || need libcmocka-dev
	command -v python3 >/dev/null 2>&1 || need python3
	python3 -c 'import jsonschema' 2>/dev/null || need python3-jsonschema
	python3 -c 'import yaml; yaml.CSafeLoader' 2>/dev/null || need python3-yaml
	command -v sqlite3 >/dev/null 2>&1 || need sqlite3
	command -v curl >/dev/null 2>&1 || need curl
	command -v jq >/dev/null 2>&1 || need jq
	command -v cmark >/dev/null 2>&1 || need cmark   # README and docs rendered as CommonMark
	command -v prometheus >/dev/null 2>&1 || need prometheus
	command -v openssl >/dev/null 2>&1 || need openssl
	command -v git >/dev/null 2>&1 || need git
	[ -x /usr/bin/time ] || need time
	# gpufit k8s: the generated script is checked with shellcheck, the
	# manifests with the npm package kubernetes-models (tests/k8s/setup.sh
	# installs it with npm into the build directory)
	command -v shellcheck >/dev/null 2>&1 || need shellcheck
	# gpufit completion: each script is loaded in the real shell
	command -v zsh >/dev/null 2>&1 || need zsh
	command -v fish >/dev/null 2>&1 || need fish
	command -v node >/dev/null 2>&1 || need nodejs
	command -v npm >/dev/null 2>&1 || need npm
	command -v chromium >/dev/null 2>&1 || need chromium   # the HTML reports in a real browser
fi
if [ "$mode" = dev ]; then
	command -v clang >/dev/null 2>&1 || need clang
	# libFuzzer and the sanitizer runtimes of clang (only recommended by clang).
	ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
		need libclang-rt-dev
	command -v scan-build >/dev/null 2>&1 || need clang-tools
	command -v cppcheck >/dev/null 2>&1 || need cppcheck
	command -v valgrind >/dev/null 2>&1 || need valgrind
fi

[ -n "$pkgs" ] || exit 0
echo "gpufit: installing Debian packages:$pkgs" >&2
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
