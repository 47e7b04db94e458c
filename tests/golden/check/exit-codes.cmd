for a in 1000 3000; do gpufit check --max-monthly $a tests/golden/check/inputs/chat.yaml >/dev/null 2>&1; echo "max-monthly $a: exit $?"; done
