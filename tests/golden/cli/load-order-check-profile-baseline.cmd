# check reads --baseline even when the profile is invalid, so both files'
# errors are reported together: the profile's two, then the baseline's
# (exit 3).  (stderr into stdout, the scratch directory's name taken out)
printf 'gpufit: 1\nregion: nowhere\nworkloads:\n  - name: x\n    type: nonsense\n' > "$SCRATCH/bad.yaml"
printf '{' > "$SCRATCH/base.json"
{
	gpufit check --baseline "$SCRATCH/base.json" "$SCRATCH/bad.yaml" 2>&1 >/dev/null
	echo "exit $?"
} | sed "s#$SCRATCH/##"
