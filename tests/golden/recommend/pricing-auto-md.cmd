# pricing-auto.cmd as Markdown: each recommendation names its term.
gpufit recommend -f markdown tests/fixtures/fleets/pricing-auto.yaml
