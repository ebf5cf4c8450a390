/*
 * One round trip on a connection (rl_conn.h), all of it done by a deadline:
 * the commands appended (each behind its ASKING after an ASK, a WAIT behind
 * them for min_replicas) and written, their replies read, and the connection
 * idle again or broken for good. The same reads and writes, taken apart, are
 * what rl_fanout.c drives on several connections at once: a failure or a
 * passed deadline breaks a connection the same way there.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifdef _WIN32
# include <winsock2.h>
#else
# include <poll.h>
#endif

#include "rl_conn_internal.h"

static rl_status conn_timed_out(rl_conn *conn, rl_error *err)
{
	conn->broken = true;
	snprintf(err->message, sizeof(err->message), "%s: read timed out", conn->server);
	return RL_ERR_TIMEOUT;
}

/* Marks conn broken and describes what happened to the context. */
rl_status rl_conn_failed(rl_conn *conn, int saved_errno, rl_error *err)
{
	conn->broken = true;
	if (conn->reader_limit.exceeded) {
		snprintf(err->message, sizeof(err->message), "%s: a reply of more than %d elements", conn->server,
			RL_CONN_MAX_REPLY_ELEMENTS);
		return RL_ERR_PROTOCOL;
	}
	if (rl_hiredis_failed_by_timeout(conn->ctx, saved_errno)) {
		return conn_timed_out(conn, err);
	}
	if (conn->ctx->err == REDIS_ERR_PROTOCOL) {
		/* not RESP, or RESP hiredis refuses (negative lengths, nesting deeper than it parses) */
		snprintf(err->message, sizeof(err->message), "%s: protocol error: %s", conn->server, conn->ctx->errstr);
		return RL_ERR_PROTOCOL;
	}
	snprintf(err->message, sizeof(err->message), "%s: connection lost: %s", conn->server,
		conn->ctx->errstr[0] ? conn->ctx->errstr : "I/O error");
	return RL_ERR_IO;
}

/*
 * Waits until the socket is ready for events (POLLIN/POLLOUT) or deadline_ns
 * (0: no deadline) passes. RL_OK when ready (or when poll() itself failed: the
 * read or write that follows reports it), RL_ERR_TIMEOUT when time is up.
 */
static rl_status wait_ready(rl_conn *conn, short events, unsigned long long deadline_ns)
{
#ifndef _WIN32
	while (deadline_ns) {
		unsigned long long now = rl_monotonic_ns();
		unsigned long long left_ms;
		struct pollfd pfd;
		int ready;

		if (now >= deadline_ns) {
			return RL_ERR_TIMEOUT;
		}
		left_ms = (deadline_ns - now + 999999) / 1000000;
		pfd.fd = conn->ctx->fd;
		pfd.events = events;
		pfd.revents = 0;
		/* a very long limit is waited for in slices that fit poll()'s int */
		ready = poll(&pfd, 1, left_ms > 1000000 ? 1000000 : (int)left_ms);
		if (ready > 0 || (ready < 0 && errno != EINTR)) {
			return RL_OK;
		}
	}
#else
	(void)conn;
	(void)events;
	(void)deadline_ns; /* Windows: the socket's own timeouts (redisSetTimeout) are the limit */
#endif
	return RL_OK;
}

/*
 * The reads and writes of one round trip, all done by deadline_ns (0: none).
 * hiredis's blocking redisGetReply() gives up only when one read() waits
 * longer than the socket timeout: a server that sends a byte now and then, or
 * announces a reply it never finishes, would hold it forever. So the waiting
 * is ours. The first write and the first read of a round trip go straight to
 * the socket, whose own timeout (the same limit, set by redisSetTimeout) ends
 * them by the deadline: the usual round trip costs no extra system call.
 * Every later one first poll()s for what is left of the deadline, so the
 * redisBufferWrite() or redisBufferRead() after it cannot block.
 */
static rl_status write_all(rl_conn *conn, unsigned long long deadline_ns, rl_error *err)
{
	int done = 0, writes = 0;
	while (!done) {
		if (writes++ > 0 && wait_ready(conn, POLLOUT, deadline_ns) != RL_OK) {
			return conn_timed_out(conn, err);
		}
		if (redisBufferWrite(conn->ctx, &done) != REDIS_OK) {
			return rl_conn_failed(conn, errno, err);
		}
	}
	return RL_OK;
}

/* One reply; *reads counts the socket reads of this round trip. */
static rl_status read_reply(rl_conn *conn, unsigned long long deadline_ns, int *reads, redisReply **reply,
		rl_error *err)
{
	for (;;) {
		rl_status status = rl_conn_take_reply(conn, reply, err);
		if (status != RL_OK || *reply) {
			return status;
		}
		if ((*reads)++ > 0 && wait_ready(conn, POLLIN, deadline_ns) != RL_OK) {
			return conn_timed_out(conn, err);
		}
		if (redisBufferRead(conn->ctx) != REDIS_OK) {
			return rl_conn_failed(conn, errno, err);
		}
	}
}

