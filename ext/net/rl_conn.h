/*
 * The hiredis connection layer: connect + handshake, one command or a pipeline
 * per round trip, and the rules that keep a connection trustworthy. Plain C:
 * status codes and messages, no zvals; the PHP glue maps them to exceptions.
 *
 * The rule this file enforces: a connection that saw an I/O error or a timeout
 * is broken for good (a late reply could otherwise be read as the answer to the
 * next command); its owner must rl_conn_close() it and open a new one.
 *
 * One header, three files: rl_conn.c (the connection and its rules: process
 * id, commands, verdicts on replies, reuse, close), rl_conn_open.c
 * (connecting and the handshake) and rl_conn_io.c (the round trip within a
 * deadline, and its pieces for rl_fanout.c); rl_conn_internal.h is what they
 * share among themselves.
 */
#ifndef RL_CONN_H
#define RL_CONN_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "rl_hiredis_compat.h"
#include "rl_reply.h"
#include "rl_server.h"

typedef enum {
	RL_OK = 0,
	RL_ERR_CONNECT,  /* could not connect */
	RL_ERR_AUTH,     /* the handshake was refused (AUTH, SELECT) */
	RL_ERR_IO,       /* the connection broke while talking */
	RL_ERR_TIMEOUT,  /* no reply within the read timeout */
	RL_ERR_SERVER,   /* an error reply such as WRONGTYPE; the connection stays usable */
	RL_ERR_PROTOCOL, /* a reply of an unexpected shape: out of step, so the connection is broken too */
	RL_ERR_NOMEM,
	RL_ERR_QUORUM,   /* several masters: fewer than a quorum of them answered */
	RL_ERR_ROUTE,    /* Sentinel or Cluster gave no node to run on (no master found, no slot map, the
	                  * cluster down): nothing is known to have run */
	RL_ERR_REDIRECTS, /* Cluster kept redirecting (MOVED/ASK too often, TRYAGAIN or LOADING beyond our
	                   * patience): nothing is known to have run */
	RL_ERR_HELD_LOCALLY /* a lock taken through a host's local hand-over, which only its holder may release
	                     * or extend (rl_lock.h's RL_LOCK_LOCAL_MARK): nothing was changed */
} rl_status;

/* The message names the server (never its password), e.g. "tcp://127.0.0.1:6380: read timed out". */
typedef struct {
	char message[1024]; /* room for what each of several servers said */
} rl_error;

typedef struct {
	rl_server_address address;
	double connect_timeout; /* seconds; 0 = the OS's own */
	double read_timeout;    /* seconds; 0 = wait forever */
} rl_conn_config;

/* The most elements one aggregate reply may hold (rl_hiredis_limit_reader()): ours hold a handful. */
#define RL_CONN_MAX_REPLY_ELEMENTS (1 << 20)

typedef struct {
	redisContext *ctx;
	rl_hiredis_reader_limit reader_limit; /* ctx's reader points here */
	long owner_pid;       /* a forked child must never talk on its parent's socket */
	bool broken;          /* an I/O error or timeout happened: close, never reuse */
	bool reply_pending;   /* a command is in flight: if we get here again, it never finished */
	signed char set_nx_get; /* SET NX ... GET accepted (Redis >= 7)? -1 not known yet */
	unsigned int scripts_seen; /* bit per rl_script the server ran for us (so its cache has it) */
	unsigned long long last_reply_ns; /* monotonic time of the last complete reply */
	bool whole_second_blocks; /* the server wants whole seconds as BLPOP timeout (Redis < 6) */
	unsigned char handshake_total;   /* commands in the handshake */
	unsigned char handshake_pending; /* its replies not read yet (rl_conn_open_pipelined()) */
	bool handshake_auth;             /* its first command is AUTH */
	/*
	 * Set by rl_route around one step: each command of a pipeline goes behind
	 * its own ASKING (after an ASK); a WAIT for wait_replicas replicas goes
	 * behind the pipeline (min_replicas), its answer in replicas_acked (-1:
	 * none ran); redirect keeps what the first error reply said about where
	 * to go (rl_reply_decode_redirect()).
	 */
	bool asking;
	int wait_replicas;
	long long wait_timeout_ms;
	long long replicas_acked;
	rl_redirect redirect;
	double read_timeout;  /* seconds, 0 = none: the usual limit for a whole round trip */
	double reply_timeout; /* seconds, 0 = none: the limit now (read_timeout, or stretched for a block) */
	char server[280];     /* rl_server_describe(), for messages */
} rl_conn;

