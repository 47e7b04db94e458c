# pricing-auto.cmd as csv: the pricing column is each workload's term.
gpufit recommend -f csv tests/fixtures/fleets/pricing-auto.yaml
