# A layer type the sizing model does not know: the file, line and column of
# the key, exit 3.
gpufit estimate --hf-config tests/fixtures/hf_config/bad-layer-type.json --gpu H100-SXM-80GB
