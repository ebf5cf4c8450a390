/* The counting-semaphore protocol: see rl_semaphore.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rl_scripts.h"
#include "rl_semaphore.h"

static const char *const key_suffixes[3] = { ":holders", ":deadlines", ":ticket" };

bool rl_semaphore_keys_init(rl_semaphore_keys *keys, const char *prefix, size_t prefix_len,
		const char *name, size_t name_len)
{
	size_t base_len = 1 + prefix_len + name_len + 1, total = 0, i;
	char *p;

	memset(keys, 0, sizeof(*keys));
	for (i = 0; i < 3; i++) {
		total += base_len + strlen(key_suffixes[i]);
	}
	if (!(keys->own = p = malloc(total))) {
		return false;
	}
	if (!rl_wait_keys_init_semaphore(&keys->wait, prefix, prefix_len, name, name_len, "", 0)) {
		free(keys->own);
		keys->own = NULL;
		return false;
	}
	for (i = 0; i < 3; i++) {
		size_t suffix_len = strlen(key_suffixes[i]);
		/* "{" prefix name "}": the braces make the whole base the cluster hash tag */
		p[0] = '{';
		memcpy(p + 1, prefix, prefix_len);
		memcpy(p + 1 + prefix_len, name, name_len);
		p[base_len - 1] = '}';
		memcpy(p + base_len, key_suffixes[i], suffix_len);
		keys->keys[i] = p;
		keys->key_lens[i] = base_len + suffix_len;
		p += base_len + suffix_len;
	}
	keys->keys[3] = keys->wait.queue; keys->key_lens[3] = keys->wait.key_len;
	keys->keys[4] = keys->wait.terms; keys->key_lens[4] = keys->wait.key_len;
	keys->wake_prefix = keys->wait.wake_prefix;
	keys->wake_prefix_len = keys->wait.key_len;
	return true;
}

void rl_semaphore_keys_free(rl_semaphore_keys *keys)
{
	free(keys->own);
	keys->own = NULL;
	rl_wait_keys_free(&keys->wait);
}

bool rl_semaphore_id_lifetime(const char *id, size_t len, size_t token_len, long long max_ms, long long *ttl_ms)
{
	const char *end = id + len, *p;
	long long ms = 0;

	if (len <= token_len + 1 || id[token_len] != '.') {
		return false;
	}
	for (p = id; p < id + token_len; p++) {
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) {
			return false;
		}
	}
	for (p = id + token_len + 1; p < end; p++) {
		if (*p < '0' || *p > '9' || ms > (max_ms - (*p - '0')) / 10) {
			return false; /* not a digit, or past max_ms (checked before it could overflow) */
		}
		ms = ms * 10 + (*p - '0');
	}
	if (ms <= 0 || ms > max_ms) {
		return false;
	}
	*ttl_ms = ms;
	return true;
}

/* Script arguments after the keys: the wake prefix, the liveness, then the id and up to 4 more. */
#define MAX_EXTRA 5

/* The script arguments: the semaphore's keys, its wake prefix, the liveness, then extra ones. Returns how many. */
static int build_args(const rl_semaphore_keys *keys, int nextra, const char *const *extra, const size_t *extra_lens,
		const char **args, size_t *lens)
{
	int i;

	for (i = 0; i < RL_SEMAPHORE_NKEYS; i++) {
		args[i] = keys->keys[i];
		lens[i] = keys->key_lens[i];
	}
	args[RL_SEMAPHORE_NKEYS] = keys->wake_prefix;
	lens[RL_SEMAPHORE_NKEYS] = keys->wake_prefix_len;
	args[RL_SEMAPHORE_NKEYS + 1] = RL_WAIT_LIVENESS_TEXT;
	lens[RL_SEMAPHORE_NKEYS + 1] = strlen(args[RL_SEMAPHORE_NKEYS + 1]);
	for (i = 0; i < nextra; i++) {
		args[RL_SEMAPHORE_NKEYS + 2 + i] = extra[i];
		lens[RL_SEMAPHORE_NKEYS + 2 + i] = extra_lens[i];
	}
	return RL_SEMAPHORE_NKEYS + 2 + nextra;
}

/* Runs script with the semaphore's keys, its wake prefix and extra arguments; returns its integer reply. */
static rl_status run(rl_conn *conn, const rl_script *script, const rl_semaphore_keys *keys,
		int nextra, const char **extra, const size_t *extra_lens, long long *result, rl_error *err)
{
	const char *args[RL_SEMAPHORE_NKEYS + 2 + MAX_EXTRA];
	size_t lens[RL_SEMAPHORE_NKEYS + 2 + MAX_EXTRA];
	int nargs = build_args(keys, nextra, extra, extra_lens, args, lens);

	return rl_script_run_integers(conn, script, 1, RL_SEMAPHORE_NKEYS, nargs, args, lens, result, err);
}

