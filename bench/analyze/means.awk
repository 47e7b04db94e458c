# The awk baseline of the analyze benchmark: the mean of every series (metric
# name and label set, i.e. one GPU's metric) of dcgm-exporter text.  Label
# values may hold spaces (modelName), so the series is everything up to "} "
# and the value is the number after it.  The same per-GPU means gpufit
# computes, in the simplest awk program that gets them right.
/^#/ { next }
{
	i = index($0, "} ")
	if (i == 0) next
	k = substr($0, 1, i)
	sum[k] += substr($0, i + 2) + 0
	n[k]++
}
END { for (k in sum) printf "%s %.6f\n", k, sum[k] / n[k] }
