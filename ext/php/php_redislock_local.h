/*
 * The local hand-over's PHP side (model/local.md; the shared state is
 * ext/core/rl_local.h): whether a client may use it, and its segment.
 */
#ifndef PHP_REDISLOCK_LOCAL_H
#define PHP_REDISLOCK_LOCAL_H

#include "php_redislock_client.h"
#include "rl_local.h"

/*
 * The segment client's locks share with the host's other processes, or NULL
 * when they take the global protocol alone: redislock.local_handover off,
 * several masters, Sentinel or Cluster, min_replicas, or no segment (then
 * phpinfo() says why). Mapped once per process (per thread under ZTS), and
 * remembered by the client (segments stay mapped until GSHUTDOWN).
 */
rl_local_seg *php_redislock_local_segment(php_redislock_client *client);

/* phpinfo(): the mode and, when the last segment could not be had, why. */
const char *php_redislock_local_mode(void);

/* GSHUTDOWN: unmaps every segment. */
void php_redislock_local_unmap_all(void);

#endif /* PHP_REDISLOCK_LOCAL_H */
