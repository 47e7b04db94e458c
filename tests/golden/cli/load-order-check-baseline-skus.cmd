# check reads the --usage files before --baseline, and --skus after it: a
# bad baseline hides a bad --skus file, a bad --usage file hides the
# baseline (exit 3 both).  (stderr into stdout, the scratch directory's
# name taken out)
printf '{' > "$SCRATCH/base.json"
{
	gpufit check --baseline "$SCRATCH/base.json" --skus "$SCRATCH/missing.json" \
		examples/chat-8b.yaml 2>&1 >/dev/null
	echo "exit $?"
	gpufit check --baseline "$SCRATCH/base.json" --usage "eastus=$SCRATCH/missing.json" \
		examples/chat-8b.yaml 2>&1 >/dev/null
	echo "exit $?"
} | sed "s#$SCRATCH/##"
