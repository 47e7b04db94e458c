# The same plan as traffic.cmd (its comment has the arithmetic), -f csv.
gpufit recommend -f csv examples/chat-traffic.yaml
