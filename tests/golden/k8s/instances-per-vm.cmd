# examples/chat-8b.yaml served by llama.cpp: recommend sizes each replica as
# 4 x Standard_NC64as_T4_v3 running 8 instances of 2 GPUs, so 2 pods of 2 T4s
# share each 4-GPU VM: 2 replicas x 8 = 16 pods on the pool's 8 VMs (count 8,
# max ceil(8 x 1.15) = 10).  A required anti-affinity on the host name would
# leave 6 of the 16 pods unschedulable on 10 nodes; the pods' anti-affinity is
# preferred (spread where room allows), which 2 pods a VM satisfies.
sed 's/      max_ms_per_output_token: 50    # ~20 tokens\/s per user/&\n      engine: llama.cpp/' examples/chat-8b.yaml > "$SCRATCH/p.yaml"
gpufit k8s -f json "$SCRATCH/p.yaml" | jq '{pools: [.node_pools[] | {name, count, min_count, max_count}], deployments: [.manifests[] | select(.kind == "Deployment") | {replicas: .spec.replicas, gpus: .spec.template.spec.containers[0].resources.limits, anti_affinity: (.spec.template.spec.affinity.podAntiAffinity | keys)}]}'
