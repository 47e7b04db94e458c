#!/bin/bash
# shellcheck disable=SC2016  # backticks in single quotes are Markdown, not a command
# README.md and docs/*.md through a CommonMark parser (cmark): every fenced
# code block ends at a closing fence of its own, so no text after a fence is
# swallowed into code.  Catches a fence that is never closed (the block runs
# to the end of the file) and text glued to a closing fence ("``` Every ...":
# CommonMark reads that as no fence at all, so the code runs on).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
command -v cmark >/dev/null || { echo "cmark is not installed (sh scripts/deps.sh test)" >&2; exit 1; }
check() {
	cmark --to xml --sourcepos "$1" | python3 -c '
import re, sys, xml.etree.ElementTree as ET
path = sys.argv[1]
lines = open(path, encoding="utf-8").read().split("\n")
bad = 0
for el in ET.parse(sys.stdin).getroot().iter("{http://commonmark.org/xml/1.0}code_block"):
    m = re.match(r"(\d+):\d+-(\d+):\d+", el.get("sourcepos", ""))
    if not m:
        continue
    first, last = int(m.group(1)), int(m.group(2))
    opening = lines[first - 1].lstrip()
    fence = re.match(r"(`{3,}|~{3,})", opening)
    if not fence:
        continue  # an indented code block
    closing = lines[last - 1].strip() if last > first else ""
    if not re.fullmatch(re.escape(fence.group(1)[0]) + "{%d,}" % len(fence.group(1)), closing):
        print(f"{path}:{first}: code fence opened here is not closed on a line of its own "
              f"(the block runs to line {last})")
        bad = 1
    for n in range(first + 1, last):
        glued = re.match(r" {0,3}(`{3,}|~{3,})\s*\S", lines[n - 1])
        if glued and glued.group(1)[0] == fence.group(1)[0] and len(glued.group(1)) >= len(fence.group(1)):
            print(f"{path}:{n}: text glued to a code fence")
            bad = 1
sys.exit(bad)
' "$1"
}
fail=0
for f in README.md docs/*.md; do
	check "$f" || fail=1
done
# the check itself: a glued fence and an unclosed one are caught
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '```\ncode\n``` text after\n\nmore\n' >"$tmp/glued.md"
printf 'a\n\n```sh\nnever closed\n' >"$tmp/open.md"
printf '```sh\nok\n```\n\n~~~~\nalso\n~~~~\n' >"$tmp/good.md"
if check "$tmp/glued.md" >/dev/null; then echo "a glued fence was not caught" >&2; fail=1; fi
if check "$tmp/open.md" >/dev/null; then echo "an unclosed fence was not caught" >&2; fail=1; fi
check "$tmp/good.md" || { echo "a well-formed file was refused" >&2; fail=1; }
exit $fail
