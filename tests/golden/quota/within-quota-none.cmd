# --within-quota with the quotas of quota-short.cmd as they are: the A100
# family has 96 - 24 = 72 vCPUs free and NC96ads_A100_v4 needs 96, the other
# H100 size is in the short family itself: no option fits, nothing moves,
# the plan stays the unconstrained one ($15,286.20) and its quota-short
# findings remain. Without any usage file, one warning that there is no
# quota to plan within.
gpufit recommend --within-quota --skus tests/golden/quota/inputs/skus-eastus.json --usage eastus=tests/golden/quota/inputs/usage-eastus.json tests/golden/quota/inputs/a100.yaml | grep -e 'within quota' -e 'monthly GPU cost' -e '^recommendation' -e 'quota-short' | cut -c1-120
gpufit recommend --within-quota tests/golden/quota/inputs/a100.yaml 2>&1 | grep -e 'within-quota' -e 'monthly GPU cost'
