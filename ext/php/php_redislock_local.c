/*
 * Which locks take the local hand-over, and the segments they share: one per
 * (server, database, prefix), found by a hash of those, mapped on first use
 * and kept for the life of the process (an FPM worker maps it once, not per
 * request).
 */
#include "php_redislock_local.h"

/* The segment's identity: what makes two clients' keys the same keys. */
static size_t client_identity(const php_redislock_client *client, char *out, size_t size)
{
	const rl_server_address *a = &client->endpoints[0].config.address;
	int n = snprintf(out, size, "%s|%s|%d|%ld|%s",
		a->transport == RL_TRANSPORT_UNIX ? "unix" : "tcp",
		a->transport == RL_TRANSPORT_UNIX ? (a->path ? a->path : "") : (a->host ? a->host : ""),
		a->transport == RL_TRANSPORT_UNIX ? 0 : a->port, a->database < 0 ? 0 : a->database,
		ZSTR_VAL(client->prefix));
	return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
}

rl_local_seg *php_redislock_local_segment(php_redislock_client *client)
{
	char identity[1024];
	size_t len, i, free_i = PHP_REDISLOCK_LOCAL_SEGMENTS;
	zend_ulong hash;
	const char *why = NULL;

	if (!REDISLOCK_G(local_handover)) {
		return NULL;
	}
	if (client->local_seg) {
		return client->local_seg; /* the hot path: no identity built, hashed and compared per lock() */
	}
	if (client->n != 1 || client->topology || client->min_replicas > 0) {
		return NULL; /* README: several masters, Sentinel, Cluster and min_replicas take the global protocol */
	}
	if (!(len = client_identity(client, identity, sizeof(identity)))) {
		return NULL;
	}
	hash = zend_hash_func(identity, len);
	for (i = 0; i < PHP_REDISLOCK_LOCAL_SEGMENTS; i++) {
		if (REDISLOCK_G(local_segs)[i].hash == hash && REDISLOCK_G(local_segs)[i].seg
				&& rl_local_is_for(REDISLOCK_G(local_segs)[i].seg, identity, len)) {
			return client->local_seg = REDISLOCK_G(local_segs)[i].seg;
		}
		if (!REDISLOCK_G(local_segs)[i].seg && free_i == PHP_REDISLOCK_LOCAL_SEGMENTS) {
			free_i = i;
		}
	}
	if (free_i == PHP_REDISLOCK_LOCAL_SEGMENTS) {
		REDISLOCK_G(local_why) = "more servers and prefixes than this process keeps segments for";
		return NULL;
	}
	if (!(REDISLOCK_G(local_segs)[free_i].seg = rl_local_attach(identity, len, &why))) {
		REDISLOCK_G(local_why) = why; /* tried again at the next lock(): a planted segment may be removed */
		return NULL;
	}
	REDISLOCK_G(local_segs)[free_i].hash = hash;
	REDISLOCK_G(local_why) = NULL;
	return client->local_seg = REDISLOCK_G(local_segs)[free_i].seg;
}

const char *php_redislock_local_mode(void)
{
	if (!REDISLOCK_G(local_handover)) {
		return "off (redislock.local_handover)";
	}
	if (REDISLOCK_G(local_why)) {
		return REDISLOCK_G(local_why);
	}
	return "on (one server, no min_replicas; others take the global protocol)";
}

void php_redislock_local_unmap_all(void)
{
	for (size_t i = 0; i < PHP_REDISLOCK_LOCAL_SEGMENTS; i++) {
		rl_local_detach(REDISLOCK_G(local_segs)[i].seg);
		REDISLOCK_G(local_segs)[i].seg = NULL;
	}
}
