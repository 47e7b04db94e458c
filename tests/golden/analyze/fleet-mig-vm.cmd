# Four 1 x A100 80GB VMs (assumed Standard_NC24ads_A100_v4, 3.673 USD/h
# payg: 3.673 x 730 = 2,681.29 a month each, 10,725.16 for four) over 24 h.
# mig-a's GPU is in MIG mode with both instances idle: no work; mig-b's has
# a busy 3g.40gb (and an idle 1g.10gb): its GPU's work moves whole or not
# at all; solo-a (SM p95 30 %, 20 GiB) and solo-b (35 %, 25 GiB) share one
# GPU (65 % <= 85 %, 45 GiB <= 68 GiB).  Two GPUs of work: two VMs.
#   before 3.673 x 4 x 730 = 10,725.16, after 3.673 x 2 x 730 = 5,362.58,
#   saving 5,362.58: solo-b's work moves to solo-a; mig-a and solo-b go.
# Each idle MIG instance saves nothing alone (one rule with an idle GPU
# beside busy ones), nor does a move to a MIG slice of a GPU billed whole.
gpufit analyze tests/fixtures/telemetry/a100-mig.prom 2>/dev/null
