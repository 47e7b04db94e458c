gpufit recommend --details --region eastus --region westus2 --region southcentralus --top 1 examples/chat-8b.yaml
