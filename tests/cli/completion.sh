#!/bin/bash
# `gpufit completion bash|zsh|fish`, each script loaded in the real shell and
# asked for the candidates of partial command lines (bash: COMP_WORDS and the
# function; zsh: an interactive zsh on a pseudo-terminal, TAB, its compadd
# calls captured, the script sourced and installed in $fpath; fish:
# complete -C), compared as exact sets.  And, against
# the running binary: every option a command's parser accepts is on its
# --help page, in the man page's OPTIONS section and in each shell's
# completion.  Every shell runs under timeout.
. "$(dirname "$0")/lib.bash"

for sh in bash zsh fish; do
	command -v "$sh" >/dev/null 2>&1 || {
		echo "FAIL: $sh is not installed (scripts/deps.sh test installs it)"
		exit 1
	}
done

for sh in bash zsh fish; do
	"$GPUFIT" completion "$sh" >"$T/gpufit.$sh" || fail "completion $sh exited $?"
done
timeout 10 bash -n "$T/gpufit.bash" || fail "the bash script does not parse"
timeout 10 zsh -n "$T/gpufit.zsh" || fail "the zsh script does not parse"
timeout 10 fish -n "$T/gpufit.fish" || fail "the fish script does not parse"

mkdir -p "$T/files/dir"
touch "$T/files/a.yaml" "$T/files/b.yml" "$T/files/c.json" "$T/files/d.txt"

# The zsh harness: an interactive `zsh -f` on a pseudo-terminal (zpty) with
# compinit and the script loaded; each line of the file LINES is typed and
# TAB pressed; every compadd call that adds matches is passed through and
# its matches printed between two marks (compprefuncs, comppostfuncs, set
# by the TAB widget before each completion),
# directories with a '/'; then the line is killed (^U) for the next one.
cat >"$T/zcapture.zsh" <<'ZSH'
zmodload zsh/zpty || exit 3
# SCRIPT is sourced after compinit, or with a 4th argument "fpath" installed
# as _gpufit in a directory of $fpath (autoloaded on the first TAB)
script=$1 lines=$2 setup=$3 mode=${4:-source}
if [[ $mode == fpath ]]; then
	mkdir -p $setup.d && cp $script $setup.d/_gpufit
	load="fpath=(${(q)setup}.d \$fpath); autoload -U compinit && compinit -u -D"
else
	load="autoload -U compinit && compinit -u -D; source ${(q)script}"
fi
cat >$setup <<SETUP
PS1= PS2= RPS1=
unsetopt beep
$load
bindkey -e
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
zstyle ':completion:*' menu no
_capture_mark() { print -r -- '<<capture>>' }
# compprefuncs and comppostfuncs are emptied after each completion: TAB sets
# them again
_capture_complete() {
	compprefuncs=(_capture_mark)
	comppostfuncs=(_capture_mark)
	zle complete-word
}
zle -N _capture_complete
bindkey '^I' _capture_complete
compadd() {
	if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
		builtin compadd "\$@"
		return
	fi
	local -a hits
	builtin compadd -A hits "\$@"
	builtin compadd "\$@" || return
	local h
	for h in \$hits; do
		if [[ -d \$h ]]; then print -r -- "\$h/"; else print -r -- "\$h"; fi
	done
}
print -r -- '<<ready>>'
SETUP
zpty z zsh -f -i
zpty -w z "source ${(q)setup}"
out=
while zpty -r z chunk; do
	out+=$chunk
	[[ $out == *'<<ready>>'* ]] && break
