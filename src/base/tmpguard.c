/*
 * tmpguard.c - the process-wide state of interrupted writers.
 *
 * A signal handler can only reach what is static: the armed paths are
 * written before a slot is marked armed and before the handlers are
 * installed, and a slot is cleared only after its file is renamed or
 * removed.  The handler calls unlink(2), sigaction(2) and raise(3) only
 * (async-signal-safe).
 */
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "tmpguard.h"

static const int guard_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define N_GUARD_SIGNALS (sizeof(guard_signals) / sizeof(guard_signals[0]))

static char guard_path[TMPGUARD_SLOTS][PATH_MAX];
static volatile sig_atomic_t guard_armed[TMPGUARD_SLOTS];
static struct sigaction guard_old[N_GUARD_SIGNALS];
static int guard_installed[N_GUARD_SIGNALS];
static int guard_count;

static void guard_on_signal(int sig)
{
	struct sigaction dfl;

	for (int i = 0; i < TMPGUARD_SLOTS; i++)
		if (guard_armed[i])
			unlink(guard_path[i]);
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	raise(sig);
}

static void install(void)
{
	for (size_t i = 0; i < N_GUARD_SIGNALS; i++) {
		struct sigaction sa;

		guard_installed[i] = 0;
		if (sigaction(guard_signals[i], NULL, &guard_old[i]) != 0 ||
		    guard_old[i].sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = guard_on_signal;
		sigemptyset(&sa.sa_mask);
		for (size_t j = 0; j < N_GUARD_SIGNALS; j++)
			sigaddset(&sa.sa_mask, guard_signals[j]);
		guard_installed[i] = sigaction(guard_signals[i], &sa, NULL) == 0;
	}
}

static void restore(void)
{
	for (size_t i = 0; i < N_GUARD_SIGNALS; i++)
		if (guard_installed[i])
			sigaction(guard_signals[i], &guard_old[i], NULL);
	memset(guard_installed, 0, sizeof(guard_installed));
}

int tmpguard_arm(const char *path)
{
	size_t n = strlen(path);

	if (n >= PATH_MAX)
		return -1;
	for (int i = 0; i < TMPGUARD_SLOTS; i++) {
		if (guard_armed[i])
			continue;
		memcpy(guard_path[i], path, n + 1);
		guard_armed[i] = 1;
		if (guard_count++ == 0)
			install();
		return i;
	}
	return -1;
}

void tmpguard_disarm(int slot)
{
	if (slot < 0 || slot >= TMPGUARD_SLOTS || !guard_armed[slot])
		return;
	if (--guard_count == 0)
		restore();
	guard_armed[slot] = 0;
	guard_path[slot][0] = '\0';
}
