# examples/small-fleet.yaml, the fleet recommend plans (southcentralus payg):
#   MIG pool: 1 x Standard_NC24ads_A100_v4 split 7 x 1g.10gb, 4.408 x 730 = 3,217.84
#   embeddings-bert replica 1 on a dedicated Standard_NC4as_T4_v3, 0.631 x 730 = 460.63
#   summarizer-3b on a T4 of its own (whole VM), 460.63
#   fleet: 3,217.84 + 460.63 + 460.63 = 4,139.10 = recommend's monthly GPU cost;
#   MIG plan 3,678.47 against its 7 workloads on T4s of their own, 8 x 460.63 =
#   3,685.04 (saves 6.57, 0.2 %)
gpufit -f json pack --strategy aks examples/small-fleet.yaml
