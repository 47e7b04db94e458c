# The monthly column is a bill (docs/billing.md): pay-as-you-go bills the
# hours asked for, a reservation every hour of the month.
#   payg:        99.216 x 200 h  = 19,843.20
#   reserved-1y: 52.9119 x 730 h = 38,625.687 -> 38,625.69 (not 52.9119 x 200 = 10,582.38)
gpufit catalog list --gpu H200 --region indonesiacentral --hours-per-month 200
gpufit catalog list --gpu H200 --region indonesiacentral --pricing reserved-1y --hours-per-month 200
