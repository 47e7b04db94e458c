/*
 * tmpguard.h - temporary files removed when the process is interrupted.
 *
 * A writer that builds FILE in a temporary and renames it into place arms
 * the temporary's path before the file exists and disarms it once it is
 * renamed or removed.  SIGINT, SIGTERM and SIGHUP while it is armed unlink
 * every armed path, then re-raise the signal with its default action, so an
 * interrupted run leaves no partial file.  A signal the process ignores
 * (nohup, a background job) stays ignored.
 */
#ifndef GPUFIT_TMPGUARD_H
#define GPUFIT_TMPGUARD_H

#define TMPGUARD_SLOTS 4

/* Arms path; returns its slot (>= 0), or -1 when the path is too long or
 * every slot is taken (the file is then not removed on a signal). */
int tmpguard_arm(const char *path);

/* Disarms slot (a no-op for -1); the handlers go when no slot is armed. */
void tmpguard_disarm(int slot);

#endif
