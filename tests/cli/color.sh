#!/bin/bash
# Colour is real on a terminal and only there.  On a pseudo-terminal
# (script(1)) every command that prints text for a person colours it: bold
# headings (and table headers), a green verdict, yellow warnings, red errors;
# the "error"/"warning" word of a diagnostic on stderr is red/yellow.
# --no-color, NO_COLOR (any non-empty value, no-color.org), TERM=dumb, -o FILE,
# -f json/csv/markdown and a pipe print none.
. "$(dirname "$0")/lib.bash"
command -v script >/dev/null || { echo "script(1) not found"; exit 1; }
esc=$(printf '\033')
B1="${esc}[1m" GR="${esc}[32m" YE="${esc}[33m" RD="${esc}[31m" OFF="${esc}[0m"
EX="$ROOT/examples"
tty_run() { # tty_run NO_COLOR_VALUE|- ARGS... : gpufit on a pty (stdout and stderr), output in $T/tty
	local nc=$1
	shift
	if [ "$nc" = - ]; then
		env -u NO_COLOR TERM=xterm script -qec "$(printf '%q ' "$GPUFIT" "$@")" /dev/null \
			>"$T/tty" 2>&1
	else
		env NO_COLOR="$nc" TERM=xterm script -qec "$(printf '%q ' "$GPUFIT" "$@")" /dev/null \
			>"$T/tty" 2>&1
	fi
}
has() { # has WHAT TEXT : the pty output contains TEXT
	grep -qF -- "$2" "$T/tty" || fail "$1: no '$(printf '%q' "$2")' on a terminal: $(head -c 300 "$T/tty" | cat -v)"
}
plain() { # plain WHAT ARGS... : no escape at all with --no-color, NO_COLOR=1, =false, empty, TERM=dumb
	local what=$1
	shift
	tty_run - --no-color "$@"
	grep -qF "$esc" "$T/tty" && fail "$what: --no-color still colours"
	tty_run 1 "$@"
	grep -qF "$esc" "$T/tty" && fail "$what: NO_COLOR=1 still colours"
	tty_run false "$@"
	grep -qF "$esc" "$T/tty" && fail "$what: NO_COLOR=false still colours"
	tty_run "" "$@"
	grep -qF "$esc" "$T/tty" && fail "$what: an empty NO_COLOR still colours"
	env -u NO_COLOR TERM=dumb script -qec "$(printf '%q ' "$GPUFIT" "$@")" /dev/null >"$T/tty" 2>&1
	grep -qF "$esc" "$T/tty" && fail "$what: TERM=dumb still colours"
	env -u NO_COLOR TERM=xterm "$GPUFIT" "$@" >"$T/pipe" 2>&1
	grep -qF "$esc" "$T/pipe" && fail "$what: a pipe gets colour codes"
}

# recommend: bold heading, green recommendation line, yellow warnings heading
tty_run - recommend --details "$EX/chat-8b.yaml"
has recommend "${B1}== chat-8b"
has recommend "${GR}recommendation: 2 x Standard_NC24ads_A100_v4"
has recommend "${YE}warnings:${OFF}"
has recommend "${B1}RANK  ALTERNATIVE"
has recommend "${B1}== MIG packing (AKS node pools) ==${OFF}"
plain recommend recommend "$EX/chat-8b.yaml"
tty_run - --no-color recommend "$EX/chat-8b.yaml"
grep -qF "recommendation: 2 x Standard_NC24ads_A100_v4" "$T/tty" || fail "--no-color output lost"
tty_run - -o "$T/file.txt" recommend "$EX/chat-8b.yaml"
grep -qF "$esc" "$T/file.txt" && fail "-o FILE gets colour codes"
grep -qF "recommendation:" "$T/file.txt" || fail "-o FILE output lost"
grep -qF "$esc" "$T/tty" && fail "-o FILE: the warnings on the terminal are coloured"
for f in json csv markdown; do
	tty_run - -f $f recommend "$EX/chat-8b.yaml"
	grep -qF "$esc" "$T/tty" && fail "-f $f gets colour codes"
done

