/*
 * The only file that knows one hiredis version from another. Everything else
 * tests the RL_HIREDIS_* feature macros defined here, never HIREDIS_MAJOR.
 *
 * Supported: hiredis 0.14 (Debian 12's libhiredis-dev) and 1.x.
 */
#ifndef RL_HIREDIS_COMPAT_H
#define RL_HIREDIS_COMPAT_H

#include <errno.h>
#ifndef _WIN32
# include <fcntl.h>
#endif
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

/*
 * A cap on the elements of one aggregate reply (array, and in 1.x map, set,
 * push). hiredis reserves an array's element vector as soon as it reads the
 * count, before any element arrived: "*2147483647\r\n" from a broken or
 * hostile server makes 0.14 ask for 16 GB, and 1.x's own limit (2^32 - 1
 * elements) allows 32 GB. Past the cap the reader fails (0.14 calls it out
 * of memory, as for any refused object) and *exceeded is set, so the
 * connection can say what happened. Works the same in every version: the
 * reader's object functions are wrapped, its privdata points at the limit,
 * which must live as long as the reader.
 */
#if HIREDIS_MAJOR >= 1
typedef size_t rl_hiredis_element_count;
#else
typedef int rl_hiredis_element_count;
#endif

typedef struct {
	redisReplyObjectFunctions fn; /* the reader's own, but for createArray */
	void *(*create_array)(const redisReadTask *task, rl_hiredis_element_count elements);
	long long max_elements;
	int exceeded;
} rl_hiredis_reader_limit;

static inline void *rl_hiredis_create_capped_array(const redisReadTask *task, rl_hiredis_element_count elements)
{
	rl_hiredis_reader_limit *limit = (rl_hiredis_reader_limit *)task->privdata;
	if ((long long)elements > limit->max_elements) {
		limit->exceeded = 1;
		return NULL;
	}
	return limit->create_array(task, elements);
}

static inline void rl_hiredis_limit_reader(redisReader *reader, rl_hiredis_reader_limit *limit, long long max_elements)
{
	limit->fn = *reader->fn;
	limit->create_array = reader->fn->createArray;
	limit->fn.createArray = rl_hiredis_create_capped_array;
	limit->max_elements = max_elements;
	limit->exceeded = 0;
	reader->fn = &limit->fn;
	reader->privdata = limit;
}

#ifndef _WIN32
/*
 * A context made by redisConnectNonBlock() (so that several connects can
 * run at once), made blocking once its connect completed: every read and
 * write of rl_conn relies on the socket's own timeouts, as for a context
 * made by redisConnect(). Both 0.14 and 1.x keep the mode in REDIS_BLOCK
 * (redisSetTimeout() refuses a context without it) and in the descriptor.
 */
static inline int rl_hiredis_make_blocking(redisContext *ctx)
{
	int flags = fcntl(ctx->fd, F_GETFL);
	if (flags == -1 || fcntl(ctx->fd, F_SETFL, flags & ~O_NONBLOCK) == -1) {
		return -1;
	}
	ctx->flags |= REDIS_BLOCK;
	return 0;
}
#endif

#endif /* RL_HIREDIS_COMPAT_H */