rl_status rl_semaphore_acquire(rl_conn *conn, const rl_semaphore_holder *holder, long limit, long long ttl_ms,
		rl_wait_mode mode, long long grace_ms, const char *wake_key, size_t wake_key_len, long long block_ms,
		long long *answer, rl_error *err)
{
	char limit_str[24], ttl_str[24], grace_str[24];
	const char *extra[5], *args[RL_SEMAPHORE_NKEYS + 2 + MAX_EXTRA], *join_args[RL_SEMAPHORE_NKEYS + 2 + MAX_EXTRA];
	size_t lens[5], arg_lens[RL_SEMAPHORE_NKEYS + 2 + MAX_EXTRA], join_lens[RL_SEMAPHORE_NKEYS + 2 + MAX_EXTRA];
	int nargs;

	snprintf(limit_str, sizeof(limit_str), "%ld", limit);
	snprintf(ttl_str, sizeof(ttl_str), "%lld", ttl_ms);
	snprintf(grace_str, sizeof(grace_str), "%lld", grace_ms);
	extra[0] = holder->id; lens[0] = holder->id_len;
	extra[1] = limit_str;  lens[1] = strlen(limit_str);
	extra[2] = ttl_str;    lens[2] = strlen(ttl_str);
	extra[4] = grace_str;  lens[4] = strlen(grace_str);
	*answer = 0;
	if (mode == RL_WAIT_TRY || mode == RL_WAIT_LEAVE) {
		extra[3] = rl_wait_mode_name(mode); lens[3] = strlen(extra[3]);
		nargs = build_args(holder->keys, 5, extra, lens, args, arg_lens);
		return rl_script_run_integers(conn, &rl_script_semaphore_acquire, 1, RL_SEMAPHORE_NKEYS, nargs, args,
			arg_lens, answer, err);
	}
	extra[3] = rl_wait_mode_name(RL_WAIT_JOIN); lens[3] = strlen(extra[3]);
	build_args(holder->keys, 5, extra, lens, join_args, join_lens);
	extra[3] = rl_wait_mode_name(RL_WAIT_VISIT); lens[3] = strlen(extra[3]);
	nargs = build_args(holder->keys, 5, extra, lens, args, arg_lens);
	return rl_wait_step(conn, &rl_script_semaphore_acquire, RL_SEMAPHORE_NKEYS, nargs,
		mode == RL_WAIT_JOIN ? join_args : NULL, join_lens, args, arg_lens, wake_key, wake_key_len, block_ms,
		answer, NULL, err);
}

rl_status rl_semaphore_refresh(rl_conn *conn, const rl_semaphore_holder *holder, long long ttl_ms, bool *refreshed,
		rl_error *err)
{
	char ttl[24];
	int ttl_len = snprintf(ttl, sizeof(ttl), "%lld", ttl_ms);
	const char *extra[2] = { holder->id, ttl };
	size_t lens[2] = { holder->id_len, (size_t)ttl_len };
	long long result = 0;
	rl_status status = run(conn, &rl_script_semaphore_refresh, holder->keys, 2, extra, lens, &result, err);
	*refreshed = result == 1;
	return status;
}

rl_status rl_semaphore_count(rl_conn *conn, const rl_semaphore_keys *keys, long long *count, rl_error *err)
{
	return run(conn, &rl_script_semaphore_count, keys, 0, NULL, NULL, count, err);
}

/* Per holder: the semaphore's keys, its wake prefix, the liveness, the id. */
#define RELEASE_ARGS (RL_SEMAPHORE_NKEYS + 3)

rl_status rl_semaphore_release_many(rl_conn *conn, size_t n, const rl_semaphore_holder *holders, bool *released,
		rl_error *err)
{
	const char **args;
	size_t *lens, i;
	long long *results;
	rl_status status;

	if (n == 0) {
		return RL_OK;
	}
	args = malloc(RELEASE_ARGS * n * sizeof(*args));
	lens = malloc(RELEASE_ARGS * n * sizeof(*lens));
	results = calloc(n, sizeof(*results));
	if (!args || !lens || !results) {
		free(args); free(lens); free(results);
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		build_args(holders[i].keys, 1, &holders[i].id, &holders[i].id_len, args + RELEASE_ARGS * i,
			lens + RELEASE_ARGS * i);
	}
	status = rl_script_run_integers(conn, &rl_script_semaphore_release, n, RL_SEMAPHORE_NKEYS, RELEASE_ARGS, args,
		lens, results, err);
	for (i = 0; i < n; i++) {
		released[i] = results[i] == 1;
	}
	free(args);
	free(lens);
	free(results);
	return status;
}
