# The same plan as traffic.cmd (its comment has the arithmetic), -f html.
gpufit recommend -f html examples/chat-traffic.yaml
