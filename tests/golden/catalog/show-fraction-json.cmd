gpufit catalog show standard_nv6ads_a10_v5 -f json
