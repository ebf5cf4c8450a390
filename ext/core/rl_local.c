/*
 * The local hand-over's shared state: see rl_local.h, and model/local.md for
 * the protocol each function is a step of.
 *
 * One segment per (effective uid, pid namespace, server, database, prefix):
 * a header (magic, version, size, identity), one robust process-shared mutex
 * that every step holds (the steps are a few stores each: one mutex costs
 * less than finding the right one of many), a table of key slots and a
 * table of waiter records, each waiter's futex word in its record.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "rl_local.h"

#include <string.h>

#if defined(__linux__)

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define SEG_MAGIC 0x31434f4c4c52ull /* "RLLOC1" */
#define SEG_VERSION 6 /* in the name too: a new layout, a new segment */
#define SEG_SLOTS 256
#define SEG_WAITERS 1024
/* how often a local waiter looks at who it waits behind (dead processes, a holder past its lifetime) */
#define CHECK_PERIOD_NS 50000000ull
/* a holder's lifetime is over by its clock; the key is read once this much later (the clocks' drift: one clock here) */
#define HOLDER_SLACK_NS 5000000ull
/*
 * Freeing the farthest slot from its home recounts the reach (256 reads)
 * only when it is at least this far: below, reading a few slots more per
 * look-up costs less than recounting at every unlock of a key there.
 */
#define RECOUNT_REACH 8
/* how long a segment being set up by another process may take */
#define INIT_WAIT_NS 200000000ull

enum { WOKEN_NONE = 0, WOKEN_HANDED = 1, WOKEN_GLOBAL = 2 };

/* A process: its pid and its start time (a pid reused by another process is not the same process). */
typedef struct {
	int32_t pid;
	uint64_t start;
} proc_id;

typedef struct {
	uint32_t in_use;          /* bound to key */
	uint16_t key_len;
	uint64_t key_hash;
	char key[RL_LOCAL_KEY_MAX + 1];
	uint8_t tok_len;          /* 0: the host does not hold the key */
	char tok[RL_LOCAL_TOKEN_MAX + 1];
	proc_id holder;
	uint64_t holder_ticket;   /* 0: none */
	uint64_t key_from_ns;     /* the lifetime K carries for tok: from the write that set it (CLOCK_MONOTONIC) */
	long long key_ttl_ms;     /* ... and its length; 0: unknown, and key_from_ns when the write's answer is due */
	proc_id global;
	uint64_t global_ticket;   /* 0: none */
	uint32_t handed;          /* local hand-overs since tok was set */
	/*
	 * Waiter records naming this slot, at least (counted up before a record is
	 * marked in use, down after it is freed: a death between leaves it high,
	 * and a scan that finds fewer puts it right). 0 spares the scans of the
	 * 1024 records on the uncontended path.
	 */
	uint32_t nwaiters;
} seg_slot;

typedef struct {
	uint32_t woken;           /* the futex word: WOKEN_* */
	uint32_t in_use;
	int32_t slot;
	uint64_t seq;             /* arrival order */
	proc_id proc;
	uint64_t ticket;
	uint8_t tok_len;          /* WOKEN_HANDED: the token it was handed under */
	char tok[RL_LOCAL_TOKEN_MAX + 1];
} seg_waiter;

typedef struct {
	uint64_t magic;           /* written last, when everything else is set up */
	uint32_t version;
	uint32_t size;
	uint64_t identity_hash;
	pthread_mutex_t mutex;
	uint64_t next_ticket;
	uint64_t next_seq;
	uint64_t identity_hash2;  /* a second hash of the identity (another basis): 128 bits to tell servers apart */
	uint64_t last_sweep_ns;   /* the last sweep of a full table (one per CHECK_PERIOD_NS at most) */
	/*
	 * A key's slot is the first free one from its home (its hash modulo
	 * SEG_SLOTS) on: every slot in use lies at most slot_reach past its home,
	 * so a look-up reads slot_reach + 1 slots, not all 256. Raised before a
	 * slot is taken (a death before the slot is, leaves it high: recounted by
	 * the repair); recounted when the farthest slot, RECOUNT_REACH or more from
	 * home, is freed: so it never stays past the farthest slot in use by more
	 * than RECOUNT_REACH - 1.
	 */
	uint32_t slot_reach;
	seg_slot slots[SEG_SLOTS];
	seg_waiter waiters[SEG_WAITERS];
} seg_shared;

struct rl_local_seg {
	seg_shared *shm;
	char name[64];
	char *identity;           /* what it was attached for (rl_local_is_for()) */
	size_t identity_len;
};

/* ---- clocks, processes ---- */

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t hash_bytes(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h = (h ^ p[i]) * 0x100000001b3ull; /* FNV-1a */
	}
	return h;
}

/* Field 22 of /proc/<pid>/stat (start time, clock ticks since boot); 0 when unreadable. */
static uint64_t proc_start_time(int pid)
{
	char path[64], buf[1024];
	int fd, field = 2;
	ssize_t n;
	char *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		return 0;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0) {
		return 0;
	}
	buf[n] = '\0';
	/* the command name (field 2) may hold spaces and parentheses: fields count from the last ')' */
	if (!(p = strrchr(buf, ')'))) {
		return 0;
	}
	while (*p && field < 22) {
		if (*p++ == ' ') {
			field++;
		}
	}
	return field == 22 ? strtoull(p, NULL, 10) : 0;
}

/*
 * Who we are, cached for the process: getpid() is a system call (glibc
 * stopped caching it), and the hand-over's steps ask several times per
 * lock() and unlock(). A fork() forgets it in the child (pthread_atfork(),
 * registered at the first attach): the child computes its own. Threads of
 * one process compute the same.
 */
