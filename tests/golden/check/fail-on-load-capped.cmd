# examples/chat-traffic.yaml at 600 requests/s with autoscale.max_replicas 1
# (as recommend/traffic-capped): every size caps some hours below what their
# rate needs, so the recommendation carries a load-capped warning, and
# --fail-on load-capped fails the gate: exit 1, 1 finding.
sed 's/max_replicas: 8/max_replicas: 1/; s/requests_per_s: 12 /requests_per_s: 600 /' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit check --fail-on load-capped "$SCRATCH/p.yaml"
