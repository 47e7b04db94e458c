gpufit catalog refresh --currency US --from-file /dev/null
