# Partly priced fleet: unknown costs read "unknown", never $0.
gpufit recommend -f html tests/fixtures/fleets/partly-priced.yaml
