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
	int i;
	memset(keys, 0, sizeof(*keys));
	for (i = 0; i < 3; i++) {
		size_t suffix_len = strlen(key_suffixes[i]);
		size_t len = 1 + prefix_len + name_len + 1 + suffix_len;
		char *key = malloc(len);
		if (!key) {
			rl_semaphore_keys_free(keys);
			return false;
		}
		/* "{" prefix name "}" suffix: the braces make the whole base the cluster hash tag */
		key[0] = '{';
		memcpy(key + 1, prefix, prefix_len);
		memcpy(key + 1 + prefix_len, name, name_len);
		key[1 + prefix_len + name_len] = '}';
		memcpy(key + 2 + prefix_len + name_len, key_suffixes[i], suffix_len);
		keys->keys[i] = key;
		keys->key_lens[i] = len;
	}
	return true;
}

void rl_semaphore_keys_free(rl_semaphore_keys *keys)
{
	int i;
	for (i = 0; i < 3; i++) {
		free(keys->keys[i]);
		keys->keys[i] = NULL;
	}
}

/* Runs script with the semaphore's 3 keys followed by extra arguments; returns its integer reply. */
static rl_status run(rl_conn *conn, const rl_script *script, const rl_semaphore_keys *keys,
		int nextra, const char **extra, const size_t *extra_lens, long long *result, rl_error *err)
{
	const char *args[3 + 3];
	size_t lens[3 + 3];
	int i;

	for (i = 0; i < 3; i++) {
		args[i] = keys->keys[i];
		lens[i] = keys->key_lens[i];
	}
	for (i = 0; i < nextra; i++) {
		args[3 + i] = extra[i];
		lens[3 + i] = extra_lens[i];
	}
	return rl_script_run_integers(conn, script, 1, 3, 3 + nextra, args, lens, result, err);
}

rl_status rl_semaphore_try_acquire(rl_conn *conn, const rl_semaphore_holder *holder, long limit, long long ttl_ms,
		bool *admitted, rl_error *err)
{
	char limit_str[24], ttl_str[24];
	const char *extra[3];
	size_t lens[3];
	long long result = 0;
	rl_status status;

	snprintf(limit_str, sizeof(limit_str), "%ld", limit);
	snprintf(ttl_str, sizeof(ttl_str), "%lld", ttl_ms);
	extra[0] = holder->id; lens[0] = holder->id_len;
	extra[1] = limit_str;  lens[1] = strlen(limit_str);
	extra[2] = ttl_str;    lens[2] = strlen(ttl_str);
	status = run(conn, &rl_script_semaphore_acquire, holder->keys, 3, extra, lens, &result, err);
	*admitted = result == 1;
	return status;
}

rl_status rl_semaphore_refresh(rl_conn *conn, const rl_semaphore_holder *holder, long long ttl_ms, bool *refreshed,
		rl_error *err)
{
	char ttl_str[24];
	const char *extra[2];
	size_t lens[2];
	long long result = 0;
	rl_status status;

	snprintf(ttl_str, sizeof(ttl_str), "%lld", ttl_ms);
	extra[0] = holder->id; lens[0] = holder->id_len;
	extra[1] = ttl_str;    lens[1] = strlen(ttl_str);
	status = run(conn, &rl_script_semaphore_refresh, holder->keys, 2, extra, lens, &result, err);
	*refreshed = result == 1;
	return status;
}

rl_status rl_semaphore_count(rl_conn *conn, const rl_semaphore_keys *keys, long long *count, rl_error *err)
{
	return run(conn, &rl_script_semaphore_count, keys, 0, NULL, NULL, count, err);
}

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
	args = malloc(4 * n * sizeof(*args));
	lens = malloc(4 * n * sizeof(*lens));
	results = calloc(n, sizeof(*results));
	if (!args || !lens || !results) {
		free(args); free(lens); free(results);
		snprintf(err->message, sizeof(err->message), "out of memory");
		return RL_ERR_NOMEM;
	}
	for (i = 0; i < n; i++) {
		int k;
		for (k = 0; k < 3; k++) {
			args[4 * i + k] = holders[i].keys->keys[k];
			lens[4 * i + k] = holders[i].keys->key_lens[k];
		}
		args[4 * i + 3] = holders[i].id;
		lens[4 * i + 3] = holders[i].id_len;
	}
	status = rl_script_run_integers(conn, &rl_script_semaphore_release, n, 3, 4, args, lens, results, err);
	for (i = 0; i < n; i++) {
		released[i] = results[i] == 1;
	}
	free(args);
	free(lens);
	free(results);
	return status;
}
