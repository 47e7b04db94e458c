# Bounded waits and signal dispositions for the test scripts: sourced, not run.
#
# A script may be started with SIGINT or SIGHUP ignored (under nohup, as a
# background job of a non-interactive shell, after `trap '' INT HUP`); an
# ignored signal stays ignored across exec, and gpufit, like every careful
# program, keeps it so.  A test that sends a signal therefore starts the
# process under test with `dfl`, and no test waits without a bound.

# dfl CMD...: execs CMD with SIGINT, SIGHUP, SIGQUIT and SIGTERM at their
# default disposition.  Run in the background (`dfl "$GPUFIT" ... &`) $! is
# CMD's pid, as env and the fallback exec it in place.
if env --default-signal=INT true 2>/dev/null; then
	dfl() { exec env --default-signal=INT,HUP,QUIT,TERM "$@"; }
else
	dfl() {
		exec python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGTERM):
    signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$@"
	}
fi

# wait_bounded SECONDS PID: waits for the background job PID and returns
# its exit status; after SECONDS it kills the job (SIGKILL), says so on
# stderr and returns 124, as timeout(1) does.
wait_bounded() {
	local secs=$1 pid=$2 i
	for ((i = 0; i < secs * 20; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "wait_bounded: pid $pid still running after $secs s: killed" >&2
		kill -s KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		return 124
	fi
	wait "$pid"
}
