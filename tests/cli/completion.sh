#!/bin/bash
# The bash completion script from `gpufit completion bash`: it parses, and it
# completes every command, catalog verb and option that `gpufit help` and the
# --help pages list (so it cannot drift from the command table), option
# values, and file arguments by kind.
set -u
B=${1:-build}
root=$(cd "$(dirname "$0")/.." && cd .. && pwd)
gpufit="$root/$B/gpufit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$gpufit" completion bash >"$work/gpufit.bash" || fail "completion bash exited $?"
bash -n "$work/gpufit.bash" || fail "the script does not parse"

# Completes the words given (the last one is the word under the cursor).
complete_words() {
	(
		cd "$work/files" || exit 1
		# shellcheck disable=SC1091
		source "$work/gpufit.bash"
		COMP_WORDS=("$@")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMPREPLY=()
		_gpufit
		printf '%s\n' "${COMPREPLY[@]}" | sort
	)
}
mkdir -p "$work/files/dir"
touch "$work/files/a.yaml" "$work/files/b.yml" "$work/files/c.json" "$work/files/d.txt"

expect() { # expect "WANT (newline-separated, sorted)" words...
	local want=$1
	shift
	local got
	got=$(complete_words "$@")
	[ "$got" = "$want" ] || fail "completing '$*': got [$(echo $got)], want [$(echo $want)]"
}
contains() { # contains WORD words...
	local word=$1
	shift
	complete_words "$@" | grep -qx -- "$word" || fail "completing '$*' does not offer '$word'"
}

# Every command of `gpufit help`, and nothing else.
cmds=$("$gpufit" help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 && /^  [a-z]/ {print $1}' | sort)
[ -n "$cmds" ] || fail "no commands in 'gpufit help'"
expect "$cmds" gpufit ""

# Every long option that starts a line of a command's --help page (within
# the option column, indented less than 8; deeper lines continue a text).
help_opts() { sed -n '/^options:/,/^$/p' | grep -oE -- '^ {1,7}(-[a-zA-Z], )?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z0-9-]+' | sort -u; }
for c in $cmds; do
	[ "$c" = catalog ] && continue
	for o in $("$gpufit" "$c" --help | help_opts); do
		contains "$o" gpufit "$c" "${o:0:3}"
	done
done

# Catalog verbs and their options.
verbs=$("$gpufit" catalog --help | sed -n '/^verbs:/,$p' | awk '/^  [a-z]/ {print $1}' | sort)
[ -n "$verbs" ] || fail "no verbs in 'gpufit catalog --help'"
expect "$verbs" gpufit catalog ""
for v in $verbs; do
	for o in $("$gpufit" catalog "$v" --help | help_opts); do
		contains "$o" gpufit catalog "$v" "${o:0:3}"
	done
done

# Global options, option values, files by kind, help topics.
contains --format gpufit --f
contains --no-color gpufit diff --n
expect "$(printf '%s\n' csv html json markdown sh table yaml)" gpufit -f ""
expect json gpufit diff --format j
expect "$(printf '%s\n' savings-1y savings-3y spot)" gpufit catalog list --pricing s
expect show gpufit -f json catalog sh
expect "$(printf '%s\n' a.yaml b.yml dir)" gpufit validate ""
expect "$(printf '%s\n' c.json dir)" gpufit diff ""
expect "$(printf '%s\n' c.json dir)" gpufit diff a.yaml ""
expect diff gpufit help di
expect bash gpufit completion ""
expect "$(printf '%s\n' a.yaml b.yml c.json d.txt dir)" gpufit -o ""
if printf '%s\n' $cmds | grep -qx check; then
	expect "$(printf '%s\n' a.yaml b.yml dir)" gpufit check ""
	expect "$(printf '%s\n' a.yaml b.yml c.json d.txt dir)" gpufit check --baseline ""
fi

# Errors.
out=$("$gpufit" completion zsh 2>&1); rc=$?
[ "$rc" = 2 ] || fail "completion zsh: exit $rc, want 2"
[ "$(printf '%s\n' "$out" | head -1)" = "gpufit: error: completion: unsupported shell 'zsh' (bash)" ] ||
	fail "completion zsh: got '$out'"
"$gpufit" completion >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || fail "completion without a shell: exit $rc, want 2"

[ "$fails" = 0 ] && echo "completion: ok"
[ "$fails" = 0 ]
