# The same plan as traffic.cmd (its comment has the arithmetic), -f markdown.
gpufit recommend -f markdown examples/chat-traffic.yaml
