/*
 * fuzz_k8slint.c - Kubernetes manifests through `k8s lint`.  The input is
 * MANIFEST: `k8s lint MANIFEST` (text, JSON and SARIF), with the conventions
 * only; or NODEPOOLS NUL MANIFEST: `k8s lint --nodepools NODEPOOLS MANIFEST`
 * (JSON and text), NODEPOOLS being read as `az aks nodepool list -o json`.
 */
#include <string.h>

#include "cmd_k8s_lint.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *pools = fuzz_path("nodepools.json");
	const char *manifest = fuzz_path("manifest.yaml");
	const uint8_t *nul = memchr(data, 0, size);
	if (nul) {
		fuzz_write(pools, data, (size_t)(nul - data));
		fuzz_write(manifest, nul + 1, size - (size_t)(nul - data) - 1);
		fuzz_command(cmd_k8s_lint, FMT_JSON, "lint", "--nodepools", pools, manifest, FUZZ_END);
		fuzz_command(cmd_k8s_lint, FMT_TABLE, "lint", "--strict", "--nodepools", pools,
			     manifest, FUZZ_END);
		return 0;
	}
	fuzz_write(manifest, data, size);
	fuzz_command(cmd_k8s_lint, FMT_TABLE, "lint", manifest, FUZZ_END);
	fuzz_command(cmd_k8s_lint, FMT_JSON, "lint", manifest, FUZZ_END);
	fuzz_command(cmd_k8s_lint, FMT_SARIF, "lint", "--strict", manifest, FUZZ_END);
	return 0;
}
