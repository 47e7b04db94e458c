#!/bin/bash
# Installs the pinned npm packages the k8s tests validate manifests with
# (kubernetes-models: the Kubernetes OpenAPI schemas as validators;
# @kubernetes-models/keda: KEDA's CRDs, ScaledObject, the same way; yaml: a
# YAML reader) into B/node, from the npm registry, unless that exact
# version is already there.  A failed install is a failure, not a skip.
#   tests/k8s/setup.sh [BUILD_DIR]
set -eu
B=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir="$root/$B/node"
KUBERNETES_MODELS=4.5.1   # Kubernetes 1.33 schemas, CommonJS, Node >= 14
YAML=2.8.1
# 0.4.2: CommonJS, on the same @kubernetes-models/validate 4 and base 5 as
# kubernetes-models 4.5.1 (2.0.0 is ESM only and needs kubernetes-models 5)
KEDA_MODELS=0.4.2
have() {
	[ -f "$dir/node_modules/$1/package.json" ] &&
		node -e 'process.exit(require(process.argv[1]).version === process.argv[2] ? 0 : 1)' \
			"$dir/node_modules/$1/package.json" "$2"
}
command -v node >/dev/null || { echo "k8s setup: node is not installed (sh scripts/deps.sh test)" >&2; exit 1; }
command -v npm >/dev/null || { echo "k8s setup: npm is not installed (sh scripts/deps.sh test)" >&2; exit 1; }
if have kubernetes-models "$KUBERNETES_MODELS" && have yaml "$YAML" &&
	have @kubernetes-models/keda "$KEDA_MODELS"; then
	exit 0
fi
echo "k8s setup: npm install kubernetes-models@$KUBERNETES_MODELS @kubernetes-models/keda@$KEDA_MODELS yaml@$YAML into $B/node" >&2
mkdir -p "$dir"
npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
	"kubernetes-models@$KUBERNETES_MODELS" "@kubernetes-models/keda@$KEDA_MODELS" "yaml@$YAML" >&2
have kubernetes-models "$KUBERNETES_MODELS" && have yaml "$YAML" &&
	have @kubernetes-models/keda "$KEDA_MODELS"
