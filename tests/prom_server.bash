# Starts a real Prometheus on TSDB blocks built from OpenMetrics text, and the
# bearer-token proxy in front of it; sourced by tests/cli and bench/ scripts.
#
#   prom_start OPENMETRICS_FILE WORKDIR   sets PROM_URL, PROM_PID
#   prom_serve TSDB_DIR WORKDIR [WAITS]   the same on existing blocks (WAITS
#                                         readiness checks 0.2 s apart, default 150)
#   proxy_start WORKDIR TOKEN_FILE [ARGS...]  sets PROXY_PORT, PROXY_PID
#   prom_stop                             stops both (call from the EXIT trap)
PROM_PID="" PROXY_PID=""
_prom_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=waits.bash
. "$_prom_root/tests/waits.bash"

prom_start() {
	local om=$1 work=$2
	promtool tsdb create-blocks-from openmetrics "$om" "$work/tsdb" >"$work/promtool.log" 2>&1 || {
		cat "$work/promtool.log" >&2; return 1; }
	prom_serve "$work/tsdb" "$work"
}

prom_serve() {
	local tsdb=$1 work=$2 waits=${3:-150} port started="" try
	printf 'global:\n  scrape_interval: 1m\n' >"$work/prometheus.yml"
	for try in 1 2 3 4 5; do
		port=$((20000 + (RANDOM % 20000)))
		prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$tsdb" \
			--storage.tsdb.retention.time=100y --web.listen-address="127.0.0.1:$port" \
			>"$work/prometheus.log" 2>&1 &
		PROM_PID=$!
		for _ in $(seq 1 "$waits"); do
			if curl -fsS "http://127.0.0.1:$port/-/ready" >/dev/null 2>&1; then
				started=1
				break
			fi
			kill -0 "$PROM_PID" 2>/dev/null || break
			sleep 0.2
		done
		[ -n "$started" ] && break
		kill "$PROM_PID" 2>/dev/null || :
		wait_bounded 30 "$PROM_PID" 2>/dev/null || :
		PROM_PID=""
	done
	if [ -z "$started" ]; then
		echo "prometheus did not become ready" >&2
		tail -20 "$work/prometheus.log" >&2
		return 1
	fi
	PROM_URL="http://127.0.0.1:$port"
}

proxy_start() {
	local work=$1 token=$2
	shift 2
	rm -f "$work/proxy.port"
	python3 "$_prom_root/tests/prom_auth_proxy.py" --upstream "$PROM_URL" --token-file "$token" \
		--port-file "$work/proxy.port" "$@" 2>"$work/proxy.log" &
	PROXY_PID=$!
	for _ in $(seq 1 100); do
		[ -s "$work/proxy.port" ] && break
		kill -0 "$PROXY_PID" 2>/dev/null || break
		sleep 0.1
	done
	[ -s "$work/proxy.port" ] || { echo "the token proxy did not start" >&2; cat "$work/proxy.log" >&2; return 1; }
	PROXY_PORT=$(cat "$work/proxy.port")
}

proxy_stop() {
	if [ -n "$PROXY_PID" ]; then
		kill "$PROXY_PID" 2>/dev/null || :
		wait_bounded 30 "$PROXY_PID" 2>/dev/null || :
		PROXY_PID=""
	fi
}

prom_stop() {
	proxy_stop
	if [ -n "$PROM_PID" ]; then
		kill "$PROM_PID" 2>/dev/null || :
		wait_bounded 30 "$PROM_PID" 2>/dev/null || :
		PROM_PID=""
	fi
}