static volatile int32_t cached_pid;
static volatile uint64_t cached_start;

static void forget_self_in_child(void)
{
	__atomic_store_n(&cached_pid, 0, __ATOMIC_RELEASE);
}

static void remember_forks(void)
{
	pthread_atfork(NULL, NULL, forget_self_in_child);
}

static proc_id self_proc(void)
{
	proc_id me;

	if ((me.pid = __atomic_load_n(&cached_pid, __ATOMIC_ACQUIRE)) != 0) {
		me.start = cached_start;
		return me;
	}
	me.pid = (int32_t)getpid();
	me.start = proc_start_time(me.pid);
	cached_start = me.start;
	__atomic_store_n(&cached_pid, me.pid, __ATOMIC_RELEASE);
	return me;
}

/*
 * Whether p still runs. A pid that is gone, or taken by a process that started
 * at another time, is dead. /proc unreadable (hidepid): alive, and what it holds
 * is then bounded by its lifetime in Redis (CHECK_KEY), as a stalled holder's is.
 */
static bool proc_alive(proc_id p)
{
	uint64_t start;

	if (p.pid <= 0) {
		return false;
	}
	if (kill(p.pid, 0) != 0 && errno == ESRCH) {
		return false;
	}
	start = proc_start_time(p.pid);
	return start == 0 || p.start == 0 || start == p.start;
}

/* Only whether the pid is gone: one syscall, for the hand-over's hot path (proc_alive() in the looks). */
static bool proc_gone(proc_id p)
{
	return p.pid <= 0 || (kill(p.pid, 0) != 0 && errno == ESRCH);
}

static bool same_proc(proc_id a, proc_id b)
{
	return a.pid == b.pid && a.start == b.start;
}

/* ---- futexes ---- */

static void futex_wake(uint32_t *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0);
}

static void futex_wait(uint32_t *word, uint32_t expected, uint64_t wait_ns)
{
	struct timespec ts;
	ts.tv_sec = (time_t)(wait_ns / 1000000000ull);
	ts.tv_nsec = (long)(wait_ns % 1000000000ull);
	/* woken, out of time, a signal, or the word changed first: the caller looks again either way */
	syscall(SYS_futex, word, FUTEX_WAIT, expected, &ts, NULL, 0);
}

/* ---- the table (every function below runs under the mutex) ---- */

static seg_waiter *first_queued(seg_shared *s, int slot)
{
	seg_waiter *first = NULL;
	if (s->slots[slot].nwaiters == 0) {
		return NULL;
	}
	for (int i = 0; i < SEG_WAITERS; i++) {
		seg_waiter *w = &s->waiters[i];
		if (w->in_use && w->slot == slot && w->woken == WOKEN_NONE && (!first || w->seq < first->seq)) {
			first = w;
		}
	}
	return first;
}

static void free_waiter(seg_shared *s, seg_waiter *w);

/* The first waiter that still runs: a waiter whose process is gone leaves the queue here, never handed anything. */
static seg_waiter *first_live_queued(seg_shared *s, int slot)
{
	seg_waiter *w;
	while ((w = first_queued(s, slot)) && proc_gone(w->proc)) {
		free_waiter(s, w);
	}
	return w;
}

/* Tells w what it was woken to be; the futex wake itself is the caller's (wake() or, after the mutex, rl_local_unlock()). */
static void mark_woken(seg_waiter *w, uint32_t how, const seg_slot *sl)
{
	if (how == WOKEN_HANDED) {
		memcpy(w->tok, sl->tok, sl->tok_len);
		w->tok_len = sl->tok_len;
	}
	__atomic_store_n(&w->woken, how, __ATOMIC_RELEASE);
}

static void wake(seg_waiter *w, uint32_t how, const seg_slot *sl)
{
	mark_woken(w, how, sl);
	futex_wake(&w->woken);
}

/* Makes w the holder; the caller wakes it (futex_wake(&w->woken)). */
static void hand_over(seg_slot *sl, seg_waiter *w)
{
	sl->holder = w->proc;
	sl->holder_ticket = w->ticket;
	sl->handed++;
	mark_woken(w, WOKEN_HANDED, sl);
}

static void hand_to(seg_slot *sl, seg_waiter *w)
{
	hand_over(sl, w);
	futex_wake(&w->woken);
}

/* The first local waiter, if any, takes the key in Redis for the host: returned, told, not yet woken (futex_wake). */
static seg_waiter *pass_global_unwoken(seg_shared *s, int slot)
{
	seg_slot *sl = &s->slots[slot];
	seg_waiter *w = first_live_queued(s, slot);
	if (w) {
		sl->global = w->proc;
		sl->global_ticket = w->ticket;
		mark_woken(w, WOKEN_GLOBAL, sl);
	}
	return w;
}

static void pass_global(seg_shared *s, int slot)
{
	seg_waiter *w = pass_global_unwoken(s, slot);
	if (w) {
		futex_wake(&w->woken);
	}
}

static void free_waiter(seg_shared *s, seg_waiter *w)
{
	int slot = w->slot;
	bool counted = w->in_use && slot >= 0 && slot < SEG_SLOTS;

	w->in_use = 0;
	w->slot = -1;
	w->tok_len = 0;
	__atomic_store_n(&w->woken, WOKEN_NONE, __ATOMIC_RELEASE);
	if (counted && s->slots[slot].nwaiters > 0) {
		s->slots[slot].nwaiters--;
	}
}

/* How far slot lies past the home of the key it holds. */
static uint32_t slot_distance(const seg_shared *s, int slot)
{
	return (uint32_t)((slot - (int)(s->slots[slot].key_hash % SEG_SLOTS) + SEG_SLOTS) % SEG_SLOTS);
}

