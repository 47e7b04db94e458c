#!/bin/bash
# The HTML reports in a real browser: Debian's headless Chromium renders each
# example report (tests/html_browser.py, over the DevTools protocol) and the
# page must load with no network request and no console error, its chart
# elements visible.  The pages and their screenshots stay in
# $B/html-screenshots/ for a person to look at.  A missing chromium is a
# failure, not a skip: `make check` installs it through scripts/deps.sh.
. "$(dirname "$0")/lib.bash"

CHROMIUM=${CHROMIUM:-$(command -v chromium || true)}
[ -n "$CHROMIUM" ] || { echo "FAIL: chromium is not installed (sh scripts/deps.sh test)"; exit 1; }
out="$ROOT/$B/html-screenshots"
mkdir -p "$out"
tel=("$ROOT"/tests/fixtures/telemetry/dcgm-legacy.prom "$ROOT"/tests/fixtures/telemetry/dcgm-new.prom
     "$ROOT"/tests/fixtures/telemetry/dcgm-oldns.prom)

# page NAME SELECTOR MIN [SELECTOR MIN...] -- GPUFIT ARGS...
page() {
	local name=$1 sel=()
	shift
	while [ "$1" != "--" ]; do sel+=("$1"); shift; done
	shift
	"$GPUFIT" -f html -o "$out/$name.html" "$@" 2>"$T/err"
	local rc=$?
	case $rc in 0 | 1 | 5) ;; *) fail "$name: gpufit $* exited $rc: $(head -c 300 "$T/err")"; return ;; esac
	python3 "$ROOT/tests/html_browser.py" "$CHROMIUM" "$out/$name.html" "$out/$name.png" "${sel[@]}" \
		>"$T/b" 2>&1 || fail "$name: $(cat "$T/b")"
	cat "$T/b"
}

# recommend: one bar per option (8 workloads: 8 recommendations + 24 alternatives)
page recommend-small-fleet "svg.chart g[data-role] rect" 32 "section.workload h3" 8 -- recommend "$ROOT/examples/small-fleet.yaml"
page recommend-chat-8b "svg.chart g[data-role] rect" 5 ".summary .card" 6 -- recommend "$ROOT/examples/chat-8b.yaml"
page recommend-multi-region "svg.chart g[data-role] rect" 2 -- recommend "$ROOT/examples/multi-region.yaml"
page recommend-chat-traffic "svg.load polyline[data-role]" 2 "p.load-plan" 1 -- recommend "$ROOT/examples/chat-traffic.yaml"
# pack: 8 memory cells + 7 compute cells of the one A100, 3 cost bars
page pack-small-fleet "svg.gpu g[data-kind=memory] rect" 8 "svg.gpu g[data-kind=compute] rect" 7 \
	"svg.chart g[data-role] rect" 3 -- pack "$ROOT/examples/small-fleet.yaml"
# pack of a load plan: its VMs' row and the autoscale paragraph under them
page pack-chat-traffic "p.autoscale" 1 "p.autoscale span[data-json]" 2 -- pack "$ROOT/examples/chat-traffic.yaml"
# analyze: a strip per GPU (9), a p50 tick per metric with data
page analyze-fleet "svg.strip" 9 "svg.strip rect.p50" 9 "table.findings tr[data-finding]" 7 -- analyze "${tel[@]}"
# check: the gate first, then the recommend report
page check-fail ".fail" 1 "tr.gate" 1 "svg.chart g[data-role] rect" 32 -- check --max-monthly 1000 "$ROOT/examples/small-fleet.yaml"

# The browser check itself fails on a page that fetches something.
sed 's|</main>|<svg class="x"><image href="http://127.0.0.1:9/x.png" width="9" height="9"/></svg></main>|' \
	"$out/pack-small-fleet.html" >"$T/fetch.html"
if python3 "$ROOT/tests/html_browser.py" "$CHROMIUM" "$T/fetch.html" "$T/fetch.png" "svg.gpu" 1 >"$T/b" 2>&1; then
	fail "html_browser.py passed a page that fetches an image"
fi
expect_grep "Content Security Policy" "$T/b"
finish
