# pack stops at the first --region the catalog does not know (exit 3): of
# two unknown regions only the first is named.
gpufit pack --region nowhere --region elsewhere examples/chat-8b.yaml
