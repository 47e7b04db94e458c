# 12 utilisation samples 20..31 % and two negative ones (-50 % utilisation, -300 W): the negatives are dropped with a warning, not read as 0 (act mean = 25.5 %, the mean of 20..31)
gpufit analyze tests/fixtures/telemetry/negative-values.prom
