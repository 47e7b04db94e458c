#!/bin/bash
# The documentation in the repository is the contract: code, docs, tests,
# scripts and the catalog cite docs/..., never a file a clone does not have
# (a specification or style guide kept outside the repository, a sibling
# directory).  Fails listing every such citation.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
# the names are split so that this file does not match itself
pat='SPEC''\.md|\.\./sha''red|sha''red/reference|/work/sha''red|STY''LE\.md|aesthetics''-anchors'
hits=$(timeout 60 grep -rnIE "$pat" README.md Makefile src include tests docs scripts tools bench \
	catalog examples .ci 2>/dev/null | grep -v '^tests/cli/citations\.sh:')
if [ -n "$hits" ]; then
	printf '%s\n' "$hits" | head -n 40
	echo "FAIL: $(printf '%s\n' "$hits" | wc -l) citation(s) of files outside the repository; cite docs/ instead"
	exit 1
fi
echo "citations: every citation is of a file in the repository"
