# data-cold-start.cmd as JSON; its numbers: examples/data-cold-start.yaml,
# indonesiacentral payg (catalog/prices.csv): a replica of the 70B model needs
# 161.3 GiB with 15 % headroom; the cheapest size that holds it is
# Standard_NC80adis_H100_v5 (2 x H100 NVL 94GB, 177.8 GiB usable), one VM a
# replica: 16.333/h x 8 VMs x 730 h = $95,384.72 a month (next 8 x
# Standard_ND96isr_H200_v5, 99.216 x 8 x 730 = $579,421.44). The cold-start
# finding: 8 VMs share one Blob account's 6,250 MB/s.
gpufit recommend -f json examples/data-cold-start.yaml
