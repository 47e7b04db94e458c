# pack of recommend/traffic-auto (indonesiacentral, 40 requests/s, pricing
# auto): the load plan bills its base level on reserved-3y (2,980.81) and its
# three burst levels on payg (2,661.57 + 2,306.69 + 2,129.25 = 7,097.51;
# recommend/traffic-auto.cmd has the arithmetic), 10,078.32 in all.  The whole-VM
# TERM, the csv pricing, the HTML term cell and JSON autoscale.terms say
# "reserved-3y+payg", not reserved-3y alone, and JSON pricing is null (no
# one term), as recommend's (golden recommend/traffic-auto-json).
sed 's/region: eastus/region: indonesiacentral/; s/requests_per_s: 12 /requests_per_s: 40 /' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit pack --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | sed -n '3,4p'
gpufit pack -f markdown --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | grep '^| chat-traffic'
gpufit pack -f csv --pricing auto "$SCRATCH/p.yaml" 2>/dev/null
gpufit pack -f html --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | grep -o '<td>reserved[^<]*</td>'
gpufit pack -f json --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | jq -c '.vms[0] | {pricing, monthly_cost, autoscale}'
