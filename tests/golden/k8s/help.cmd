# the command's help
gpufit k8s --help
