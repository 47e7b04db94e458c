# A service described by its traffic (examples/chat-traffic.yaml): 12 requests/s
# at the weekday peak, payg, Standard_NC24ads_A100_v4 at 7.346 / 2 GPUs... one
# VM is 3.673 an hour (catalog/prices.csv).  Replicas by hour: 2 from 07:00 to
# 19:00 on weekdays (07:00 warmed ahead of the 08:00 rise: cold_start_s 120 with
# no time-to-first-token SLO), 1 otherwise; weekends 1 from 07:00 to 19:00 and at
# 23:00 (ahead of Monday 00:00), 0 otherwise (min_replicas 0).
# A month is 730 / 24 = 30.4167 days, 5/7 weekdays:
#   level 1: (24 x 5/7 + 14 x 2/7) x 30.4167 = 643.10 h x 3.673 = 2,362.09
#   level 2: (13 x 5/7) x 30.4167 = 282.44 h x 3.673 = 1,037.40
#   autoscaled 3,399.49; sized for the peak all day 2 x 3.673 x 730 = 5,362.58
# The estimate line is one replica at the peak hour's Little's-law mean, 62.96
# sequences in flight, rounded up to 63 on its one instance: 40.7 ms/token, so
# 63 x 1000 / 40.7 = 1,548 output tokens/s (printed 1550); the memory line's
# 30.0 GiB is that batch's KV cache on the 8B's weights, x 1.15 headroom.
gpufit recommend examples/chat-traffic.yaml
