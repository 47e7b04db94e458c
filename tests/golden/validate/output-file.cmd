gpufit validate -o "$SCRATCH/report.txt" examples/chat-8b.yaml && cat "$SCRATCH/report.txt"