/*
 * This process's id, cached: glibc no longer caches getpid() and the fork
 * checks run on every call. rl_process_init() (once, at module start-up)
 * refreshes it in every child through pthread_atfork().
 */
void rl_process_init(void);
long rl_process_id(void);

#define RL_MAX_ARGS 20

/* One command in argv form (binary safe). */
typedef struct {
	int argc;
	const char *argv[RL_MAX_ARGS];
	size_t argvlen[RL_MAX_ARGS];
} rl_command;

void rl_command_init(rl_command *cmd);
void rl_command_add(rl_command *cmd, const char *arg, size_t len);

/*
 * v in decimal into buf (at least RL_LL_TEXT bytes), NUL-terminated; returns its length.
 * For the numbers commands carry (a lifetime in ms): snprintf() cost about 600 client
 * instructions a call, some 3 % of an uncontended lock+unlock cycle (callgrind).
 */
#define RL_LL_TEXT 21
static inline size_t rl_format_ll(char *buf, long long v)
{
	char digits[RL_LL_TEXT];
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	size_t n = 0, len = 0;

	do {
		digits[n++] = (char)('0' + (int)(u % 10));
		u /= 10;
	} while (u != 0);
	if (v < 0) {
		buf[len++] = '-';
	}
	while (n > 0) {
		buf[len++] = digits[--n];
	}
	buf[len] = '\0';
	return len;
}
void rl_command_add_str(rl_command *cmd, const char *arg);

/* Connects and, in one round trip, authenticates, selects the database and names the connection. */
rl_conn *rl_conn_open(const rl_conn_config *config, const char *client_name, rl_status *status, rl_error *err);
void rl_conn_close(rl_conn *conn);

/*
 * Connects, but only queues the handshake: it goes out in front of the first
 * commands, and its replies are read (and judged) before theirs. So a call
 * that fans out to several servers handshakes with all of them in the same
 * round trip, and a server that accepts but never answers costs one timeout
 * in parallel with the others, not one before them.
 */
rl_conn *rl_conn_open_pipelined(const rl_conn_config *config, const char *client_name, rl_status *status,
		rl_error *err);

/*
 * rl_conn_open_pipelined() for n servers at once: every connect is started
 * before any is waited for (one poll(), each within its own connect_timeout),
 * so unreachable servers cost one connect timeout, not one each. out[i] NULL
 * with statuses[i]/errs[i] for a server that could not be reached.
 */
void rl_conn_open_pipelined_many(const rl_conn_config *const *configs, size_t n, const char *client_name,
		rl_conn **out, rl_status *statuses, rl_error *errs);

/* The monotonic clock, in ns. */
unsigned long long rl_monotonic_ns(void);

#ifndef _WIN32
/*
 * rl_conn_open() on a socket connected already (fd is the connection's from
 * then on, closed with it or on failure); config->address only names it. For
 * tests/fuzz/: the real read path, with whatever bytes the other end of a
 * socketpair() says.
 */
rl_conn *rl_conn_open_fd(int fd, const rl_conn_config *config, const char *client_name, rl_status *status,
		rl_error *err);
#endif

/*
 * Whether conn may carry another command: same process, no error seen, nothing
 * pending, and, if it has been idle for more than RL_CONN_CHECK_IDLE_MS, the
 * server has not closed it meanwhile (one poll(): an idle RESP2 connection
 * never has anything to read). A connection in steady use skips that system
 * call; one the server closed in the last few milliseconds fails its next
 * command instead (an I/O error, and the connection is replaced).
 */
