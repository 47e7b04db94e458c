gpufit diff tests/golden/diff/inputs/split-base.json tests/golden/diff/inputs/split-head.json
