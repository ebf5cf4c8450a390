/*
 * Running a step where it belongs: on the one server's connection, or on
 * Sentinel and Cluster on the node that serves the key, following
 * redirections (rl_route.h), with a WAIT for min_replicas behind a write that
 * takes something; and a step over many keys as one pipeline per node.
 */
#include "php_redislock_client_internal.h"

rl_status php_redislock_client_run(php_redislock_client *client, const char *key, size_t key_len, rl_route_step step,
		void *ctx, long long *acked, uint64_t deadline_ns, rl_error *err)
{
	rl_route_ack ack;
	rl_status status;

	ack.replicas = acked ? client->min_replicas : 0;
	ack.timeout_ms = client->replica_timeout_ms;
	ack.acked = -1;
	if (client->topology) {
		php_redislock_client_route_pool pool;
		php_redislock_client_route_pool_init(&pool, client);
		status = rl_route_run(client->topology, &pool.base, key, key_len, step, ctx, &ack, deadline_ns, err);
	} else {
		rl_conn *conn = php_redislock_client_conn_ex(client, &status, err);
		if (!conn) {
			return rl_conn_unsent(status);
		}
		status = rl_route_step_on(conn, false, step, ctx, &ack, NULL, err);
	}
	if (acked) {
		*acked = ack.acked;
	}
	return status;
}

bool php_redislock_client_replicated(const php_redislock_client *client, long long acked)
{
	return client->min_replicas == 0 || acked >= client->min_replicas;
}

/* ---- one step over many keys ---- */

typedef struct {
	php_redislock_batch_step step;
	void *ctx;
	size_t count;
	const size_t *which;
} batch_run;

static rl_status batch_run_step(rl_conn *conn, void *ctx, rl_error *err)
{
	batch_run *run = ctx;
	return run->step(conn, run->ctx, run->count, run->which, err);
}

rl_status php_redislock_client_run_batch(php_redislock_client *client, size_t n, const char *const *keys,
		const size_t *key_lens, php_redislock_batch_step step, void *ctx, const bool *done, bool *settled, rl_error *err)
{
	php_redislock_client_route_pool pool;
	size_t *nodes, *which, i, j, k;
	bool *grouped;
	rl_status status, result = RL_OK;
	batch_run run;

	memset(settled, 0, n * sizeof(*settled));
	if (n == 0) {
		return RL_OK;
	}
	if (!client->topology) {
		rl_conn *conn = php_redislock_client_conn_ex(client, &status, err);
		if (!conn) {
			return status;
		}
		which = safe_emalloc(n, sizeof(*which), 0);
		for (i = 0; i < n; i++) {
			which[i] = i;
		}
		status = step(conn, ctx, n, which, err);
		efree(which);
		if (status == RL_OK || status == RL_ERR_SERVER) {
			/* the server answered for each */
			memset(settled, 1, n * sizeof(*settled));
		}
		return status;
	}
	php_redislock_client_route_pool_init(&pool, client);
	nodes = safe_emalloc(n, sizeof(*nodes), 0);
	which = safe_emalloc(n, sizeof(*which), 0);
	grouped = ecalloc(n, sizeof(*grouped));
	for (i = 0; i < n; i++) {
		if ((status = rl_route_node_for_key(client->topology, &pool.base, keys[i], key_lens[i], &nodes[i], err))
				!= RL_OK) {
			result = status;
			goto out;
		}
	}
	run.step = step;
	run.ctx = ctx;
	run.which = which;
	/* one pipeline per node: the items of the first ungrouped one's node */
	for (i = 0; i < n; i++) {
		bool redirected = false;
		rl_error group_err;

		if (grouped[i]) {
			continue;
		}
		for (j = i, k = 0; j < n; j++) {
			if (!grouped[j] && nodes[j] == nodes[i]) {
				grouped[j] = true;
				which[k++] = j;
			}
		}
		run.count = k;
		status = rl_route_run_on(client->topology, &pool.base, nodes[i], batch_run_step, &run, &redirected, &group_err);
		if (!redirected) {
			if (status == RL_OK || status == RL_ERR_SERVER) {
				for (j = 0; j < k; j++) {
					settled[which[j]] = true;
				}
			}
			if (status != RL_OK) {
				result = status;
				*err = group_err;
			}
			continue;
		}
		/* some keys live elsewhere now: those not done run one by one, following redirections */
		for (j = 0; j < k; j++) {
			size_t item = which[j];
			batch_run single;

			if (done[item]) {
				settled[item] = true;
				continue;
			}
			single.step = step;
			single.ctx = ctx;
			single.count = 1;
			single.which = &item;
			status = rl_route_run(client->topology, &pool.base, keys[item], key_lens[item], batch_run_step, &single,
				NULL, 0, &group_err);
			if (status == RL_OK || status == RL_ERR_SERVER) {
				settled[item] = true;
			}
			if (status != RL_OK) {
				result = status;
				*err = group_err;
			}
		}
		/* which[] is reused by the next group: the items of this one are settled or failed */
	}
out:
	efree(nodes);
	efree(which);
	efree(grouped);
	return result;
}
