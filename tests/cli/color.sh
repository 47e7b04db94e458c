#!/bin/bash
# Colour is real on a terminal and only there: on a pseudo-terminal (script(1)),
# recommend prints a bold heading, a green recommendation line and yellow
# warnings; --no-color, NO_COLOR and -o FILE print none.
. "$(dirname "$0")/lib.bash"
command -v script >/dev/null || { echo "script(1) not found"; exit 1; }
esc=$(printf '\033')
tty_run() { # tty_run ENV_NO_COLOR ARGS... : runs gpufit on a pty, output in $T/tty
	local nc=$1
	shift
	env -u NO_COLOR ${nc:+NO_COLOR=$nc} script -qec "$(printf '%q ' "$GPUFIT" "$@")" /dev/null \
		>"$T/tty" 2>&1
}
tty_run "" recommend "$ROOT/examples/chat-8b.yaml"
grep -qF "${esc}[1m== chat-8b" "$T/tty" || fail "no bold heading on a terminal: $(head -c 200 "$T/tty")"
grep -qF "${esc}[32mrecommendation:" "$T/tty" || fail "no green recommendation line on a terminal"
grep -qF "${esc}[33mwarnings:" "$T/tty" || fail "no yellow warnings heading on a terminal"
tty_run "" --no-color recommend "$ROOT/examples/chat-8b.yaml"
grep -qF "$esc" "$T/tty" && fail "--no-color still colours"
grep -qF "recommendation: 2 x Standard_NC24ads_A100_v4" "$T/tty" || fail "--no-color output lost"
tty_run 1 recommend "$ROOT/examples/chat-8b.yaml"
grep -qF "$esc" "$T/tty" && fail "NO_COLOR=1 still colours"
tty_run "" -o "$T/file.txt" recommend "$ROOT/examples/chat-8b.yaml"
grep -qF "$esc" "$T/file.txt" && fail "-o FILE gets colour codes"
grep -qF "recommendation:" "$T/file.txt" || fail "-o FILE output lost"
finish