done
while IFS= read -r line; do
	zpty -w -n z $'\C-u'"$line"$'\t'
	out=
	while zpty -r z chunk; do
		out+=$chunk
		[[ $out == *'<<capture>>'*'<<capture>>'* ]] && break
	done
	body=${out#*'<<capture>>'}
	body=${body%%'<<capture>>'*}
	print -r -- ${body//$'\r'/}
	print -r -- '<<end>>'
done <$lines
zpty -d z
ZSH

# The cases: a line (the cursor at its end) and the exact candidates every
# shell must offer; expect collects them, check_cases runs them all, one
# process per shell.
: >"$T/cases"
expect() { # expect LINE WANT...
	local line=$1
	shift
	printf '%s\t%s\n' "$line" "$(printf '%s\n' "$@" | sed '/^$/d' | sort -u | tr '\n' ' ')" >>"$T/cases"
}

# run SHELL: the candidates for each line of $T/lines, each block ended by
# a line "<<end>>".
run() {
	(
		cd "$T/files" || exit 1
		case $1 in
		bash)
			# shellcheck disable=SC2016
			timeout 60 bash -c '
				source "$1"
				while IFS= read -r line; do
					read -ra COMP_WORDS <<<"$line"
					[[ $line == *" " ]] && COMP_WORDS+=("")
					COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
					COMPREPLY=()
					_gpufit
					for w in "${COMPREPLY[@]}"; do
						# compopt -o filenames marks directories with a slash
						if [ -d "$w" ]; then echo "$w/"; else echo "$w"; fi
					done
					echo "<<end>>"
				done <"$2"' _ "$T/gpufit.bash" "$T/lines"
			;;
		zsh)
			timeout 120 zsh -f "$T/zcapture.zsh" "$T/gpufit.zsh" "$T/lines" "$T/zsetup"
			;;
		zsh-fpath)
			timeout 120 zsh -f "$T/zcapture.zsh" "$T/gpufit.zsh" "$T/lines" "$T/zsetup2" fpath
			;;
		fish)
			# shellcheck disable=SC2016
			timeout 60 fish --no-config -c '
				source $argv[1]
				while read -l line
					complete -C $line | string replace -r "\t.*" ""
					echo "<<end>>"
				end <$argv[2]' "$T/gpufit.fish" "$T/lines"
			;;
		esac
	)
}

# Runs every case in every shell and compares.
check_cases() {
	local sh line want got block
	cut -f1 "$T/cases" >"$T/lines"
	for sh in bash zsh zsh-fpath fish; do
		run "$sh" >"$T/out.$sh"
		# one line per case: its sorted candidates, each followed by a blank
		got=$(
			block=
			while IFS= read -r line; do
				if [ "$line" = "<<end>>" ]; then
					printf '%s\n' "$block" | sed '/^$/d' | sort -u | tr '\n' ' '
					echo
					block=
				else
					block+=$line$'\n'
				fi
			done <"$T/out.$sh"
		)
		[ "$(printf '%s\n' "$got" | wc -l)" = "$(wc -l <"$T/cases")" ] ||
			fail "$sh answered $(printf '%s\n' "$got" | wc -l) of $(wc -l <"$T/cases") lines: $(tail -c 300 "$T/out.$sh")"
		paste -d '\t' "$T/cases" <(printf '%s\n' "$got") | while IFS=$'\t' read -r line want got; do
			[ "$got" = "$want" ] || echo "FAIL: $sh completing '$line': got [$got], want [$want]"
		done >>"$T/fails"
	done
}
: >"$T/fails"

