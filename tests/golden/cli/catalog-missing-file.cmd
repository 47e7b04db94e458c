gpufit catalog status --catalog /nonexistent/catalog.db
