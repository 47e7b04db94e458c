# The --skus file is read before the --usage files: with both unreadable,
# only the --skus error is reported (exit 3), for recommend, pack and k8s.
# (stderr into stdout, the scratch directory's name taken out)
printf '{' > "$SCRATCH/bad.json"
for c in recommend pack k8s; do
	gpufit $c --skus "$SCRATCH/missing.json" --usage "eastus=$SCRATCH/bad.json" \
		examples/chat-8b.yaml 2>&1 >/dev/null
	echo "$c: exit $?"
done | sed "s#$SCRATCH/##"
