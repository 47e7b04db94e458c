# k8s --pricing auto deploys what recommend --pricing auto priced
# (recommend/pricing-auto-option.cmd): embed payg on a Standard_NV12ads_A10_v5
# pool; lora-70b payg and lora-70b-busy reserved-3y share the
# Standard_ND96isr_H200_v5 pool, so that pool says "billed payg, reserved-3y".
# Regular (not spot) pools: auto never picks spot.  The az command is the
# same whatever the term; the script says a reservation is bought apart.
# It was "unknown pricing 'auto'" (exit 2).
gpufit -f sh k8s --pricing auto tests/fixtures/fleets/commitment-underused.yaml | grep -E '^#|--priority'
