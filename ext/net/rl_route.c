/* Routing a step to the node that serves its key: see rl_route.h. */
#include "rl_route.h"
#include "rl_cluster.h"
#include "rl_sentinel.h"
#include "rl_slot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
# include <windows.h>
#else
# include <unistd.h>
#endif

static void pause_ms(unsigned int ms)
{
#ifdef _WIN32
	Sleep(ms);
#else
	usleep(ms * 1000u);
#endif
}

static unsigned int slot_of(const rl_topology *t, const char *key, size_t key_len)
{
	return t->kind == RL_GROUP_CLUSTER ? rl_slot_of(key, key_len) : 0;
}

/* The node for slot as the topology knows it now, finding out first when it does not know. */
static rl_status node_for_slot(rl_topology *t, rl_route_pool *pool, unsigned int slot, size_t *node, rl_error *err)
{
	rl_status status;

	if (t->kind == RL_GROUP_SENTINEL) {
		if ((t->master < 0 || rl_monotonic_ns() - t->master_checked_ns > RL_SENTINEL_RECHECK_MS * 1000000ULL)
				&& (status = rl_sentinel_find_master(t, pool, err)) != RL_OK) {
			return status;
		}
		*node = (size_t)t->master;
		return RL_OK;
	}
	if ((!t->slot_node || t->map_stale) && (status = rl_cluster_refresh(t, pool, err)) != RL_OK) {
		return status;
	}
	if (t->slot_node[slot] < 0) {
		snprintf(err->message, sizeof(err->message), "%s: no node serves slot %u (the cluster is down or incomplete)",
			t->name, slot);
		t->map_stale = true;
		return RL_ERR_ROUTE;
	}
	*node = (size_t)t->slot_node[slot];
	return RL_OK;
}

rl_status rl_route_node_for_key(rl_topology *t, rl_route_pool *pool, const char *key, size_t key_len, size_t *node,
		rl_error *err)
{
	return node_for_slot(t, pool, slot_of(t, key, key_len), node, err);
}

/* What the topology learns when a node cannot be reached or fails mid-step: look again next time. */
static void forget_route(rl_topology *t)
{
	if (t->kind == RL_GROUP_SENTINEL) {
		t->master = -1;
	} else {
		t->map_stale = true;
	}
}

rl_status rl_route_step_on(rl_conn *conn, bool asking, rl_route_step step, void *ctx, rl_route_ack *ack,
		rl_redirect *redirect, rl_error *err)
{
	rl_status status;

	conn->redirect.kind = RL_REDIRECT_NONE;
	conn->asking = asking;
	conn->replicas_acked = -1;
	if (ack && ack->replicas > 0) {
		conn->wait_replicas = ack->replicas;
		conn->wait_timeout_ms = ack->timeout_ms;
	}
	status = step(conn, ctx, err);
	if (redirect) {
		*redirect = conn->redirect;
	}
	if (ack) {
		ack->acked = conn->replicas_acked;
	}
	conn->asking = false;
	conn->wait_replicas = 0;
	conn->redirect.kind = RL_REDIRECT_NONE;
	return status;
}

/* One run of step on node: the connection set up for it, and what the replies said about where to go. */
static rl_status run_once(rl_topology *t, rl_route_pool *pool, size_t node, bool asking, rl_route_step step, void *ctx,
		rl_route_ack *ack, rl_redirect *redirect, rl_error *err)
{
	rl_status status;
	rl_conn *conn = pool->get(pool, t, node, &status, err);

	redirect->kind = RL_REDIRECT_NONE;
	if (!conn) {
		return rl_conn_unsent(status);
	}
	status = rl_route_step_on(conn, asking, step, ctx, ack, redirect, err);
	pool->put(pool, t, node, conn);
	return status;
}

/* The node a MOVED or ASK names (an empty host: the node that answered). -1 when out of memory. */
static long redirect_node(rl_topology *t, size_t from, const rl_redirect *redirect)
{
	return rl_topology_node(t, redirect->host[0] ? redirect->host : t->nodes[from].config.address.host,
		redirect->port);
}

