/*
 * Finding the master through the Sentinels (rl_route.h calls it), as the Sentinel
 * client guide says: ask each Sentinel in turn for the master's address,
 * check that node with ROLE before use, and move the Sentinel that answered
 * to the front, so the next look-up asks it first.
 */
#include "rl_sentinel.h"

#include <stdio.h>
#include <string.h>

/* Appends "; what" to the list of what each Sentinel said (truncated when long). */
static void note(char *tried, size_t cap, const char *what)
{
	size_t used = strlen(tried);
	if (used + 3 < cap) {
		snprintf(tried + used, cap - used, "%s%s", used ? "; " : "", what);
	}
}

/*
 * After asking a Sentinel on conn: the connection that answered with a
 * master is kept in the topology (that Sentinel goes first from now on, see
 * rl_sentinel_find_master()); any other is closed.
 */
static void sentinel_done(rl_topology *t, rl_conn *conn, bool keep)
{
	if (keep && rl_conn_is_reusable(conn)) {
		if (t->sentinel_conn != conn) {
			rl_conn_close(t->sentinel_conn);
			t->sentinel_conn = conn;
		}
		return;
	}
	if (t->sentinel_conn == conn) {
		t->sentinel_conn = NULL;
	}
	rl_conn_close(conn);
}

/* Sentinel i's answer: the master's node (*node), or why not (false, *why; *answered if it said it knows no such master). */
static bool ask_sentinel(rl_topology *t, size_t i, const char *client_name, bool *answered, long *node, rl_error *why)
{
	rl_command cmd;
	redisReply *reply = NULL;
	rl_status status;
	rl_conn *conn;
	const char *host;
	size_t host_len;
	int port;
	char host_copy[RL_REDIRECT_HOST_MAX];
	rl_reply_verdict verdict;
	bool known_flag = false, *known = &known_flag;

	*answered = false;
	/* the first Sentinel's connection is kept: a periodic re-check is one round trip, not a connect */
	if (i == 0 && t->sentinel_conn && rl_conn_is_reusable(t->sentinel_conn)) {
		conn = t->sentinel_conn;
	} else {
		if (i == 0) {
			rl_conn_close(t->sentinel_conn);
			t->sentinel_conn = NULL;
		}
		if (!(conn = rl_conn_open(&t->entries[i], client_name, &status, why))) {
			return false;
		}
	}
	rl_command_init(&cmd);
	rl_command_add_str(&cmd, "SENTINEL");
	rl_command_add_str(&cmd, "get-master-addr-by-name");
	rl_command_add_str(&cmd, t->master_name);
	if ((status = rl_conn_call(conn, &cmd, &reply, why)) != RL_OK) {
		sentinel_done(t, conn, false);
		return false;
	}
	verdict = rl_reply_decode_master_addr(reply, known, &host, &host_len, &port);
	if (verdict != RL_REPLY_OK) {
		rl_conn_judge_reply(conn, verdict, reply, "SENTINEL get-master-addr-by-name", why);
		freeReplyObject(reply);
		sentinel_done(t, conn, false);
		return false;
	}
	if (*known) {
		memcpy(host_copy, host, host_len);
		host_copy[host_len] = '\0';
	}
	freeReplyObject(reply);
	*answered = true;
	if (!*known) {
		snprintf(why->message, sizeof(why->message), "%s: does not know it", conn->server);
		sentinel_done(t, conn, false);
		return false;
	}
	sentinel_done(t, conn, true);
	if ((*node = rl_topology_node(t, host_copy, port)) < 0) {
		snprintf(why->message, sizeof(why->message), "out of memory");
		return false;
	}
	return true;
}

/* Whether node says ROLE master (a Sentinel whose news is old may name a replica). */
static bool check_role(rl_topology *t, rl_route_pool *pool, size_t node, rl_error *why)
{
	rl_command cmd;
	redisReply *reply;
	rl_status status;
	bool is_master = false;
	rl_conn *conn = pool->get(pool, t, node, &status, why);

	if (!conn) {
		return false;
	}
	rl_command_init(&cmd);
	rl_command_add_str(&cmd, "ROLE");
	if ((status = rl_conn_call(conn, &cmd, &reply, why)) == RL_OK) {
		status = rl_conn_judge_reply(conn, rl_reply_decode_role(reply, &is_master), reply, "ROLE", why);
		freeReplyObject(reply);
		if (status == RL_OK && !is_master) {
			snprintf(why->message, sizeof(why->message), "%s is named the master but is not one (yet)", conn->server);
		}
	}
	pool->put(pool, t, node, conn);
	return status == RL_OK && is_master;
}

rl_status rl_sentinel_find_master(rl_topology *t, rl_route_pool *pool, rl_error *err)
{
	char tried[800] = "", client_name[40];
	bool any_answered = false, any_knew = false;
	size_t i;

	long known_master = t->master;

	snprintf(client_name, sizeof(client_name), "redislock-%ld", rl_process_id());
	t->master = -1;
	for (i = 0; i < t->n_entries; i++) {
		rl_error why;
		bool answered;
		long node;

		if (!ask_sentinel(t, i, client_name, &answered, &node, &why)) {
			any_answered = any_answered || answered;
			note(tried, sizeof(tried), why.message);
			continue;
		}
		any_answered = any_knew = true;
		if (node != known_master && !check_role(t, pool, (size_t)node, &why)) {
			note(tried, sizeof(tried), why.message);
			rl_conn_close(t->sentinel_conn); /* kept for Sentinel i, which does not go first after all */
			t->sentinel_conn = NULL;
			continue;
		}
		if (i > 0) {
			/* the Sentinel that answered goes first next time */
			rl_conn_config first = t->entries[i];
			memmove(&t->entries[1], &t->entries[0], i * sizeof(t->entries[0]));
			t->entries[0] = first;
		}
		t->master = node;
		t->master_checked_ns = rl_monotonic_ns();
		return RL_OK;
	}
	if (known_master >= 0 && !any_knew) {
		/* a re-check nobody could answer: the master we use is still the best we know */
		t->master = known_master;
		t->master_checked_ns = rl_monotonic_ns();
		return RL_OK;
	}
	if (!any_answered) {
		snprintf(err->message, sizeof(err->message), "%s: no Sentinel answered for master \"%s\": %s", t->name,
			t->master_name, tried);
	} else if (!any_knew) {
		snprintf(err->message, sizeof(err->message), "%s: the Sentinels know no master named \"%s\": %s", t->name,
			t->master_name, tried);
	} else {
		snprintf(err->message, sizeof(err->message), "%s: no usable master \"%s\": %s", t->name, t->master_name,
			tried);
	}
	return RL_ERR_ROUTE;
}
