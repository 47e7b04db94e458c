cd "$SCRATCH" || exit 99
printf 'gpufit: 1\nworkloads:\n  - name: x\n    type: inference\n    modle: llama-3-8b\n' > bad.yaml
gpufit recommend bad.yaml
