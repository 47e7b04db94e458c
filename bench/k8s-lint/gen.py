#!/usr/bin/env python3
"""Writes N (default 10,000) Kubernetes documents of about 4 KB each to argv[1]:
GPU and CPU Deployments, Indexed Jobs and Services as Helm renders them
(labels, annotations, env lists, probes), a few with GPU scheduling mistakes.
Deterministic (seeded), so every run lints the same bytes."""
import random
import sys

out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
rnd = random.Random(12)
with open(out, "w") as f:
    for i in range(n):
        kind = rnd.choice(["gpu", "gpu", "cpu", "job", "svc"])
        name = "app-%05d" % i
        env = "".join("        - name: VAR_%02d\n          value: \"%s\"\n" % (k, "x" * rnd.randint(8, 40))
                      for k in range(48))
        labels = ("    app.kubernetes.io/name: %s\n    app.kubernetes.io/instance: release-%d\n"
                  "    app.kubernetes.io/managed-by: Helm\n    helm.sh/chart: chart-1.2.%d\n" % (name, i, i % 7))
        f.write("---\n# Source: chart/templates/%s.yaml\n" % kind)
        if kind == "svc":
            f.write("apiVersion: v1\nkind: Service\nmetadata:\n  name: %s\n  labels:\n%s"
                    "  annotations:\n    note: \"%s\"\nspec:\n  selector:\n    app: %s\n"
                    "  ports:\n  - port: 80\n    targetPort: 8080\n" % (name, labels, "y" * 3300, name))
            continue
        gpus = rnd.choice([1, 1, 2, 4, 8]) if kind != "cpu" else 0
        tol = ("      tolerations:\n      - key: sku\n        operator: Equal\n        value: gpu\n"
               "        effect: NoSchedule\n") if kind != "cpu" and rnd.random() > 0.05 else ""
        res = ("          limits:\n            nvidia.com/gpu: %d\n            memory: 64Gi\n"
               "          requests:\n            cpu: 4000m\n            memory: 64Gi\n" % gpus) if gpus else \
              ("          limits:\n            memory: 2Gi\n          requests:\n            cpu: 500m\n")
        sel = "      nodeSelector:\n        kubernetes.azure.com/accelerator: nvidia\n" if gpus else ""
        pod = ("    metadata:\n      labels:\n        app: %s\n    spec:\n%s%s      containers:\n"
               "      - name: main\n        image: registry.example.invalid/team/%s:1.%d\n"
               "        args: [\"--port\", \"8080\", \"--workers\", \"%d\"]\n        env:\n%s"
               "        readinessProbe:\n          httpGet: {path: /healthz, port: 8080}\n"
               "          periodSeconds: 10\n        resources:\n%s" % (name, sel, tol, name, i, gpus + 1, env, res))
        if kind == "job":
            f.write("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: %s\n  labels:\n%s"
                    "spec:\n  completionMode: Indexed\n  completions: 2\n  parallelism: 2\n"
                    "  template:\n%s" % (name, labels, pod))
        else:
            f.write("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: %s\n  labels:\n%s"
                    "spec:\n  replicas: %d\n  selector:\n    matchLabels:\n      app: %s\n"
                    "  template:\n%s" % (name, labels, rnd.randint(1, 4), name, pod))
