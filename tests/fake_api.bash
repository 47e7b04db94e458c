# Sourced by the refresh tests (tests/cli/refresh*.sh): the build directory
# from $1, a private HOME and XDG data directory, a fixed clock, and the fake
# Retail Prices API (tests/fake_prices_api.py) started on 127.0.0.1 and
# stopped on exit.  Sets B, root, bin, work, srv, port and url.
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
bin="$root/$B/gpufit"
name=$(basename "$0" .sh)
[ -x "$bin" ] || { echo "$name: $bin not built"; exit 2; }
work=$(mktemp -d)
# shellcheck source=waits.bash
. "$root/tests/waits.bash"
srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$work"' EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" NO_COLOR=1 LC_ALL=C.UTF-8
export GPUFIT_NOW=2025-01-01T00:00:00Z
unset GPUFIT_CATALOG
mkdir -p "$HOME"

python3 "$root/tests/fake_prices_api.py" >"$work/port" 2>"$work/server.err" &
srv=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(head -n 1 "$work/port")
[ -n "$port" ] || { echo "FAIL: fake API did not start"; cat "$work/server.err"; exit 1; }
url="http://127.0.0.1:$port"
