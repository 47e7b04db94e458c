# recommend/traffic-auto (indonesiacentral, 40 requests/s, pricing auto) as csv
# and Markdown: the load plan's level 1 bills on reserved-3y (4.0833 x 730 =
# 2,980.81), levels 2-4 on payg (2,661.57 + 2,306.69 + 2,129.25), 10,078.32 in
# all (the arithmetic is in recommend/traffic-auto.cmd).  The recommendation's
# pricing is "reserved-3y+payg", not the commitment alone, and hourly_usd is
# empty on every row of the workload: no flat hourly rate x hours is its bill
# (4 VMs x 4.0833 = 16.3332/h would read as 730 h of reserved-3y, 11,923.24).
# The alternative, Standard_NC80adis_H100_v5 (2 GPUs, 2 replicas at the peak),
# is billed by its own load plan the same way: level 1 on reserved-3y
# (8.1667 x 730 = 5,961.69), level 2 on payg (16.333 x 282.44 h = 4,613.10),
# 10,574.79, so its pricing is "reserved-3y+payg" too (recommend --explain).
sed 's/region: eastus/region: indonesiacentral/; s/requests_per_s: 12 /requests_per_s: 40 /' examples/chat-traffic.yaml > "$SCRATCH/p.yaml"
gpufit recommend -f csv --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | head -3 | cut -d, -f1,2,3,9,10,16
gpufit recommend -f markdown --pricing auto "$SCRATCH/p.yaml" 2>/dev/null | grep '^| chat-traffic'
