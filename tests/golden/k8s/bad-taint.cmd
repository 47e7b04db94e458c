# bad --taint effect: exit 2, one line
gpufit k8s --taint sku=gpu:Never examples/chat-8b.yaml
