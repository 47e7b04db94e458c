# One workload, with its alternatives and rejected options (html_check.py checks the figures).
gpufit recommend -f html examples/chat-8b.yaml
