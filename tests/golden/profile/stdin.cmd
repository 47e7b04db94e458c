printf 'gpufit: 1\nworkloads:\n  - name: ocr\n    type: inference\n    requirements: { gpu_memory_gib: 4, tflops_fp16: twenty }\n' | gpufit validate -
