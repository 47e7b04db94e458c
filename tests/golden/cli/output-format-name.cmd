# kubectl's habit: "-o json" means a format, not a file named json.  Refused
# with a hint (exit 2, usage) and no file written; "-o ./json" writes the file.
gpufit recommend -o json examples/chat-8b.yaml
echo "rc=$?"
test ! -e json && echo "no file named json"
gpufit recommend -o wide examples/chat-8b.yaml
echo "rc=$?"
gpufit recommend -f json -o "$SCRATCH/json" examples/chat-8b.yaml 2>/dev/null && jq -r .workloads[0].name "$SCRATCH/json"