/* The reach of the slots in use, from the slots themselves. */
static void recount_reach(seg_shared *s)
{
	s->slot_reach = 0;
	for (int i = 0; i < SEG_SLOTS; i++) {
		if (s->slots[i].in_use && slot_distance(s, i) > s->slot_reach) {
			s->slot_reach = slot_distance(s, i);
		}
	}
}

/* A slot nobody holds, takes, or waits on is free for another key. */
static void release_slot_if_idle(seg_shared *s, int slot)
{
	seg_slot *sl = &s->slots[slot];
	if (sl->tok_len || sl->holder_ticket || sl->global_ticket) {
		return;
	}
	for (int i = 0; sl->nwaiters > 0 && i < SEG_WAITERS; i++) {
		seg_waiter *w = &s->waiters[i];
		if (w->in_use && w->slot == slot) {
			if (w->woken != WOKEN_NONE && proc_gone(w->proc)) {
				/* woken, then killed before it looked: what it was woken to is gone (taken back, handed on) */
				free_waiter(s, w);
				continue;
			}
			return;
		}
	}
	sl->nwaiters = 0; /* none found: a count left high by a death is put right */
	sl->handed = 0;
	if (sl->in_use) {
		uint32_t distance = slot_distance(s, slot);
		sl->in_use = 0;
		if (distance == s->slot_reach && distance >= RECOUNT_REACH) {
			/* the farthest slot went: the reach may come down (or look-ups read that far for good) */
			recount_reach(s);
		}
	}
}

/*
 * What dead processes left in slot (local.md, "Failures"), and steps a death
 * interrupted: each change of a step is a store under the mutex, so a process
 * that died inside one leaves a state that this puts right.
 */
static void repair_slot(seg_shared *s, int slot)
{
	seg_slot *sl = &s->slots[slot];
	seg_waiter *w;

	for (int i = 0; i < SEG_WAITERS; i++) {
		w = &s->waiters[i];
		/* a dead waiter leaves the queue; what it was woken to be (holder, global) is repaired below */
		if (w->in_use && w->slot == slot && !proc_alive(w->proc)) {
			free_waiter(s, w);
		}
	}
	if (sl->tok_len && !sl->holder_ticket) {
		/* a take that died between its stores: nobody believes under tok; the key ends with its lifetime */
		sl->tok_len = 0;
	}
	if (sl->holder_ticket && !proc_alive(sl->holder)) {
		/* nobody alive can use tok any more: the first waiter refreshes under it, or the key ends with its lifetime */
		if ((w = first_live_queued(s, slot))) {
			hand_to(sl, w);
		} else {
			sl->tok_len = 0;
			sl->holder_ticket = 0;
			sl->handed = 0;
		}
	}
	if (sl->global_ticket && !proc_alive(sl->global)) {
		/* a key it may have taken ends with its lifetime; the next waiter takes it in Redis */
		sl->global_ticket = 0;
	}
	for (int i = 0; i < SEG_WAITERS; i++) {
		w = &s->waiters[i];
		if (w->in_use && w->slot == slot && w->woken == WOKEN_NONE) {
			/* named by a step that died before it woke them */
			if (sl->holder_ticket == w->ticket) {
				wake(w, WOKEN_HANDED, sl);
			} else if (sl->global_ticket == w->ticket) {
				wake(w, WOKEN_GLOBAL, sl);
			}
		}
	}
	if (!sl->tok_len && !sl->holder_ticket && !sl->global_ticket) {
		pass_global(s, slot);
	}
	release_slot_if_idle(s, slot);
}

static void seg_lock(seg_shared *s)
{
	int rc = pthread_mutex_lock(&s->mutex);
	if (rc == EOWNERDEAD) {
		/* its holder died inside a step: put every slot right, then the mutex */
		for (int i = 0; i < SEG_WAITERS; i++) {
			seg_waiter *w = &s->waiters[i];
			if (w->in_use && (w->slot < 0 || w->slot >= SEG_SLOTS || !s->slots[w->slot].in_use)) {
				free_waiter(s, w);
			}
		}
		for (int i = 0; i < SEG_SLOTS; i++) {
			if (s->slots[i].in_use) {
				repair_slot(s, i);
			}
		}
		/* a death may have come between raising the reach and taking the slot */
		recount_reach(s);
		pthread_mutex_consistent(&s->mutex);
	}
	/* ENOTRECOVERABLE cannot come: nobody unlocks an inconsistent mutex without making it consistent */
}

static void seg_unlock(seg_shared *s)
{
	pthread_mutex_unlock(&s->mutex);
}

static int find_slot(seg_shared *s, const char *key, size_t key_len, bool create)
{
	uint64_t h = hash_bytes(0xcbf29ce484222325ull, key, key_len);
	int home = (int)(h % SEG_SLOTS), free_slot = -1;
	uint32_t d, free_d = 0;

	/* the key's slot, if it has one, lies within slot_reach of its home */
	for (d = 0; d <= s->slot_reach && d < SEG_SLOTS; d++) {
		int i = (home + (int)d) % SEG_SLOTS;
		seg_slot *sl = &s->slots[i];
		if (!sl->in_use) {
			if (free_slot < 0) {
				free_slot = i;
				free_d = d;
			}
		} else if (sl->key_hash == h && sl->key_len == key_len && memcmp(sl->key, key, key_len) == 0) {
			return i;
		}
	}
	if (!create) {
		return -1;
	}
	for (; free_slot < 0 && d < SEG_SLOTS; d++) {
		int i = (home + (int)d) % SEG_SLOTS;
		if (!s->slots[i].in_use) {
			free_slot = i;
			free_d = d;
		}
	}
	if (free_slot < 0) {
		return -1;
	}
	/* the reach first, then the slot: a death between errs towards reading more */
	if (free_d > s->slot_reach) {
		s->slot_reach = free_d;
	}
	memset(&s->slots[free_slot], 0, sizeof(seg_slot));
	s->slots[free_slot].in_use = 1;
	s->slots[free_slot].key_hash = h;
	s->slots[free_slot].key_len = (uint16_t)key_len;
	memcpy(s->slots[free_slot].key, key, key_len);
	return free_slot;
}

