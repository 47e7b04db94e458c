#!/bin/sh
# make analyze-static: clang's static analyzer (the checkers scan-build runs,
# as errors) over every source file of src/ and tests/fuzz/, then cppcheck
# (warning, portability and performance checks) over src/, tools/ and tests/.
# Prints every finding; exit 1 when there is any.
#   scripts/analyze-static.sh   (CLANG, CPPCHECK and JOBS may be set)
set -u
cd "$(dirname "$0")/.." || exit 2
CLANG=${CLANG:-clang}
CPPCHECK=${CPPCHECK:-cppcheck}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
defs="-D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE"
pkg=$(pkg-config --cflags libcurl libcjson yaml-0.1 sqlite3 cmocka 2>/dev/null)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

n=$(ls src/*/*.c tests/fuzz/*.c | wc -l)
# shellcheck disable=SC2016
ls src/*/*.c tests/fuzz/*.c | xargs -P "$JOBS" -I{} sh -c \
	'"$1" --analyze -Xclang -analyzer-werror -std=c11 $2 -Iinclude -Itests/fuzz $3 \
		-o /dev/null "$4" >"$5/$(echo "$4" | tr / _).log" 2>&1' \
	sh "$CLANG" "$defs" "$pkg" {} "$out"
cat "$out"/*.log >"$out/clang.txt"
clang_n=$(grep -c ': error: ' "$out/clang.txt")
if [ "$clang_n" -gt 0 ] || grep -q . "$out/clang.txt"; then
	grep -E ': (error|warning): ' "$out/clang.txt"
fi
echo "clang static analyzer: $n files, $clang_n findings"

# shellcheck disable=SC2086
"$CPPCHECK" --enable=warning,portability,performance --std=c11 -Iinclude -Itests/fuzz $defs \
	--inline-suppr --quiet -j "$JOBS" --error-exitcode=1 \
	--template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
	src/ tools/ tests/unit tests/fuzz >"$out/cppcheck.txt" 2>&1
cpp_rc=$?
cpp_n=$(grep -c ': [a-z]*: ' "$out/cppcheck.txt")
cat "$out/cppcheck.txt"
echo "cppcheck: $cpp_n findings"

[ "$clang_n" = 0 ] && ! grep -q . "$out/clang.txt" && [ "$cpp_rc" = 0 ] && [ "$cpp_n" = 0 ]
