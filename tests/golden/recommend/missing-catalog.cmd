cp examples/chat-8b.yaml "$SCRATCH/" && cd "$SCRATCH" || exit 99
gpufit --catalog missing.db recommend chat-8b.yaml
