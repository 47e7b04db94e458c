# --sku is matched without regard to case and echoed as the catalog spells
# it (the name to deploy), as --gpu is: Standard_NC24ads_A100_v4 in the
# table, csv and JSON.
gpufit estimate --model llama-3.2-1b --sku standard_nc24ads_a100_v4 | grep -E '^capacity '
gpufit estimate --model llama-3.2-1b --sku STANDARD_NC24ADS_A100_V4 -f csv | cut -d, -f7-8
gpufit estimate --model llama-3.2-1b --sku standard_nc24ads_a100_v4 -f json | grep -E '"(gpu|sku)"'
