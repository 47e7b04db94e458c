#!/bin/sh
# Installs the Debian packages gpufit needs when they are missing.
#   deps.sh build   libraries and tools to build gpufit
#   deps.sh test    the above plus what the test suite and benchmarks use
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
if [ "$mode" = test ]; then
	pkg-config --exists cmocka 2>/dev/null || need libcmocka-dev
	command -v python3 >/dev/null 2>&1 || need python3
	python3 -c 'import jsonschema' 2>/dev/null || need python3-jsonschema
	command -v sqlite3 >/dev/null 2>&1 || need sqlite3
	command -v curl >/dev/null 2>&1 || need curl
	command -v jq >/dev/null 2>&1 || need jq
	command -v prometheus >/dev/null 2>&1 || need prometheus
	command -v git >/dev/null 2>&1 || need git
	[ -x /usr/bin/time ] || need time
	command -v chromium >/dev/null 2>&1 || need chromium   # the HTML reports in a real browser
fi

[ -n "$pkgs" ] || exit 0
echo "gpufit: installing Debian packages:$pkgs" >&2
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