/*
 * The lifetime the slot records for tok. Its length goes last (and first
 * to 0, "unknown"), so that a death between the stores, or a write whose
 * outcome nobody learnt, never leaves a lifetime that is not the key's:
 * rl_local_inherit() takes over only a known one.
 */
static void record_lifetime(seg_slot *sl, uint64_t from_ns, long long ttl_ms)
{
	__atomic_store_n(&sl->key_ttl_ms, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&sl->key_from_ns, from_ns, __ATOMIC_RELEASE);
	__atomic_store_n(&sl->key_ttl_ms, ttl_ms, __ATOMIC_RELEASE);
}

static uint64_t lifetime_end_ns(const seg_slot *sl)
{
	return sl->key_from_ns + (uint64_t)sl->key_ttl_ms * 1000000u;
}

/* The host lets go of tok (nobody holds it for the host any more) and pos takes the key in Redis for it. */
static void hand_slot_to_global(seg_slot *sl, const rl_local_pos *pos)
{
	sl->tok_len = 0;
	sl->holder_ticket = 0;
	sl->handed = 0;
	sl->global = self_proc();
	sl->global_ticket = pos->ticket;
}

static bool token_is(const seg_slot *sl, const char *token, size_t token_len)
{
	return sl->tok_len == token_len && token_len > 0 && memcmp(sl->tok, token, token_len) == 0;
}

/* ---- the segment ---- */

static bool init_mutex(pthread_mutex_t *m)
{
	pthread_mutexattr_t attr;
	bool ok = pthread_mutexattr_init(&attr) == 0
		&& pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED) == 0
		&& pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST) == 0
		&& pthread_mutex_init(m, &attr) == 0;
	pthread_mutexattr_destroy(&attr);
	return ok;
}

