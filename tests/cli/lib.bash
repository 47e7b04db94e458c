# Shared helpers for tests/cli/*.sh: sourced, not run.
# Sets GPUFIT (the binary under test), T (a scratch directory removed on exit),
# and a clean environment; provides check/expect helpers that count failures.
set -u
B=${1:-build}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GPUFIT="$ROOT/$B/gpufit"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
unset GPUFIT_CATALOG
export HOME="$T/home" XDG_DATA_HOME="$T/home/.local/share" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME"
failures=0
# shellcheck source=../waits.bash
. "$ROOT/tests/waits.bash"

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# expect_rc WANT CMD... : runs CMD, compares its exit code.
expect_rc() {
	want=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	[ "$got" = "$want" ] || fail "$* exited $got, want $want; stderr: $(head -c 300 "$T/err")"
}

# expect_grep PATTERN FILE : FILE contains PATTERN (fixed string).
expect_grep() {
	grep -qF -- "$1" "$2" || fail "'$2' lacks '$1': $(head -c 300 "$2")"
}

finish() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures failure(s)"
		exit 1
	fi
	exit 0
}