#define RL_CONN_CHECK_IDLE_MS 10
bool rl_conn_is_reusable(rl_conn *conn);

/*
 * Changes how long a round trip may take (seconds > 0): every reply of one
 * call must be complete by then, however the server spaces its bytes. A
 * failure breaks the connection.
 */
rl_status rl_conn_set_read_timeout(rl_conn *conn, double seconds, rl_error *err);

/*
 * The status of a step whose connection could not be had (connect or
 * handshake failed): nothing of the step went out, so nothing of it ran.
 */
static inline rl_status rl_conn_unsent(rl_status status)
{
	return status == RL_ERR_IO || status == RL_ERR_TIMEOUT || status == RL_ERR_PROTOCOL ? RL_ERR_CONNECT : status;
}

/* WAIT replicas timeout_ms alone on conn: how many replicas have this connection's writes (*acked). */
rl_status rl_conn_wait_replicas(rl_conn *conn, int replicas, long long timeout_ms, long long *acked, rl_error *err);

/* Sends one command and reads its reply. An error reply comes back as RL_OK with reply->type == REDIS_REPLY_ERROR. */
rl_status rl_conn_call(rl_conn *conn, const rl_command *cmd, redisReply **reply, rl_error *err);

/* Sends n commands in one write and reads n replies (one round trip). On failure no reply is returned. */
rl_status rl_conn_pipeline(rl_conn *conn, size_t n, const rl_command *cmds, redisReply **replies, rl_error *err);

/*
 * The same round trip with front written before the commands (and before an
 * ASKING of theirs), its reply in *front_reply, for the caller to judge (NULL
 * on failure, like the others).
 */
rl_status rl_conn_pipeline_behind(rl_conn *conn, const rl_command *front, redisReply **front_reply, size_t n,
		const rl_command *cmds, redisReply **replies, rl_error *err);

/* Fills err with "<server>: <reply text>" for an error reply and returns RL_ERR_SERVER. */
rl_status rl_conn_error_reply(const rl_conn *conn, const redisReply *reply, rl_error *err);
rl_status rl_conn_unexpected_reply(rl_conn *conn, const char *what, rl_error *err);

/*
 * What a decoder's verdict on the reply to what (rl_reply.h) means for conn:
 * RL_OK; RL_ERR_SERVER for an error reply; RL_ERR_PROTOCOL for any other
 * shape, which breaks conn.
 */
rl_status rl_conn_judge_reply(rl_conn *conn, rl_reply_verdict verdict, const redisReply *reply, const char *what,
		rl_error *err);

/*
 * The pieces of a round trip, for driving several connections at once
 * (rl_fanout.c): queue commands, write them, then feed what poll() says is
 * readable and take replies as they complete. The rules stay those of
 * rl_conn_pipeline(): a failure breaks the connection, and so does a deadline
 * passed with replies pending (rl_conn_time_out()).
 */
int rl_conn_fd(const rl_conn *conn);
rl_status rl_conn_append(rl_conn *conn, const rl_command *cmd, rl_error *err);
/* Writes everything queued, by deadline_ns (0: none). */
rl_status rl_conn_flush(rl_conn *conn, unsigned long long deadline_ns, rl_error *err);
/* One read of what the socket holds (call when poll() says it is readable: it does not block then). */
rl_status rl_conn_feed(rl_conn *conn, rl_error *err);
/* The next complete reply read so far, or *reply NULL. Handshake replies are judged and consumed first. */
rl_status rl_conn_take_reply(rl_conn *conn, redisReply **reply, rl_error *err);
/* After the last expected reply: nothing more may be buffered; the connection is idle again. */
rl_status rl_conn_settle(rl_conn *conn, rl_error *err);
/* Replies still pending at the deadline: broken for good ("read timed out"). */
rl_status rl_conn_time_out(rl_conn *conn, rl_error *err);

#endif /* RL_CONN_H */
