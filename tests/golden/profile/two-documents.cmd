gpufit validate tests/golden/profile/inputs/two-documents.yaml
