# pack -f html of examples/chat-traffic.yaml (as pack/traffic): under the
# whole-VM table the same autoscale line as the table, Markdown and JSON give,
# the name HTML-escaped: 0 to 2 replicas by the hour, the autoscaler's bounds
# 0-8 from the profile's autoscale: block; the VMs' bill $3,399.49 (pack/traffic).
gpufit pack -f html examples/chat-traffic.yaml 2>/dev/null | grep -E 'class="autoscale"|vms.monthly_cost'
gpufit pack -f json examples/chat-traffic.yaml 2>/dev/null | jq -c '.vms[0].autoscale'
