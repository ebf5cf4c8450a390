/* One step on several connections at once: see rl_fanout.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef _WIN32
# include <poll.h>
#endif

#include "rl_fanout.h"

void rl_fanout_slot_init(rl_fanout_slot *slot, rl_conn *conn, rl_status status, const rl_error *err)
{
	memset(slot, 0, sizeof(*slot));
	slot->conn = conn;
	slot->status = conn ? RL_OK : status;
	if (!conn && err) {
		slot->err = *err;
	}
}

bool rl_fanout_slot_takes_part(const rl_fanout_slot *slot)
{
	return slot->conn != NULL && slot->status == RL_OK && !slot->left_out;
}

void rl_fanout_slot_leave_out(rl_fanout_slot *slot)
{
	slot->left_out = true;
	if (slot->conn) {
		slot->conn->broken = true;
	}
}

rl_status rl_fanout_append(rl_fanout_slot *slot, const rl_command *cmd)
{
	if (!slot->conn || slot->status != RL_OK) {
		return slot->status;
	}
	if ((slot->status = rl_conn_append(slot->conn, cmd, &slot->err)) == RL_OK) {
		slot->ncmds++;
	}
	return slot->status;
}

static void slot_finish(rl_fanout_slot *slots, size_t n, size_t i, rl_fanout_on_done on_done, void *ctx)
{
	slots[i].done = true;
	if (slots[i].status != RL_OK) {
		rl_reply_free_all(slots[i].replies, slots[i].nreplies);
		slots[i].nreplies = 0;
	}
	if (on_done) {
		on_done(slots, n, i, ctx);
	}
}

/* Takes every complete reply the slot's reader holds; finishes the slot when it has them all. */
static void slot_take(rl_fanout_slot *slots, size_t n, size_t i, rl_fanout_on_done on_done, void *ctx)
{
	rl_fanout_slot *slot = &slots[i];

	while (slot->nreplies < slot->ncmds) {
		redisReply *reply;
		if ((slot->status = rl_conn_take_reply(slot->conn, &reply, &slot->err)) != RL_OK) {
			slot_finish(slots, n, i, on_done, ctx);
			return;
		}
		if (!reply) {
			return;
		}
		slot->replies[slot->nreplies++] = reply;
	}
	slot->status = rl_conn_settle(slot->conn, &slot->err);
	slot_finish(slots, n, i, on_done, ctx);
}

void rl_fanout_run(rl_fanout_slot *slots, size_t n, rl_fanout_on_done on_done, void *ctx)
{
#ifndef _WIN32
	struct pollfd stack_pfds[16], *pfds = n <= 16 ? stack_pfds : malloc(n * sizeof(*pfds));
	size_t stack_map[16], *map = n <= 16 ? stack_map : malloc(n * sizeof(*map));
	size_t i, left = 0;

	if (!pfds || !map) {
		for (i = 0; i < n; i++) {
			if (!slots[i].done && rl_fanout_slot_takes_part(&slots[i]) && slots[i].ncmds) {
				/* queued commands that will never be sent: the connection is out of step */
				slots[i].status = rl_conn_time_out(slots[i].conn, &slots[i].err);
				snprintf(slots[i].err.message, sizeof(slots[i].err.message), "out of memory");
				slots[i].status = RL_ERR_NOMEM;
			}
			slots[i].done = true;
		}
		goto out;
	}
	/* everything is written before anything is read: the servers work in parallel */
	for (i = 0; i < n; i++) {
		rl_fanout_slot *slot = &slots[i];
		if (slot->left_out) {
			slot->done = true;
		}
		if (slot->done) {
			continue;
		}
		if (!slot->conn || slot->status != RL_OK || slot->ncmds == 0) {
			slot_finish(slots, n, i, on_done, ctx);
			continue;
		}
		if (!(slot->replies = calloc(slot->ncmds, sizeof(*slot->replies)))) {
			rl_conn_time_out(slot->conn, &slot->err);
			snprintf(slot->err.message, sizeof(slot->err.message), "out of memory");
			slot->status = RL_ERR_NOMEM;
			slot_finish(slots, n, i, on_done, ctx);
			continue;
		}
		if ((slot->status = rl_conn_flush(slot->conn, slot->deadline_ns, &slot->err)) != RL_OK) {
			slot_finish(slots, n, i, on_done, ctx);
		}
	}
	for (;;) {
		unsigned long long now = rl_monotonic_ns(), wait_until = 0;
		size_t np = 0;
		int ready, timeout_ms;

		for (i = 0, left = 0; i < n; i++) {
			rl_fanout_slot *slot = &slots[i];
			if (slot->done) {
				continue;
			}
			if (slot->deadline_ns && now >= slot->deadline_ns) {
				/* its reply may still come: the connection must never carry another command */
				slot->status = rl_conn_time_out(slot->conn, &slot->err);
				slot_finish(slots, n, i, on_done, ctx);
				continue;
			}
			if (slot->deadline_ns && (wait_until == 0 || slot->deadline_ns < wait_until)) {
				wait_until = slot->deadline_ns;
			}
			pfds[np].fd = rl_conn_fd(slot->conn);
			pfds[np].events = POLLIN;
			pfds[np].revents = 0;
			map[np++] = i;
			left++;
		}
		if (left == 0) {
			break;
		}
		if (wait_until == 0) {
			timeout_ms = 1000000; /* no deadline: wait in slices, as rl_conn does */
		} else {
			unsigned long long ms = (wait_until - now + 999999) / 1000000;
			timeout_ms = ms > 1000000 ? 1000000 : (int)ms;
		}
		ready = poll(pfds, (nfds_t)np, timeout_ms);
		if (ready <= 0) {
			continue; /* a timeout, or EINTR: the deadlines are checked above */
		}
		for (i = 0; i < np; i++) {
			rl_fanout_slot *slot = &slots[map[i]];
			if (!pfds[i].revents || slot->done) {
				continue;
			}
			if ((slot->status = rl_conn_feed(slot->conn, &slot->err)) != RL_OK) {
				slot_finish(slots, n, map[i], on_done, ctx);
				continue;
			}
			slot_take(slots, n, map[i], on_done, ctx);
		}
	}
out:
	if (pfds != stack_pfds) {
		free(pfds);
	}
	if (map != stack_map) {
		free(map);
	}
#else
	/* Windows: one connection after another (each still bounded by its own timeouts) */
	size_t i;
	for (i = 0; i < n; i++) {
		rl_fanout_slot *slot = &slots[i];
		if (slot->left_out) {
			slot->done = true;
			continue;
		}
		if (!slot->conn || slot->status != RL_OK || slot->ncmds == 0) {
			slot_finish(slots, n, i, on_done, ctx);
			continue;
		}
		slot->replies = calloc(slot->ncmds, sizeof(*slot->replies));
		if ((slot->status = rl_conn_flush(slot->conn, 0, &slot->err)) == RL_OK) {
			while (!slot->done) {
				if ((slot->status = rl_conn_feed(slot->conn, &slot->err)) != RL_OK) {
					slot_finish(slots, n, i, on_done, ctx);
					break;
				}
				slot_take(slots, n, i, on_done, ctx);
			}
		} else {
			slot_finish(slots, n, i, on_done, ctx);
		}
	}
#endif
}

void rl_fanout_slot_clear(rl_fanout_slot *slot)
{
	if (slot->replies) {
		rl_reply_free_all(slot->replies, slot->nreplies);
		free(slot->replies);
	}
	slot->replies = NULL;
	slot->nreplies = 0;
	slot->ncmds = 0;
	slot->done = false;
}
