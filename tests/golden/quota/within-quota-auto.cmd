# --within-quota under pricing auto plans quota once, on the fleet the terms'
# runs make together, and says so once. Both services take 1 x
# Standard_NC40ads_H100_v5 on reserved-3y (4.0833/h x 730 h = 2,980.81); the
# H100 family's limit is 60 (the usage file of eastus read as
# indonesiacentral's, that limit cut from 100, the A100 family's raised to 200),
# 80 needed: one moves. Its cheapest way out is 1 x Standard_ND96isr_H200_v5,
# also on reserved-3y (43.655 x 730 = 31,868.15), +28,887.34; the fleet
# 31,868.15 + 2,980.81 = 34,848.96. Each term's run used to plan its own fleet
# and both warnings were shown: payg's "+$66,465.77" for a plan not taken
# beside reserved-3y's "+$28,887.34".
sed -e '44s/"limit": 100,/"limit": 60,/' -e 's/"limit": 96,/"limit": 200,/' tests/golden/quota/inputs/usage-eastus.json >"$SCRATCH/usage.json"
gpufit recommend --within-quota --usage indonesiacentral="$SCRATCH/usage.json" tests/golden/quota/inputs/auto.yaml 2>&1 | grep -E '^(recommendation|monthly GPU cost)|within quota'
