#!/bin/bash
# -f html: every example report parses (html.parser), is self-contained and
# shows the figures of -f json of the same command (tests/html_check.py);
# hostile names (markup, quotes, 10 kB labels) come out escaped; commands
# without an HTML report refuse -f html (exit 2, nothing on stdout); -o
# writes the page like any other format.
. "$(dirname "$0")/lib.bash"

CHECK=(python3 "$ROOT/tests/html_check.py" "$GPUFIT")
tel=("$ROOT"/tests/fixtures/telemetry/dcgm-legacy.prom "$ROOT"/tests/fixtures/telemetry/dcgm-new.prom
     "$ROOT"/tests/fixtures/telemetry/dcgm-oldns.prom)

for p in "$ROOT"/examples/*.yaml "$ROOT"/tests/fixtures/fleets/*.yaml; do
	"${CHECK[@]}" recommend "$p" >"$T/o" 2>&1 || fail "recommend $(basename "$p"): $(cat "$T/o")"
	"${CHECK[@]}" pack "$p" >"$T/o" 2>&1 || fail "pack $(basename "$p"): $(cat "$T/o")"
done
"${CHECK[@]}" analyze "${tel[@]}" >"$T/o" 2>&1 || fail "analyze: $(cat "$T/o")"
"${CHECK[@]}" analyze --sku Standard_NC96ads_A100_v4 "${tel[0]}" >"$T/o" 2>&1 || fail "analyze --sku: $(cat "$T/o")"
"${CHECK[@]}" check --max-monthly 1000 "$ROOT/examples/small-fleet.yaml" >"$T/o" 2>&1 || fail "check fail: $(cat "$T/o")"
"${CHECK[@]}" check --max-monthly 5000 "$ROOT/examples/small-fleet.yaml" >"$T/o" 2>&1 || fail "check pass: $(cat "$T/o")"
"$GPUFIT" recommend -f json "$ROOT/examples/chat-8b.yaml" >"$T/base.json" 2>/dev/null
"${CHECK[@]}" check --baseline "$T/base.json" --max-increase 1 "$ROOT/examples/small-fleet.yaml" >"$T/o" 2>&1 ||
	fail "check baseline: $(cat "$T/o")"

# The checker itself fails on a page whose figure differs from the JSON.
"$GPUFIT" recommend -f html "$ROOT/examples/chat-8b.yaml" 2>/dev/null | sed 's/\$5,362\.58/$5,362.59/' >"$T/bad.html"
"$GPUFIT" recommend -f json "$ROOT/examples/chat-8b.yaml" >"$T/good.json" 2>/dev/null
python3 -c '
import json, sys
sys.path.insert(0, sys.argv[1] + "/tests")
import html_check as h
c = h.Checker("recommend")
root = h.parse(open(sys.argv[2]).read(), c)
h.check_recommend(root, json.load(open(sys.argv[3])), c)
want = "totals.monthly_cost: page shows \x27$5,362.59\x27, JSON says \x27$5,362.58\x27"
sys.exit(0 if want in c.fails else "missing failure; got %r" % c.fails)
' "$ROOT" "$T/bad.html" "$T/good.json" || fail "html_check.py did not catch a changed total"

# Hostile names.  Workload names are letters, digits, '-', '_' and '.' (the
# profile reader refuses markup, and names over 63 bytes, with no page) ...
cp "$ROOT/examples/chat-8b.yaml" "$T/hostile.yaml"
sed -i 's/^  - name: .*/  - name: "<script>x"/' "$T/hostile.yaml"
expect_rc 3 "$GPUFIT" recommend -f html "$T/hostile.yaml"
[ -s "$T/out" ] && fail "a refused profile wrote $(wc -c <"$T/out") bytes of HTML"
expect_grep "may only contain letters, digits, '-', '_' and '.'" "$T/err"
long=$(head -c 10240 /dev/zero | tr '\0' 'x')
sed -i "s/^  - name: .*/  - name: $long/" "$T/hostile.yaml"
expect_rc 3 "$GPUFIT" check -f html "$T/hostile.yaml"
[ -s "$T/out" ] && fail "a refused profile wrote $(wc -c <"$T/out") bytes of HTML"
expect_grep "'name' is too long (at most 63 characters)" "$T/err"

# ... but a profile path is the user's: check shows it, escaped.
mkdir -p "$T/p"
hp="$T/p/<script>alert(\"x\")<\\script>'&\"<b>.yaml"
cp "$ROOT/examples/small-fleet.yaml" "$hp"
expect_rc 0 "$GPUFIT" check -f html --max-monthly 5000 "$hp"
expect_grep '/p/&lt;script&gt;alert(&quot;x&quot;)&lt;\script&gt;&#39;&amp;&quot;&lt;b&gt;.yaml' "$T/out"
grep -qiE '<script|<b>' "$T/out" && fail "markup of the profile path reached the check page"
"${CHECK[@]}" check --max-monthly 5000 "$hp" >"$T/o" 2>&1 || fail "hostile check: $(cat "$T/o")"

# ... and 10 kB host and pod labels of markup in telemetry.
big=$(head -c 10240 /dev/zero | tr '\0' 'y')
{
	for i in $(seq 1 12); do
		echo "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"<script>alert(1)</script>\\\"'&$big\",pod=\"<img src=x onerror=alert(1)>$big\"} 50"
		echo "DCGM_FI_PROF_SM_ACTIVE{gpu=\"0\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"<script>alert(1)</script>\\\"'&$big\",pod=\"<img src=x onerror=alert(1)>$big\"} 0.4"
	done
} >"$T/hostile.prom"
expect_rc 0 "$GPUFIT" analyze -f html "$T/hostile.prom"
cp "$T/out" "$T/hostile-analyze.html"
expect_grep '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;yyy' "$T/hostile-analyze.html"
expect_grep 'pod &lt;img src=x onerror=alert(1)&gt;yyy' "$T/hostile-analyze.html"
grep -qiE '<script|<img' "$T/hostile-analyze.html" && fail "markup from telemetry labels reached the page"
"${CHECK[@]}" analyze "$T/hostile.prom" >"$T/o" 2>&1 || fail "hostile analyze: $(cat "$T/o")"

# Unknown money is "unknown", never $0: a fleet whose totals are not all priced.
expect_rc 5 "$GPUFIT" recommend -f html "$ROOT/tests/fixtures/fleets/unpriced.yaml"
grep -q 'data-json="totals.monthly_cost">unknown<' "$T/out" || fail "unpriced total is not 'unknown'"
grep -q 'data-json="totals.monthly_cost">\$0.00<' "$T/out" && fail "unpriced total shown as \$0.00"

# Commands without an HTML report refuse it.
for args in "catalog list" "diff $T/base.json $T/base.json" "estimate --model llama-3-8b --gpu H100-SXM-80GB" "validate $ROOT/examples/chat-8b.yaml" "version" "completion bash"; do
	# shellcheck disable=SC2086
	expect_rc 2 "$GPUFIT" -f html $args
	[ -s "$T/out" ] && fail "'-f html $args' wrote to stdout"
	expect_grep "format 'html' is not supported (table, json, markdown, csv)" "$T/err"
done

# -o writes the page (atomically, like every format).
expect_rc 0 "$GPUFIT" -f html -o "$T/page.html" pack "$ROOT/examples/small-fleet.yaml"
head -c 15 "$T/page.html" | grep -q '<!DOCTYPE html>' || fail "-o page.html does not start with a doctype"
tail -n 1 "$T/page.html" | grep -qx '</html>' || fail "-o page.html does not end with </html>"
finish
