/* Releasing everything an object holds, for RedisLock and RedisSemaphore alike: see php_redislock_release.h. */
#include "php_redislock_release.h"

typedef struct {
	const php_redislock_release_set *set;
	bool *released;
} release_batch;

/* The items which[0..count) of a release_batch, in one pipeline on conn. */
static rl_status release_batch_step(rl_conn *conn, void *ctx, size_t count, const size_t *which, rl_error *err)
{
	release_batch *batch = ctx;
	const php_redislock_release_set *set = batch->set;
	const char *all = set->items;
	char *items;
	bool *released;
	rl_status status;
	size_t i;

	for (i = 0; i < count && which[i] == i; i++) {
	}
	if (i == set->n) {
		/* every item, in order (one server): nothing to gather */
		memset(batch->released, 0, count * sizeof(*batch->released));
		return set->release(conn, count, set->items, batch->released, err);
	}
	items = safe_emalloc(count, set->item_size, 0);
	released = safe_emalloc(count, sizeof(*released), 0);
	for (i = 0; i < count; i++) {
		memcpy(items + i * set->item_size, all + which[i] * set->item_size, set->item_size);
		released[i] = false;
	}
	status = set->release(conn, count, items, released, err);
	for (i = 0; i < count; i++) {
		batch->released[which[i]] = released[i];
	}
	efree(items);
	efree(released);
	return status;
}

rl_status php_redislock_release_set_run(php_redislock_client *client, const php_redislock_release_set *set,
		bool *settled, bool *all_released, rl_error *err)
{
	release_batch batch;
	rl_status status;
	size_t i;

	*all_released = true;
	batch.set = set;
	batch.released = ecalloc(set->n, sizeof(*batch.released));
	/* a released item needs nothing more: where a reply pointed elsewhere, only the others run again */
	status = php_redislock_client_run_batch(client, set->n, set->keys, set->key_lens, release_batch_step, &batch,
		batch.released, settled, err);
	for (i = 0; i < set->n; i++) {
		if (settled[i]) {
			*all_released = *all_released && (batch.released[i] || !set->reported[i]);
		} else if (set->reported[i]) {
			*all_released = false;
		}
	}
	if (status != RL_OK && status != RL_ERR_SERVER) {
		php_redislock_client_discard_if_broken(client);
	}
	efree(batch.released);
	return status;
}