/* Queues one command (argv form) on conn's output buffer. */
static rl_status append_argv(rl_conn *conn, int argc, const char *const *argv, const size_t *argvlen, rl_error *err)
{
	/* hiredis declares argv non-const-pointer but never writes through it */
	if (redisAppendCommandArgv(conn->ctx, argc, (const char **)argv, argvlen) != REDIS_OK) {
		return rl_conn_failed(conn, errno, err);
	}
	return RL_OK;
}

/* A reply rl_route asked for (ASKING's +OK, WAIT's count): anything else means the connection is out of step. */
static rl_status read_extra_reply(rl_conn *conn, unsigned long long deadline_ns, int *reads, bool is_wait,
		rl_error *err)
{
	redisReply *reply;
	long long acked = 0;
	rl_status status = read_reply(conn, deadline_ns, reads, &reply, err);

	if (status != RL_OK) {
		return status;
	}
	if (!is_wait) {
		status = rl_conn_judge_reply(conn, rl_reply_decode_handshake(reply, false), reply, "ASKING", err);
	} else if (reply->type == REDIS_REPLY_ERROR) {
		/* WAIT refused (a replica, a cluster that forbids it): no replica is known to have the write */
		conn->replicas_acked = 0;
	} else if ((status = rl_conn_judge_reply(conn, rl_reply_decode_integer_in(reply, 0, 1000000, &acked), reply, "WAIT",
			err)) == RL_OK) {
		conn->replicas_acked = acked;
	}
	freeReplyObject(reply);
	return status;
}

/* The round trip of rl_conn_pipeline(), front (when not NULL) written first and its reply read into *front_reply. */
static rl_status pipeline(rl_conn *conn, const rl_command *front, redisReply **front_reply, size_t n,
		const rl_command *cmds, redisReply **replies, rl_error *err)
{
	static const char *const asking_argv[1] = { "ASKING" };
	static const size_t asking_len[1] = { 6 };
	unsigned long long deadline_ns = 0;
	size_t i, got;
	int reads;
	rl_status status;
	bool wait = conn->wait_replicas > 0;
	char wait_args[2][24];
	const char *wait_argv[3] = { "WAIT", wait_args[0], wait_args[1] };
	size_t wait_len[3] = { 4, 0, 0 };

	if (conn->reply_timeout > 0) {
		/* a WAIT behind the commands may hold the replies back for its own timeout */
		deadline_ns = rl_monotonic_ns() + (unsigned long long)(conn->reply_timeout * 1e9)
			+ (wait ? (unsigned long long)conn->wait_timeout_ms * 1000000ULL : 0);
	}
	/* a WAIT may outlast the socket's own timeout (read_timeout): then even the first read poll()s by the deadline */
	reads = wait ? 1 : 0;
	conn->reply_pending = true;
	if (front && (status = append_argv(conn, front->argc, front->argv, front->argvlen, err)) != RL_OK) {
		return status;
	}
	for (i = 0; i < n; i++) {
		if (conn->asking && (status = append_argv(conn, 1, asking_argv, asking_len, err)) != RL_OK) {
			return status;
		}
		if ((status = append_argv(conn, cmds[i].argc, cmds[i].argv, cmds[i].argvlen, err)) != RL_OK) {
			return status;
		}
	}
	if (wait) {
		wait_len[1] = (size_t)snprintf(wait_args[0], sizeof(wait_args[0]), "%d", conn->wait_replicas);
		wait_len[2] = (size_t)snprintf(wait_args[1], sizeof(wait_args[1]), "%lld", conn->wait_timeout_ms);
		if ((status = append_argv(conn, 3, wait_argv, wait_len, err)) != RL_OK) {
			return status;
		}
	}
	if ((status = write_all(conn, deadline_ns, err)) != RL_OK) {
		return status;
	}
	if (front && (status = read_reply(conn, deadline_ns, &reads, front_reply, err)) != RL_OK) {
		return status;
	}
	for (got = 0; got < n; got++) {
		if ((conn->asking && (status = read_extra_reply(conn, deadline_ns, &reads, false, err)) != RL_OK)
				|| (status = read_reply(conn, deadline_ns, &reads, &replies[got], err)) != RL_OK) {
			rl_reply_free_all(replies, got);
			goto failed;
		}
		if (conn->redirect.kind == RL_REDIRECT_NONE) {
			rl_reply_decode_redirect(replies[got], &conn->redirect);
		}
	}
	if (wait && (status = read_extra_reply(conn, deadline_ns, &reads, true, err)) != RL_OK) {
		rl_reply_free_all(replies, n);
		goto failed;
	}
	if ((status = rl_conn_settle(conn, err)) != RL_OK) {
		rl_reply_free_all(replies, n);
		goto failed;
	}
	return RL_OK;
failed:
	if (front) {
		rl_reply_free_all(front_reply, 1);
	}
	return status;
}

