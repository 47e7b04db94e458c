/*
 * k8s_files.h - `gpufit k8s --out-dir DIR`: the node-pool script and the
 * manifests as two files, each written to a temporary beside it (removed
 * if the process is interrupted, tmpguard.h) and renamed into place.
 */
#ifndef GPUFIT_K8S_FILES_H
#define GPUFIT_K8S_FILES_H

#include <cjson/cJSON.h>

#include "diag.h"

/*
 * Writes script to DIR/node-pools.sh (mode 0755) and the YAML of docs
 * (k8s_yaml_write()) to DIR/workloads.yaml (0644), creating DIR when it is
 * missing.  A file that is a link to a regular file is written through the
 * link.  Both targets are checked before either is written: a directory, a
 * FIFO, a device or a dangling link writes neither.  0, or -1 with the
 * errors in errs.
 */
int k8s_files_write(const char *dir, const char *script, const cJSON *docs,
		    struct diag_list *errs);

#endif
