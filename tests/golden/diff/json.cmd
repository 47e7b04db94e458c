gpufit diff -f json tests/golden/diff/inputs/base.json tests/golden/diff/inputs/head.json
