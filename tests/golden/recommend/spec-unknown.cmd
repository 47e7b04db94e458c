# westus3 prices three NC A10 v4 sizes the spec tables do not know: they are
# never sized or recommended, but rejected and the warnings name them.
gpufit recommend --details --region westus3 --top 1 examples/vision-batch.yaml
