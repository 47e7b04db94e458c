# A size with a share of one GPU says so, in text and JSON: NV6ads_A10_v5
# has 1/6 of an A10 (gpus 0.1667, as catalog show's gpu_count), NV18ads 1/2;
# before, both printed "1 x A10-PCIe-24GB" and "gpus": 1.
gpufit estimate --sku Standard_NV6ads_A10_v5 --model llama-3.2-1b --precision int4 | grep -E '^(capacity|memory available)'
gpufit estimate --sku Standard_NV18ads_A10_v5 --model llama-3.2-1b -f json | jq -c '{sku, gpu, gpus}'