static rl_local_seg *map_segment(int fd, const char *name)
{
	rl_local_seg *seg;
	void *p = mmap(NULL, sizeof(seg_shared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		return NULL;
	}
	if (!(seg = calloc(1, sizeof(*seg)))) {
		munmap(p, sizeof(seg_shared));
		return NULL;
	}
	seg->shm = p;
	snprintf(seg->name, sizeof(seg->name), "%s", name);
	return seg;
}

/* Keeps what seg was attached for; false (seg detached) when out of memory. */
static rl_local_seg *remember_identity(rl_local_seg *seg, const char *identity, size_t identity_len)
{
	if (!(seg->identity = malloc(identity_len + 1))) {
		rl_local_detach(seg);
		return NULL;
	}
	memcpy(seg->identity, identity, identity_len);
	seg->identity[identity_len] = '\0';
	seg->identity_len = identity_len;
	return seg;
}

rl_local_seg *rl_local_attach(const char *identity, size_t identity_len, const char **why)
{
	char name[64], ns[64] = "";
	uint64_t h, h2;
	ssize_t ns_len;
	int attempt;
	static pthread_once_t forks_remembered = PTHREAD_ONCE_INIT;

	pthread_once(&forks_remembered, remember_forks);

	/*
	 * Another pid namespace sees other pids (a holder there would look dead
	 * here), another time namespace another CLOCK_MONOTONIC (a lifetime
	 * recorded there would not be one here): their processes are another host.
	 * No pid namespace to read (no /proc): no segment. No time namespace link
	 * (kernels before 5.6): there are none.
	 */
	if ((ns_len = readlink("/proc/self/ns/pid", ns, sizeof(ns) - 1)) <= 0) {
		*why = "cannot read /proc/self/ns/pid";
		return NULL;
	}
	ns[ns_len] = '\0';
	h = hash_bytes(0xcbf29ce484222325ull, identity, identity_len);
	h = hash_bytes(h, ns, strlen(ns));
	h2 = hash_bytes(0x84222325cbf29ce4ull, identity, identity_len);
	h2 = hash_bytes(h2, ns, strlen(ns));
	if ((ns_len = readlink("/proc/self/ns/time", ns, sizeof(ns) - 1)) > 0) {
		ns[ns_len] = '\0';
		h = hash_bytes(h, ns, strlen(ns));
		h2 = hash_bytes(h2, ns, strlen(ns));
	} else if (errno != ENOENT) {
		*why = "cannot read /proc/self/ns/time";
		return NULL;
	}
	/* the version in the name: an upgrade with another layout makes a new segment beside the old one */
	snprintf(name, sizeof(name), "/redislock-v%d-%u-%016llx", SEG_VERSION, (unsigned)geteuid(), (unsigned long long)h);

	for (attempt = 0; attempt < 2; attempt++) {
		struct stat st;
		rl_local_seg *seg;
		seg_shared *s;
		uint64_t until;
		int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

		if (fd >= 0) {
			/* ours to set up: zero-filled by ftruncate, the magic written last */
			if (fchmod(fd, 0600) != 0 || ftruncate(fd, sizeof(seg_shared)) != 0 || !(seg = map_segment(fd, name))) {
				close(fd);
				shm_unlink(name);
				*why = "cannot create the shared segment";
				return NULL;
			}
			close(fd);
			s = seg->shm;
			if (!init_mutex(&s->mutex)) {
				rl_local_detach(seg);
				shm_unlink(name);
				*why = "no robust process-shared mutexes";
				return NULL;
			}
			s->version = SEG_VERSION;
			s->size = sizeof(seg_shared);
			s->identity_hash = h;
			s->identity_hash2 = h2;
			s->next_ticket = 1;
			s->next_seq = 1;
			for (int i = 0; i < SEG_WAITERS; i++) {
				s->waiters[i].slot = -1;
			}
			__atomic_store_n(&s->magic, SEG_MAGIC, __ATOMIC_RELEASE);
			if (!(seg = remember_identity(seg, identity, identity_len))) {
				*why = "out of memory";
			}
			return seg;
		}
		if (errno != EEXIST) {
			*why = errno == ENOENT || errno == ENOSYS ? "no /dev/shm" : "cannot create the shared segment";
			return NULL;
		}
		if ((fd = shm_open(name, O_RDWR | O_CLOEXEC, 0)) < 0) {
			if (errno == ENOENT) {
				continue; /* removed meanwhile */
			}
			*why = "the shared segment is not ours";
			return NULL;
		}
		/* set up by another: used only if it is ours, and says so */
		until = now_ns() + INIT_WAIT_NS;
		while (fstat(fd, &st) == 0 && st.st_size == 0 && st.st_uid == geteuid() && now_ns() < until) {
			usleep(1000); /* between its creator's open and ftruncate */
		}
		if (fstat(fd, &st) != 0 || st.st_uid != geteuid() || (st.st_mode & 07777) != 0600) {
			close(fd);
			*why = "the shared segment is not ours (owner or mode)";
			return NULL;
		}
		if (st.st_size == 0 && attempt == 0 && st.st_mtime < time(NULL) - 2) {
			/* its creator died before sizing it: nobody can be using it */
			close(fd);
			shm_unlink(name);
			continue;
		}
		if ((size_t)st.st_size != sizeof(seg_shared)) {
			close(fd);
			*why = "the shared segment has the wrong size";
			return NULL;
		}
		seg = map_segment(fd, name);
		close(fd);
		if (!seg) {
			*why = "cannot map the shared segment";
			return NULL;
		}
		s = seg->shm;
		while (__atomic_load_n(&s->magic, __ATOMIC_ACQUIRE) == 0 && now_ns() < until) {
			usleep(1000);
		}
		if (__atomic_load_n(&s->magic, __ATOMIC_ACQUIRE) == 0 && attempt == 0 && st.st_mtime < time(NULL) - 2) {
			/* its creator died setting it up: nobody can be using it (nobody trusts it without the magic) */
			rl_local_detach(seg);
			shm_unlink(name);
			continue;
		}
		if (s->magic != SEG_MAGIC || s->version != SEG_VERSION || s->size != sizeof(seg_shared)) {
			rl_local_detach(seg);
			*why = "the shared segment has the wrong magic, version or size";
			return NULL;
		}
		if (s->identity_hash != h || s->identity_hash2 != h2) {
			rl_local_detach(seg);
			*why = "the shared segment belongs to another server";
			return NULL;
		}
		if (!(seg = remember_identity(seg, identity, identity_len))) {
			*why = "out of memory";
		}
		return seg;
	}
	*why = "the shared segment could not be set up";
	return NULL;
}

void rl_local_detach(rl_local_seg *seg)
{
	if (seg) {
		munmap(seg->shm, sizeof(seg_shared));
		free(seg->identity);
		free(seg);
	}
}

bool rl_local_is_for(const rl_local_seg *seg, const char *identity, size_t identity_len)
{
	return seg->identity_len == identity_len && memcmp(seg->identity, identity, identity_len) == 0;
}



const char *rl_local_name(const rl_local_seg *seg)
{
	return seg->name;
}

/* ---- the steps ---- */

rl_local_enter_result rl_local_enter(rl_local_seg *seg, const char *key, size_t key_len, rl_local_pos *pos)
{
	seg_shared *s = seg->shm;
	seg_slot *sl;
	int slot;

	if (key_len > RL_LOCAL_KEY_MAX) {
		return RL_LOCAL_NO_ROOM;
	}
	seg_lock(s);
	if ((slot = find_slot(s, key, key_len, true)) < 0 && now_ns() >= s->last_sweep_ns + CHECK_PERIOD_NS) {
		/* full: slots that dead processes left (names nobody locks again) are freed first; once a period */
		s->last_sweep_ns = now_ns();
		for (int i = 0; i < SEG_SLOTS; i++) {
			if (s->slots[i].in_use) {
				repair_slot(s, i);
			}
		}
		slot = find_slot(s, key, key_len, true);
	}
	if (slot < 0) {
		seg_unlock(s);
		return RL_LOCAL_NO_ROOM;
	}
	sl = &s->slots[slot];
	pos->slot = slot;
	pos->waiter = -1;
	pos->ticket = s->next_ticket++;
	pos->next_check_ns = now_ns() + CHECK_PERIOD_NS;
	if (!sl->tok_len && !sl->holder_ticket && !sl->global_ticket) {
		sl->global = self_proc();
		sl->global_ticket = pos->ticket;
		seg_unlock(s);
		return RL_LOCAL_GLOBAL;
	}
	for (int i = 0; i < SEG_WAITERS; i++) {
		seg_waiter *w = &s->waiters[i];
		if (!w->in_use) {
			sl->nwaiters++;
			w->slot = slot;
			w->seq = s->next_seq++;
			w->proc = self_proc();
			w->ticket = pos->ticket;
			w->tok_len = 0;
			__atomic_store_n(&w->woken, WOKEN_NONE, __ATOMIC_RELEASE);
			/* last: a process that dies before this store leaves no record naming it half-way */
			__atomic_store_n(&w->in_use, 1, __ATOMIC_RELEASE);
			pos->waiter = i;
			seg_unlock(s);
			return RL_LOCAL_QUEUED;
		}
	}
	seg_unlock(s);
	return RL_LOCAL_NO_ROOM;
}

bool rl_local_taken(rl_local_seg *seg, rl_local_pos *pos, const char *token, size_t token_len, uint64_t from_ns,
		long long ttl_ms)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[pos->slot];
	bool named;

	seg_lock(s);
	if ((named = sl->in_use && sl->global_ticket == pos->ticket && token_len > 0 && token_len <= RL_LOCAL_TOKEN_MAX)) {
		memcpy(sl->tok, token, token_len);
		sl->tok_len = (uint8_t)token_len;
		sl->holder = self_proc();
		sl->holder_ticket = pos->ticket;
		record_lifetime(sl, from_ns, ttl_ms);
		sl->global_ticket = 0;
		sl->handed = 0;
	}
	seg_unlock(s);
	return named;
}

