# One size's whole sizing per workload. By hand, support-bot-7b (llama-2-7b, int4) on one
# A100 80GB: weights 6.738e9 x 0.53125 B / 2^30 = 3.33 GiB; the price is 4.408/h x 730 h
# = 3,217.84 USD/month for one VM.
gpufit recommend --explain Standard_NC24ads_A100_v4 examples/small-fleet.yaml
