# One 8 x H100 VM (assumed Standard_ND96isr_H100_v5, 98.32 USD/h payg in
# eastus): six busy GPUs, one idle, one under-used, over 110 minutes.
# Its bill is 98.32 x 1 VM x 730 h = 71,773.60 a month.  The seven works
# need seven GPUs of its eight, so the VM stays: no proposal, savings 0.00.
# The idle GPU saves nothing alone (it used to say 71,773.60 / 8 =
# 8,971.70), nor does the under-used one moved to Standard_NC24ads_A100_v4
# (it used to say 8,971.70 - 3.673 x 730 = 8,971.70 - 2,681.29 =
# 6,290.41): Azure bills the VM for all its GPUs.  The window, 11 scrapes
# x 10 min = 110 min = 1.8 h, is less than a day: the text says so.
gpufit analyze tests/fixtures/telemetry/nd-h100-one-vm.prom