# Commands, verbs, option values, files by kind, help topics, shells.
cmds=$("$GPUFIT" help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 && /^  [a-z]/ {print $1}')
[ -n "$cmds" ] || fail "no commands in 'gpufit help'"
# shellcheck disable=SC2086
expect "gpufit " $cmds
expect "gpufit rec" recommend
expect "gpufit -f json rec" recommend
expect "gpufit catalog " gpus list models refresh show status
expect "gpufit -f json catalog sh" show
expect "gpufit k8s " a.yaml b.yml dir/ generate lint
expect "gpufit -f " csv html json markdown sarif sh table yaml
expect "gpufit diff --format j" json
expect "gpufit recommend -f " csv html json markdown table
expect "gpufit k8s -f " json sh yaml
expect "gpufit k8s lint -f " json sarif table
expect "gpufit recommend --pricing s" savings-1y savings-3y spot
expect "gpufit check --pricing a" auto
expect "gpufit catalog list -p s" savings-1y savings-3y spot
expect "gpufit catalog list --pricing " payg reserved-1y reserved-3y savings-1y savings-3y spot
expect "gpufit pack --strategy " aks mixed
expect "gpufit analyze --input-format d" dcgm dcgmi
expect "gpufit estimate --mode " inference training
expect "gpufit recommend --top "
expect "gpufit recommend " a.yaml b.yml dir/
expect "gpufit recommend --region eastus " a.yaml b.yml dir/
expect "gpufit validate a.yaml " a.yaml b.yml dir/
expect "gpufit validate d" dir/
expect "gpufit diff " c.json dir/
expect "gpufit diff c.json " c.json dir/
expect "gpufit check --baseline " c.json dir/
expect "gpufit estimate --hf-config " c.json dir/
expect "gpufit k8s lint --nodepools " c.json dir/
expect "gpufit k8s lint --profile " a.yaml b.yml dir/
expect "gpufit k8s --out-dir " dir/
expect "gpufit k8s generate --out-dir " dir/
expect "gpufit analyze " a.yaml b.yml c.json d.txt dir/
expect "gpufit -o " a.yaml b.yml c.json d.txt dir/
expect "gpufit recommend --catalog " a.yaml b.yml c.json d.txt dir/
expect "gpufit help di" diff
expect "gpufit completion " bash fish zsh
expect "gpufit --no" --no-color
expect "gpufit diff --n" --no-color
expect "gpufit --vers" --version
expect "gpufit recommend --vers"

# help_opts: the option words of a --help page (its options and global
# options sections: "-r, --region R", "      --raw").
help_opts() {
	sed -n '/^options:/,/^$/p; /^global options:/,/^$/p' |
		grep -oE -- '^ {2,6}(-[a-zA-Z], )?--[a-z][a-z0-9-]*' | grep -oE -- '-?-[a-zA-Z][a-z0-9-]*' |
		sort -u
}

# shellcheck disable=SC2086
expect "gpufit -" $("$GPUFIT" --help | help_opts)

# Every context: each command and each verb of it.
ctxs=$(for c in $cmds; do
	echo "$c"
	"$GPUFIT" "$c" --help 2>/dev/null | sed -n '/^verbs:/,/^$/p' | awk '/^  [a-z]/ {print "'"$c"' " $1}'
done)
echo "$ctxs" | grep -qx "catalog list" || fail "no 'catalog list' among [$(echo $ctxs)]"
echo "$ctxs" | grep -qx "k8s lint" || fail "no 'k8s lint' among [$(echo $ctxs)]"

# The parser sweeps below (hundreds of runs) check the option tables, which
# are the same in every build: against build/ only.
sweep=0
[ "$B" = build ] && sweep=1

# The long options the option tables of src/ declare (any command's).
declared=$(grep -ohE '^\s*\{ "[a-z0-9-]+", ('"'"'.'"'"'|0), CLI_ARG_' "$ROOT"/src/*/*.c |
	sed -E 's/^\s*\{ "([a-z0-9-]+)".*/\1/' | sort -u)
[ "$(echo "$declared" | wc -l)" -gt 50 ] || fail "found only [$(echo $declared)] in src/"
swept=$declared
[ "$sweep" = 1 ] || swept=

# An awk program that prints a FAIL line for each option of a --help page
# (variable ctx) without a help text: on its line after the option column,
# or on the next line, indented to the column, when the option fills it.
# shellcheck disable=SC2016
notext='
	function text_at_column(l) { return substr(l, 29, 1) != "" && substr(l, 29, 1) != " " }
	want != "" {
		if (substr($0, 1, 28) != sprintf("%28s", "") || !text_at_column($0))
			print "FAIL: gpufit " ctx " --help: no text for " want
		want = ""
	}
	/^(options|global options):$/ { on = 1; next }
	/^$/ { on = 0; next }
	on && match($0, /^ +-/) && RLENGTH <= 7 && !(substr($0, 27, 2) == "  " && text_at_column($0)) { want = $0 }
	END { if (want != "") print "FAIL: gpufit " ctx " --help: no text for " want }'
printf 'options:\n      --a N                 text\n      --b N\n      --very-long-option-name X\n%28stext\n      --c\n\nglobal options:\n      --d\n' "" |
	awk -v ctx=x "$notext" >"$T/notext"
[ "$(cat "$T/notext")" = "FAIL: gpufit x --help: no text for       --b N
FAIL: gpufit x --help: no text for       --c
FAIL: gpufit x --help: no text for       --d" ] || fail "the help text check: $(cat "$T/notext")"

# The man page's OPTIONS subsection of a context, roff undone.
man_opts() {
	sed -n "/^\.SS gpufit $1\$/,/^\.S[SH] /p" "$ROOT/docs/gpufit.1" | grep -v '^\.' |
		grep -oE '^\\fB\\-(.\\fR, \\fB\\-)?\\-([a-z0-9]|\\-)+' | sed 's/\\fR, \\fB/ /; s/\\fB//g; s/\\-/-/g' |
		tr ' ' '\n' | sort -u
}

# The global options every command takes, as 'gpufit --help' shows them
# (--version and -V only before a command).
glob=$("$GPUFIT" --help | help_opts)
cmd_glob=$(echo "$glob" | grep -vxE -- '--version|-V')

while IFS= read -r ctx; do
	[ -n "$ctx" ] || continue
	# shellcheck disable=SC2086
	doc=$("$GPUFIT" $ctx --help 2>/dev/null | help_opts)
	case $ctx in help | version) continue ;; esac
	# Every option has a help text: on its line after the option column, or
	# on the next line, indented to it, when the option fills the column.
	# shellcheck disable=SC2086
	"$GPUFIT" $ctx --help 2>/dev/null | awk -v ctx="$ctx" "$notext" >>"$T/fails"
	# Every option the parser accepts is on the page: an accepted option
	# is not reported as unknown (its value, or the bogus option after it,
	# stops the run before any work).
	# shellcheck disable=SC2086
	if "$GPUFIT" $ctx --zz-no-such-option 2>&1 | grep -q "unknown option '--zz-no-such-option'"; then
		# (an option the page shows passes whatever the parser does: only
		# the others are tried, one run each; a sanitizer build repeats
		# what the option tables decide, and the command line is fuzzed
		# under the sanitizers, so the sweep runs against build/ only)
		shown=" $(echo $doc) --help "
		for o in $swept; do
			case $shown in *" --$o "*) continue ;; esac
			# shellcheck disable=SC2086
			out=$(timeout 10 "$GPUFIT" $ctx "--$o" x --zz-no-such-option 2>&1 </dev/null)
			case $out in *"unknown option '--$o'"*) continue ;; esac
			fail "'gpufit $ctx' accepts --$o, its --help does not show it"
		done
	fi
	# The man page lists the page's options (the global ones in GLOBAL
	# OPTIONS; k8s generate under k8s).
	mctx=$ctx
	[ "$ctx" = "k8s generate" ] && mctx=k8s
	mine=$(comm -23 <(echo "$doc") <(echo "$glob"))
	if [ -n "$mine" ]; then
		[ "$(man_opts "$mctx")" = "$mine" ] ||
			fail "man page OPTIONS of '$mctx': [$(echo $(man_opts "$mctx"))], --help: [$(echo $mine)]"
	fi
	# Each shell offers exactly the page's options and the global ones.
	# shellcheck disable=SC2086
	expect "gpufit $ctx -" $doc $cmd_glob