void rl_local_not_taken(rl_local_seg *seg, const rl_local_pos *pos)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[pos->slot];

	seg_lock(s);
	if (sl->in_use && sl->global_ticket == pos->ticket) {
		sl->global_ticket = 0;
		pass_global(s, pos->slot);
	}
	release_slot_if_idle(s, pos->slot);
	seg_unlock(s);
}

/* Our record was woken: what it says, and the record freed. Under the mutex. */
static rl_local_wait_result consume_wake(seg_shared *s, seg_waiter *w, rl_local_pos *pos, char *token,
		size_t *token_len)
{
	rl_local_wait_result result = w->woken == WOKEN_HANDED ? RL_LOCAL_HANDED : RL_LOCAL_GO_GLOBAL;
	if (result == RL_LOCAL_HANDED) {
		memcpy(token, w->tok, w->tok_len);
		*token_len = w->tok_len;
	}
	free_waiter(s, w);
	pos->waiter = -1;
	return result;
}

rl_local_wait_result rl_local_wait(rl_local_seg *seg, rl_local_pos *pos, uint64_t until_ns, char *token,
		size_t *token_len, uint64_t *holder_ticket)
{
	seg_shared *s = seg->shm;
	seg_waiter *w = &s->waiters[pos->waiter];
	seg_slot *sl = &s->slots[pos->slot];
	uint64_t now;

	for (;;) {
		now = now_ns();
		if (__atomic_load_n(&w->woken, __ATOMIC_ACQUIRE) != WOKEN_NONE || now >= pos->next_check_ns || now >= until_ns) {
			rl_local_wait_result result = RL_LOCAL_WAITING;
			seg_lock(s);
			/*
			 * The first waiter repairs for all (every waiter's liveness). Every
			 * waiter looks at who the queue waits on (the first waiter, the holder,
			 * the global taker): a first waiter that is stopped must not keep the
			 * others from seeing a dead holder.
			 */
			if (w->woken == WOKEN_NONE && now >= pos->next_check_ns) {
				seg_waiter *first = first_queued(s, pos->slot);
				/* the others with one kill(pid, 0) each: a reused pid is the first waiter's to see */
				if (first == w || (first && proc_gone(first->proc))
						|| (sl->holder_ticket && proc_gone(sl->holder))
						|| (sl->global_ticket && proc_gone(sl->global))) {
					repair_slot(s, pos->slot);
				}
			}
			if (!w->in_use || w->ticket != pos->ticket) {
				/* repaired away as dead: cannot be, while we run; waited out as if out of time */
				pos->waiter = -1;
				seg_unlock(s);
				return RL_LOCAL_WAITING;
			}
			if (w->woken != WOKEN_NONE) {
				result = consume_wake(s, w, pos, token, token_len);
			} else if (now >= pos->next_check_ns && sl->holder_ticket && sl->tok_len
					&& now > lifetime_end_ns(sl) + HOLDER_SLACK_NS) {
				memcpy(token, sl->tok, sl->tok_len);
				*token_len = sl->tok_len;
				*holder_ticket = sl->holder_ticket;
				result = RL_LOCAL_CHECK_KEY;
			}
			seg_unlock(s);
			if (now >= pos->next_check_ns) {
				pos->next_check_ns = now + CHECK_PERIOD_NS;
			}
			if (result != RL_LOCAL_WAITING || now >= until_ns) {
				return result;
			}
		}
		futex_wait(&w->woken, WOKEN_NONE, (until_ns < pos->next_check_ns ? until_ns : pos->next_check_ns) - now);
	}
}

/* Our waiter record, while it is ours and still queued (not woken); NULL otherwise. Under the mutex. */
static seg_waiter *own_queued_record(seg_shared *s, const rl_local_pos *pos)
{
	seg_waiter *w = pos->waiter < 0 ? NULL : &s->waiters[pos->waiter];
	return w && w->in_use && w->ticket == pos->ticket && w->woken == WOKEN_NONE ? w : NULL;
}

bool rl_local_leave(rl_local_seg *seg, rl_local_pos *pos)
{
	seg_shared *s = seg->shm;
	seg_waiter *w;
	bool left;

	if (pos->waiter < 0) {
		return true;
	}
	seg_lock(s);
	if ((left = (w = own_queued_record(s, pos)) != NULL)) {
		free_waiter(s, w);
		pos->waiter = -1;
		release_slot_if_idle(s, pos->slot);
	}
	seg_unlock(s);
	return left;
}