rl_status rl_conn_pipeline(rl_conn *conn, size_t n, const rl_command *cmds, redisReply **replies, rl_error *err)
{
	return pipeline(conn, NULL, NULL, n, cmds, replies, err);
}

rl_status rl_conn_pipeline_behind(rl_conn *conn, const rl_command *front, redisReply **front_reply, size_t n,
		const rl_command *cmds, redisReply **replies, rl_error *err)
{
	*front_reply = NULL;
	return pipeline(conn, front, front_reply, n, cmds, replies, err);
}

rl_status rl_conn_wait_replicas(rl_conn *conn, int replicas, long long timeout_ms, long long *acked, rl_error *err)
{
	rl_status status;

	conn->wait_replicas = replicas;
	conn->wait_timeout_ms = timeout_ms;
	conn->replicas_acked = -1;
	status = rl_conn_pipeline(conn, 0, NULL, NULL, err);
	*acked = conn->replicas_acked;
	conn->wait_replicas = 0;
	return status;
}

rl_status rl_conn_call(rl_conn *conn, const rl_command *cmd, redisReply **reply, rl_error *err)
{
	return rl_conn_pipeline(conn, 1, cmd, reply, err);
}

rl_status rl_conn_set_read_timeout(rl_conn *conn, double seconds, rl_error *err)
{
	if (redisSetTimeout(conn->ctx, seconds_to_timeval(seconds)) != REDIS_OK) {
		conn->broken = true;
		snprintf(err->message, sizeof(err->message), "%s: cannot set the read timeout: %s", conn->server,
			conn->ctx->errstr[0] ? conn->ctx->errstr : "setsockopt failed");
		return RL_ERR_IO;
	}
	conn->reply_timeout = seconds;
	return RL_OK;
}

/* ---- the pieces of a round trip, for rl_fanout (several connections at once) ---- */

int rl_conn_fd(const rl_conn *conn)
{
	return (int)conn->ctx->fd;
}

rl_status rl_conn_append(rl_conn *conn, const rl_command *cmd, rl_error *err)
{
	conn->reply_pending = true;
	/* hiredis declares argv non-const-pointer but never writes through it */
	if (redisAppendCommandArgv(conn->ctx, cmd->argc, (const char **)cmd->argv, cmd->argvlen) != REDIS_OK) {
		return rl_conn_failed(conn, errno, err);
	}
	return RL_OK;
}

rl_status rl_conn_flush(rl_conn *conn, unsigned long long deadline_ns, rl_error *err)
{
	conn->reply_pending = true;
	return write_all(conn, deadline_ns, err);
}

rl_status rl_conn_feed(rl_conn *conn, rl_error *err)
{
	if (redisBufferRead(conn->ctx) != REDIS_OK) {
		return rl_conn_failed(conn, errno, err);
	}
	return RL_OK;
}

rl_status rl_conn_take_reply(rl_conn *conn, redisReply **reply, rl_error *err)
{
	for (;;) {
		void *r = NULL;
		size_t i;
		rl_status status;

		*reply = NULL;
		if (redisGetReplyFromReader(conn->ctx, &r) != REDIS_OK) {
			return rl_conn_failed(conn, errno, err);
		}
		if (!r) {
			return RL_OK;
		}
		if (!conn->handshake_pending) {
			*reply = r;
			return RL_OK;
		}
		/* a handshake sent in front of the first commands (rl_conn_open_pipelined()) answers first */
		i = (size_t)(conn->handshake_total - conn->handshake_pending);
		conn->handshake_pending--;
		status = rl_conn_judge_handshake_reply(conn, i, r, err);
		freeReplyObject(r);
		if (status != RL_OK) {
			/* the commands behind it would run unauthenticated or in the wrong database: never trust them */
			conn->broken = true;
			return status;
		}
	}
}

rl_status rl_conn_settle(rl_conn *conn, rl_error *err)
{
	if (conn->ctx->reader->pos < conn->ctx->reader->len) {
		/*
		 * Bytes beyond our last reply: the server answered a command we never
		 * sent, before or after ours, and which reply was ours cannot be known.
		 * Left in the buffer, they would be read as the next command's reply.
		 */
		conn->broken = true;
		snprintf(err->message, sizeof(err->message), "%s: more replies than commands sent (out of step)",
			conn->server);
		return RL_ERR_PROTOCOL;
	}
	conn->reply_pending = false;
	conn->last_reply_ns = rl_monotonic_ns();
	return RL_OK;
}

rl_status rl_conn_time_out(rl_conn *conn, rl_error *err)
{
	return conn_timed_out(conn, err);
}
