# The same plan as traffic.cmd (its comment has the arithmetic), -f csv.
# hourly_usd is empty on the workload's rows: a load plan's VMs change by the
# hour, so no flat hourly rate is its bill (monthly_usd is; JSON
# load_plan.bills has each level's hourly price and hours).
gpufit recommend -f csv examples/chat-traffic.yaml