bool rl_local_reclaim(rl_local_seg *seg, rl_local_pos *pos, const char *token, size_t token_len,
		uint64_t holder_ticket)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[pos->slot];
	seg_waiter *w;
	bool reclaimed = false;

	seg_lock(s);
	if (sl->holder_ticket == holder_ticket && token_is(sl, token, token_len) && !sl->global_ticket
			&& (w = own_queued_record(s, pos))) {
		/* its holder, stalled past its lifetime, is not the holder any more: its unlock() is false */
		hand_slot_to_global(sl, pos);
		free_waiter(s, w);
		pos->waiter = -1;
		reclaimed = true;
	}
	seg_unlock(s);
	return reclaimed;
}

bool rl_local_handed_ok(rl_local_seg *seg, const rl_local_pos *pos, uint64_t from_ns, long long ttl_ms)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[pos->slot];
	bool named;

	seg_lock(s);
	if ((named = sl->holder_ticket == pos->ticket)) {
		record_lifetime(sl, from_ns, ttl_ms);
	}
	seg_unlock(s);
	return named;
}

bool rl_local_inherit(rl_local_seg *seg, const rl_local_pos *pos, const char *token, size_t token_len,
		uint64_t not_before_ns, long long ttl_ms, uint64_t *from_ns)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[pos->slot];
	uint64_t drift_ns = ((uint64_t)ttl_ms / 100 + 2) * 1000000u, lasts_ns = (uint64_t)ttl_ms * 1000000u;
	bool inherited;

	uint64_t now = now_ns();

	seg_lock(s);
	/*
	 * Known (ttl_ms > 0), as long as asked, begun after the call and within the
	 * allowance of now (so the holder gets its $expire less at most twice the
	 * allowance, as a grant written a moment before lock() returns does).
	 */
	inherited = sl->holder_ticket == pos->ticket && token_is(sl, token, token_len)
		&& ttl_ms > 0 && sl->key_ttl_ms == ttl_ms && sl->key_from_ns >= not_before_ns
		&& lasts_ns > drift_ns && sl->key_from_ns + drift_ns > now;
	*from_ns = sl->key_from_ns;
	seg_unlock(s);
	return inherited;
}

bool rl_local_handed_failed(rl_local_seg *seg, const rl_local_pos *pos)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[pos->slot];
	bool named;

	seg_lock(s);
	if ((named = sl->holder_ticket == pos->ticket)) {
		hand_slot_to_global(sl, pos);
	}
	seg_unlock(s);
	return named;
}

bool rl_local_is_holder(rl_local_seg *seg, int slot, uint64_t ticket, char *token, size_t *token_len)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[slot];
	bool named;

	seg_lock(s);
	if ((named = sl->in_use && sl->holder_ticket == ticket && same_proc(sl->holder, self_proc())) && token) {
		memcpy(token, sl->tok, sl->tok_len);
		*token_len = sl->tok_len;
	}
	seg_unlock(s);
	return named;
}

void rl_local_set_lifetime(rl_local_seg *seg, int slot, uint64_t ticket, uint64_t from_ns, long long ttl_ms)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[slot];

	seg_lock(s);
	if (sl->holder_ticket == ticket) {
		record_lifetime(sl, from_ns, ttl_ms);
	}
	seg_unlock(s);
}

rl_local_unlock_result rl_local_unlock(rl_local_seg *seg, int slot, uint64_t ticket, bool may_hand,
		uint64_t answer_within_ns)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[slot];
	rl_local_unlock_result result = RL_LOCAL_NOT_HOLDER;
	seg_waiter *w = NULL;

	seg_lock(s);
	/* the pid too: a forked child has its parent's records, never its parent's lock */
	if (sl->in_use && sl->holder_ticket == ticket && same_proc(sl->holder, self_proc())) {
		result = RL_LOCAL_RELEASE_GLOBAL;
		if (may_hand && sl->handed < RL_LOCAL_BOUND && (w = first_live_queued(s, slot))) {
			hand_over(sl, w);
			result = RL_LOCAL_HANDED_ON;
		} else {
			/* released in Redis next: until its answer (and for good if it never comes) nobody knows the lifetime */
			record_lifetime(sl, now_ns() + answer_within_ns, 0);
		}
	}
	seg_unlock(s);
	if (result == RL_LOCAL_HANDED_ON) {
		/*
		 * Woken after the mutex, which the new holder takes first thing: woken under
		 * it, it would sleep again on the mutex until our unlock. The record may be
		 * another waiter's by now (ours woke on a timeout, took the lock, freed it):
		 * a wake it does not need, after which it looks at its word and sleeps again.
		 */
		futex_wake(&w->woken);
		/*
		 * The lock's next holder is on the critical path, this process is not any
		 * more: on a host with more runnable processes than CPUs (a busy FPM pool),
		 * give the CPU away, so the holder is not left waiting for this one's time
		 * slice to end. A no-op when nothing else is runnable here.
		 */
		sched_yield();
	}
	return result;
}

void rl_local_released(rl_local_seg *seg, int slot, uint64_t ticket, const char *token, size_t token_len)
{
	seg_shared *s = seg->shm;
	seg_slot *sl = &s->slots[slot];
	seg_waiter *w = NULL;

	seg_lock(s);
	if (sl->in_use && sl->holder_ticket == ticket && same_proc(sl->holder, self_proc())
			&& token_is(sl, token, token_len)) {
		sl->tok_len = 0;
		sl->holder_ticket = 0;
		sl->handed = 0;
		w = pass_global_unwoken(s, slot);
		release_slot_if_idle(s, slot);
	}
	seg_unlock(s);
	if (w) {
		/* after the mutex, which w takes first thing (as rl_local_unlock() wakes) */
		futex_wake(&w->woken);
	}
}