# diagnostics on stderr: the severity word
tty_run - recommend "$T/missing.yaml"
has "error diag" "gpufit: ${esc}[1;31merror${OFF}: $T/missing.yaml: cannot open"
tty_run - check "$EX/chat-8b.yaml"
has "warning diag" "gpufit: ${YE}warning${OFF}: the catalog is "
plain "error diag" recommend "$T/missing.yaml"
tty_run - -f json recommend "$T/missing.yaml"
grep -qF "$esc" "$T/tty" && fail "-f json: the error is coloured"

# estimate: a fit is green, a miss and its shortfall red
tty_run - estimate --model llama-3-8b --gpu A100-PCIe-80GB
has estimate "${B1}ITEM"
has estimate "${GR}fits"
tty_run - estimate --model llama-3-70b --gpu T4-PCIe-16GB
has "estimate miss" "${RD}fits"
has "estimate miss" "${RD}shortfall (GiB)"
plain estimate estimate --model llama-3-70b --gpu T4-PCIe-16GB

# pack: bold heading, green cost
tty_run - pack "$EX/small-fleet.yaml"
has pack "${B1}Fleet plan:"
has pack "${GR}monthly cost: "
has pack "${B1}NODE POOL"
plain pack pack "$EX/small-fleet.yaml"

# check: the failed gate and the verdict red; a passed one green
tty_run - check --max-monthly 100 "$EX/chat-8b.yaml"
has check "${RD}FAIL"
has check "${RD}check failed: 1 of 1 gate failed"
tty_run - check --max-monthly 1000000 "$EX/chat-8b.yaml"
has check "${GR}PASS"
has check "${GR}check passed: 1 gate"
plain check check --max-monthly 100 "$EX/chat-8b.yaml"

# validate: ok green, an error red on stderr
printf 'gpufit: 1\nworkloads:\n  - name: a\n    type: inference\n    requirements: { gpu_memory_gib: 6, tflops_fp16: 20 }\n' >"$T/ok.yaml"
printf 'gpufit: 1\nworkloads:\n  - name: a\n    type: inference\n    requirments: { gpu_memory_gib: 6 }\n' >"$T/bad.yaml"
tty_run - validate "$T/ok.yaml" "$T/bad.yaml"
has validate "ok.yaml: ${GR}ok${OFF} (1 workload)"
has validate "gpufit: ${esc}[1;31merror${OFF}: $T/bad.yaml:5:5: unknown key 'requirments'"
plain validate validate "$T/ok.yaml" "$T/bad.yaml"

# diff: bold header and total
D="$ROOT/tests/golden/diff/inputs"
tty_run - diff "$D/base.json" "$D/head.json"
has diff "${B1}WORKLOAD"
has diff "${B1}total:${OFF} "
plain diff diff "$D/base.json" "$D/head.json"

# k8s lint: error red, warning yellow
cat >"$T/pod.yaml" <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: infer
spec:
  containers:
    - name: llm
      image: vllm/vllm-openai:v0.6.3
      resources:
        limits:
          nvidia.com/gpu: 1
EOF
tty_run - k8s lint "$T/pod.yaml"
grep -qF "${RD}error${OFF}: " "$T/tty" || grep -qF "${YE}warning${OFF}: " "$T/tty" ||
	fail "k8s lint: no coloured severity: $(head -c 300 "$T/tty" | cat -v)"
plain "k8s lint" k8s lint "$T/pod.yaml"

# analyze: bold fleet heading, a wasteful GPU yellow
tty_run - analyze "$ROOT/tests/fixtures/telemetry/dcgm-new.prom"
has analyze "${B1}fleet:${OFF} "
has analyze "${B1}HOST"
grep -qF "${YE}" "$T/tty" || grep -qF "${GR}" "$T/tty" || fail "analyze: no coloured row"
plain analyze analyze "$ROOT/tests/fixtures/telemetry/dcgm-new.prom"

# catalog status: bold header, the stale age yellow
tty_run - catalog status
has "catalog status" "${B1}FIELD"
has "catalog status" "${YE}age "
plain "catalog status" catalog status
finish
