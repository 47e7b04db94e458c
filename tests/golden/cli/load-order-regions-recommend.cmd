# recommend names every --region the catalog does not know before it stops
# (exit 3, the profile is not read): two unknown regions, two errors.
gpufit recommend --region nowhere --region elsewhere examples/chat-8b.yaml
