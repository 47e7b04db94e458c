GPUFIT_CATALOG=/nonexistent/env.db gpufit catalog status