void rl_local_usage(rl_local_seg *seg, int *slots, int *waiters)
{
	seg_shared *s = seg->shm;
	*slots = *waiters = 0;
	seg_lock(s);
	for (int i = 0; i < SEG_SLOTS; i++) {
		*slots += s->slots[i].in_use ? 1 : 0;
	}
	for (int i = 0; i < SEG_WAITERS; i++) {
		*waiters += s->waiters[i].in_use ? 1 : 0;
	}
	seg_unlock(s);
}

const char *rl_local_check(rl_local_seg *seg)
{
	seg_shared *s = seg->shm;
	const char *why = NULL;
	uint32_t farthest = 0;

	seg_lock(s);
	for (int i = 0; i < SEG_SLOTS && !why; i++) {
		const seg_slot *a = &s->slots[i];
		if (!a->in_use) {
			continue;
		}
		farthest = slot_distance(s, i) > farthest ? slot_distance(s, i) : farthest;
		if (slot_distance(s, i) > s->slot_reach) {
			why = "a slot in use lies past the reach of its home: its key cannot be found";
		}
		for (int j = i + 1; j < SEG_SLOTS && !why; j++) {
			const seg_slot *b = &s->slots[j];
			if (b->in_use && b->key_hash == a->key_hash && b->key_len == a->key_len
					&& memcmp(a->key, b->key, a->key_len) == 0) {
				why = "one key in two slots";
			}
		}
	}
	if (!why && s->slot_reach > farthest && s->slot_reach >= RECOUNT_REACH) {
		why = "the reach stays past every slot in use: look-ups read more slots than they need";
	}
	seg_unlock(s);
	return why;
}

#else /* not Linux: no futexes, no robust mutexes we rely on */

struct rl_local_seg {
	int unused;
};

rl_local_seg *rl_local_attach(const char *identity, size_t identity_len, const char **why)
{
	(void)identity;
	(void)identity_len;
	*why = "not supported on this platform (Linux only)";
	return NULL;
}

void rl_local_detach(rl_local_seg *seg) { (void)seg; }
bool rl_local_is_for(const rl_local_seg *seg, const char *identity, size_t identity_len)
{ (void)seg; (void)identity; (void)identity_len; return false; }
const char *rl_local_name(const rl_local_seg *seg) { (void)seg; return ""; }
rl_local_enter_result rl_local_enter(rl_local_seg *seg, const char *key, size_t key_len, rl_local_pos *pos)
{ (void)seg; (void)key; (void)key_len; (void)pos; return RL_LOCAL_NO_ROOM; }
bool rl_local_taken(rl_local_seg *seg, rl_local_pos *pos, const char *token, size_t token_len, uint64_t from_ns,
		long long ttl_ms)
{ (void)seg; (void)pos; (void)token; (void)token_len; (void)from_ns; (void)ttl_ms; return false; }
void rl_local_not_taken(rl_local_seg *seg, const rl_local_pos *pos) { (void)seg; (void)pos; }
rl_local_wait_result rl_local_wait(rl_local_seg *seg, rl_local_pos *pos, uint64_t until_ns, char *token,
		size_t *token_len, uint64_t *holder_ticket)
{ (void)seg; (void)pos; (void)until_ns; (void)token; (void)token_len; (void)holder_ticket; return RL_LOCAL_WAITING; }
bool rl_local_leave(rl_local_seg *seg, rl_local_pos *pos) { (void)seg; (void)pos; return true; }
bool rl_local_reclaim(rl_local_seg *seg, rl_local_pos *pos, const char *token, size_t token_len,
		uint64_t holder_ticket)
{ (void)seg; (void)pos; (void)token; (void)token_len; (void)holder_ticket; return false; }
bool rl_local_handed_ok(rl_local_seg *seg, const rl_local_pos *pos, uint64_t from_ns, long long ttl_ms)
{ (void)seg; (void)pos; (void)from_ns; (void)ttl_ms; return false; }
bool rl_local_inherit(rl_local_seg *seg, const rl_local_pos *pos, const char *token, size_t token_len,
		uint64_t not_before_ns, long long ttl_ms, uint64_t *from_ns)
{ (void)seg; (void)pos; (void)token; (void)token_len; (void)not_before_ns; (void)ttl_ms; *from_ns = 0; return false; }
bool rl_local_handed_failed(rl_local_seg *seg, const rl_local_pos *pos) { (void)seg; (void)pos; return false; }
bool rl_local_is_holder(rl_local_seg *seg, int slot, uint64_t ticket, char *token, size_t *token_len)
{ (void)seg; (void)slot; (void)ticket; (void)token; (void)token_len; return false; }
void rl_local_set_lifetime(rl_local_seg *seg, int slot, uint64_t ticket, uint64_t from_ns, long long ttl_ms)
{ (void)seg; (void)slot; (void)ticket; (void)from_ns; (void)ttl_ms; }
rl_local_unlock_result rl_local_unlock(rl_local_seg *seg, int slot, uint64_t ticket, bool may_hand,
		uint64_t answer_within_ns)
{ (void)seg; (void)slot; (void)ticket; (void)may_hand; (void)answer_within_ns; return RL_LOCAL_NOT_HOLDER; }
void rl_local_released(rl_local_seg *seg, int slot, uint64_t ticket, const char *token, size_t token_len)
{ (void)seg; (void)slot; (void)ticket; (void)token; (void)token_len; }
void rl_local_usage(rl_local_seg *seg, int *slots, int *waiters) { (void)seg; *slots = *waiters = 0; }
const char *rl_local_check(rl_local_seg *seg) { (void)seg; return NULL; }

#endif
