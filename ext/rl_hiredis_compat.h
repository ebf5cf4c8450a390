/*
 * The only file that knows one hiredis version from another. Everything else
 * tests the RL_HIREDIS_* feature macros defined here, never HIREDIS_MAJOR.
 *
 * Supported: hiredis 0.14 (Debian 12's libhiredis-dev) and 1.x.
 */
#ifndef RL_HIREDIS_COMPAT_H
#define RL_HIREDIS_COMPAT_H

#include <errno.h>
#include <hiredis/hiredis.h>

#define RL_HIREDIS_STR2(x) #x
#define RL_HIREDIS_STR(x) RL_HIREDIS_STR2(x)
/* The version this build was compiled against, for phpinfo(). */
#define RL_HIREDIS_VERSION_STRING \
	RL_HIREDIS_STR(HIREDIS_MAJOR) "." RL_HIREDIS_STR(HIREDIS_MINOR) "." RL_HIREDIS_STR(HIREDIS_PATCH)

#if HIREDIS_MAJOR >= 1
/* 1.x reports a timed-out read as its own error code. */
# define RL_HIREDIS_HAVE_ERR_TIMEOUT 1
#endif

/*
 * True when the last failed call on ctx was a timeout. 0.14 has no timeout
 * error code: a read that hit SO_RCVTIMEO surfaces as REDIS_ERR_IO with errno
 * EAGAIN, so errno must be read right after the failing call.
 */
static inline int rl_hiredis_failed_by_timeout(const redisContext *ctx, int saved_errno)
{
#ifdef RL_HIREDIS_HAVE_ERR_TIMEOUT
	if (ctx->err == REDIS_ERR_TIMEOUT) {
		return 1;
	}
#endif
	return ctx->err == REDIS_ERR_IO && (saved_errno == EAGAIN || saved_errno == EWOULDBLOCK);
}

#endif /* RL_HIREDIS_COMPAT_H */
