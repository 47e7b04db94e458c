# serving.max_sequences is a whole number from 1 to 1e6 (as concurrency);
# both problems are reported together, each with its position.
gpufit validate tests/golden/profile/inputs/bad-max-sequences.yaml
