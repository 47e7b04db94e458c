# independent expectation: the message names the 4th line, where the flow sequence is left open (libyaml reports the end of the stream)
printf "apiVersion: v1\nkind: Pod\nmetadata: {name: [x\n" > "$SCRATCH/bad.yaml"
gpufit k8s lint "$SCRATCH/bad.yaml" 2>&1 | sed "s|$SCRATCH/||"
