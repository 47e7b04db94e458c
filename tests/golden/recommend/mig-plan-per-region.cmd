# Three small services, two pinned to eastus and one to westus2: the MIG
# plan is packed and decided per region, and the fleet total is the sum of
# the recommendations, each region's plan counted only where it costs less
# than its workloads' dedicated options.
# By hand (payg, catalog/prices.csv): in each region the plan costs what its
# workloads' own T4s do (eastus 2 x 0.526 x 730 = $767.96, westus2 0.526 x 730 =
# $383.98), not less, so no plan is used and each workload is on 1 x
# Standard_NC4as_T4_v3, $383.98: total 3 x 383.98 = $1,151.94.
cd "$SCRATCH" || exit 99
cat > p.yaml <<'YAML'
gpufit: 1
region: eastus
pricing: payg
workloads:
  - name: embed-east
    type: inference
    requirements: { gpu_memory_gib: 2, tflops_fp16: 8 }
  - name: ocr-east
    type: inference
    requirements: { gpu_memory_gib: 4, tflops_fp16: 20 }
  - name: asr-west
    type: inference
    requirements: { gpu_memory_gib: 6, tflops_fp16: 25 }
    region: westus2
YAML
gpufit recommend --details --top 1 p.yaml | sed -n '/^recommendation/p;/^  - a MIG\|^  - shares\|^  - runs/p;/^== MIG/,$p' | sed '/^warnings/,$d'
gpufit recommend -f json p.yaml 2>/dev/null |
	jq -c '[.workloads[] | [.name, .recommendation.sku, .recommendation.placement, .recommendation.monthly_cost, .recommendation.cost_basis]], .mig_plan.regions, .totals.monthly_cost, ([.workloads[].recommendation.monthly_cost] | add * 100 | round / 100)'