done <<<"$ctxs"

# Every global option of 'gpufit --help' is in GLOBAL OPTIONS.
for o in $("$GPUFIT" --help | help_opts); do
	sed -n '/^\.SH GLOBAL OPTIONS/,/^\.SH /p' "$ROOT/docs/gpufit.1" | grep -qF -- "$(echo "$o" | sed 's/-/\\-/g')" ||
		fail "GLOBAL OPTIONS of the man page lacks $o"
done

# The pricing terms the tables offer are the ones the parser takes.
for k in payg spot reserved-1y reserved-3y savings-1y savings-3y auto; do
	out=$("$GPUFIT" catalog list --pricing "$k" --zz-no-such-option 2>&1)
	case $k:$out in
	auto:*"unknown pricing"* | auto:*"not"*) ;;
	auto:*) fail "catalog list accepted --pricing auto: $out" ;;
	*:*"unknown option '--zz-no-such-option'"*) ;;
	*) fail "catalog list --pricing $k: $out" ;;
	esac
done

check_cases
cat "$T/fails"
failures=$((failures + $(wc -l <"$T/fails")))

# Every value an option completes to is one its parser takes: the run stops
# at the bogus option after it, not at the value.
grep -oE "^	'[a-z0-9 ]+:--[a-z0-9-]+'(\|'[^']*')?\) _g_vk=words _g_vw='[^']*'" "$T/gpufit.bash" |
	sed -E "s/^	'([a-z0-9 ]+):(--[a-z0-9-]+)'.*_g_vw='([^']*)'/\1|\2|\3/" >"$T/values"
[ "$(wc -l <"$T/values")" -gt 10 ] || fail "found only $(wc -l <"$T/values") option value lists"
while IFS='|' read -r ctx opt values; do
	for v in $values; do
		# shellcheck disable=SC2086
		out=$(timeout 10 "$GPUFIT" $ctx "$opt" "$v" --zz-no-such-option 2>&1 </dev/null)
		case $out in
		*"unknown option '--zz-no-such-option'"*) ;;
		*) fail "'gpufit $ctx $opt' completes '$v', which it refuses: $(echo "$out" | head -1)" ;;
		esac
	done
done < <([ "$sweep" = 1 ] && cat "$T/values")

# Errors.
out=$("$GPUFIT" completion tcsh 2>&1); rc=$?
[ "$rc" = 2 ] || fail "completion tcsh: exit $rc, want 2"
[ "$(printf '%s\n' "$out" | head -1)" = "gpufit: error: completion: unsupported shell 'tcsh' (bash, zsh, fish)" ] ||
	fail "completion tcsh: got '$out'"
"$GPUFIT" completion >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || fail "completion without a shell: exit $rc, want 2"

finish