rl_status rl_route_run(rl_topology *t, rl_route_pool *pool, const char *key, size_t key_len, rl_route_step step,
		void *ctx, rl_route_ack *ack, unsigned long long deadline_ns, rl_error *err)
{
	unsigned int slot = slot_of(t, key, key_len);
	long asking_node = -1;
	rl_redirect redirect;
	rl_status status = RL_ERR_ROUTE;
	unsigned int paused_ms = 0, pauses = 0;
	int hop;

	for (hop = 0; hop < RL_ROUTE_MAX_HOPS; hop++) {
		size_t node;
		bool asking = asking_node >= 0;

		if (asking) {
			node = (size_t)asking_node;
			asking_node = -1;
		} else if ((status = node_for_slot(t, pool, slot, &node, err)) != RL_OK) {
			return status;
		}
		status = run_once(t, pool, node, asking, step, ctx, ack, &redirect, err);
		if (status == RL_OK) {
			return RL_OK;
		}
		if (status == RL_ERR_CONNECT) {
			/* refused before anything was sent: where is the master, or the slot, now? */
			rl_error refused = *err;
			size_t now;
			forget_route(t);
			if ((status = node_for_slot(t, pool, slot, &now, err)) != RL_OK) {
				return status;
			}
			if (now == node) {
				*err = refused;
				return RL_ERR_CONNECT;
			}
			continue;
		}
		if (status != RL_ERR_SERVER) {
			/* the step may have run (I/O error, timeout): never repeated, but looked up afresh next time */
			forget_route(t);
			return status;
		}
		switch (redirect.kind) {
			case RL_REDIRECT_NONE:
				return status; /* an error reply of the command itself */
			case RL_REDIRECT_MOVED: {
				long to = redirect_node(t, node, &redirect);
				if (to < 0) {
					snprintf(err->message, sizeof(err->message), "out of memory");
					return RL_ERR_NOMEM;
				}
				rl_cluster_moved(t, pool, redirect.slot, to);
				break;
			}
			case RL_REDIRECT_ASK:
				if ((asking_node = redirect_node(t, node, &redirect)) < 0) {
					snprintf(err->message, sizeof(err->message), "out of memory");
					return RL_ERR_NOMEM;
				}
				break;
			case RL_REDIRECT_TRYAGAIN:
			case RL_REDIRECT_LOADING: {
				/*
				 * A slot in migration (our scripts' keys are split, or missing on
				 * the importing node), a node loading its data: a matter of
				 * moments, not of redirections. Retried with growing pauses for
				 * up to RL_ROUTE_PATIENCE_MS, without using up the hops.
				 */
				unsigned int pause = pauses < 4 ? 10u << pauses : 100u;
				unsigned long long now_ns = rl_monotonic_ns();
				if (deadline_ns && now_ns + pause * 1000000ULL > deadline_ns) {
					/* the caller's time ends first: wait out what is left of it, and give up then */
					if (deadline_ns > now_ns) {
						pause_ms((unsigned int)((deadline_ns - now_ns + 999999ULL) / 1000000ULL));
					}
					pause = RL_ROUTE_PATIENCE_MS + 1;
				}
				if (paused_ms + pause > RL_ROUTE_PATIENCE_MS) {
					rl_error last = *err;
					snprintf(err->message, sizeof(err->message), "%s: gave up after %u ms: %s", t->name, paused_ms,
						last.message);
					return RL_ERR_REDIRECTS;
				}
				pause_ms(pause);
				paused_ms += pause;
				pauses++;
				hop--;
				if (asking) {
					asking_node = (long)node; /* the importing node again, behind ASKING again */
				}
				break;
			}
			case RL_REDIRECT_CLUSTERDOWN:
			case RL_REDIRECT_READONLY:
			case RL_REDIRECT_MASTERDOWN:
				/* a failover: the master or the slot map is not what we knew */
				forget_route(t);
				if (hop > 0) {
					pause_ms(10u << hop);
				}
				break;
		}
	}
	{
		rl_error last = *err;
		snprintf(err->message, sizeof(err->message), "%s: still redirected after %d tries, last: %s", t->name,
			RL_ROUTE_MAX_HOPS, last.message);
	}
	return RL_ERR_REDIRECTS;
}

rl_status rl_route_run_on(rl_topology *t, rl_route_pool *pool, size_t node, rl_route_step step, void *ctx,
		bool *redirected, rl_error *err)
{
	rl_redirect redirect;
	rl_status status = run_once(t, pool, node, false, step, ctx, NULL, &redirect, err);

	*redirected = redirect.kind != RL_REDIRECT_NONE;
	if (status == RL_ERR_CONNECT || (status != RL_OK && status != RL_ERR_SERVER)) {
		forget_route(t);
	}
	if (redirect.kind == RL_REDIRECT_MOVED) {
		long to = redirect_node(t, node, &redirect);
		if (to >= 0) {
			rl_cluster_moved(t, pool, redirect.slot, to);
		}
	} else if (*redirected && redirect.kind != RL_REDIRECT_ASK && redirect.kind != RL_REDIRECT_TRYAGAIN) {
		forget_route(t);
	}
	return status;
}
