# one bad file does not hide the others: every file is checked
gpufit validate tests/golden/profile/inputs/unknown-type.yaml examples/pretrain-7b.yaml tests/golden/profile/inputs/tabs.yaml
