/*
 * k8s_files.c - `gpufit k8s --out-dir DIR`: DIR/node-pools.sh and
 * DIR/workloads.yaml, each through a temporary file renamed into place
 * (k8s_files.h).
 */
#include "k8s_files.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "k8s_yaml.h"
#include "tmpguard.h"
#include "util.h"

/* The file DIR/NAME becomes: itself, or the regular file a link names
 * (the link stays). 0 with the path in target, or -1 with the error in errs
 * when it is a directory, a FIFO, a device or a link to nothing: no file of
 * the pair is written then. */
static int out_target(const char *dir, const char *name, char *target, size_t len,
		      struct diag_list *errs)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(target, len, "%s", path);
	if (lstat(path, &st) != 0)
		return 0;
	if (S_ISLNK(st.st_mode)) {
		char real[PATH_MAX];

		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || !realpath(path, real)) {
			diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot write '%s': a link to %s",
				      path, errno == ENOENT ? "a missing file"
							    : "something not a file");
			return -1;
		}
		snprintf(target, len, "%s", real);
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot write '%s': %s", path,
			      S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return -1;
	}
	return 0;
}

/* Writes text (or the YAML of docs) to a temporary beside target, armed
 * against signals; tmp gets its path, *slot its tmpguard slot.  0, or -1
 * with the errors in errs. */
static int write_tmp(const char *target, const char *text, const cJSON *docs, int mode,
		     char *tmp, size_t tmplen, int *slot, struct diag_list *errs)
{
	char err[256];
	const char *slash = strrchr(target, '/');
	FILE *f;
	int bad;

	snprintf(tmp, tmplen, "%.*s.%s.tmp.%ld", slash ? (int)(slash - target + 1) : 0, target,
		 slash ? slash + 1 : target, (long)getpid());
	*slot = tmpguard_arm(tmp);
	f = fopen(tmp, "w");
	if (!f) {
		diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot write '%s': %s", target,
			      util_strerror(errno));
		tmpguard_disarm(*slot);
		*slot = -1;
		return -1;
	}
	if (docs) {
		bad = k8s_yaml_write(f, docs, err, sizeof(err)) != 0;
		if (bad)
			diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "%s", err);
	} else {
		bad = fputs(text, f) == EOF;
	}
	bad |= fflush(f) != 0 || ferror(f);
	bad |= fclose(f) != 0;
	if (!bad && chmod(tmp, (mode_t)mode) != 0)
		bad = 1;
	if (bad) {
		diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot write '%s': %s", target,
			      util_strerror(errno ? errno : EIO));
		remove(tmp);
		tmpguard_disarm(*slot);
		*slot = -1;
		return -1;
	}
	return 0;
}

int k8s_files_write(const char *dir, const char *script, const cJSON *docs,
		    struct diag_list *errs)
{
	char t1[4200], t2[4200], f1[4096], f2[4096];
	struct stat st;
	int s1 = -1, s2 = -1, rc = -1;

	if (stat(dir, &st) != 0) {
		if (errno != ENOENT || mkdir(dir, 0777) != 0) {
			diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot create '%s': %s", dir,
				      util_strerror(errno));
			return -1;
		}
	} else if (!S_ISDIR(st.st_mode)) {
		diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "'%s' is not a directory", dir);
		return -1;
	}
	/* both targets checked before either is written: all or nothing */
	if (out_target(dir, "node-pools.sh", f1, sizeof(f1), errs) != 0 ||
	    out_target(dir, "workloads.yaml", f2, sizeof(f2), errs) != 0)
		return -1;
	if (write_tmp(f1, script, NULL, 0755, t1, sizeof(t1), &s1, errs) != 0)
		return -1;
	if (write_tmp(f2, NULL, docs, 0644, t2, sizeof(t2), &s2, errs) != 0) {
		remove(t1);
		tmpguard_disarm(s1);
		return -1;
	}
	if (rename(t2, f2) != 0) {
		diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot write '%s': %s", f2,
			      util_strerror(errno));
		remove(t1);
		remove(t2);
	} else if (rename(t1, f1) != 0) {
		diag_list_add(errs, DIAG_ERROR, NULL, 0, 0, "cannot write '%s': %s", f1,
			      util_strerror(errno));
		remove(t1);
	} else {
		rc = 0;
	}
	tmpguard_disarm(s1);
	tmpguard_disarm(s2);
	return rc;
}
