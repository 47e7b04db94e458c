# The same plan as traffic.cmd (its comment has the arithmetic), -f json.
gpufit recommend -f json examples/chat-traffic.yaml
