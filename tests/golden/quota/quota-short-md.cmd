# quota-short.cmd as Markdown: the finding is a workload finding, as in
# the table and JSON (figures in quota-short.cmd; recommend -f csv lists options, not findings).
gpufit -f markdown recommend --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml | grep -i quota
