/* The hiredis connection layer: see rl_conn.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _WIN32
# include <process.h>
# include <winsock2.h>
#else
# include <poll.h>
# include <sys/socket.h>
# include <netinet/in.h>
# include <netinet/tcp.h>
# include <pthread.h>
# include <unistd.h>
#endif

#include "rl_conn.h"

static long current_pid;

unsigned long long rl_monotonic_ns(void)
{
#ifdef _WIN32
	return 0; /* no idle check on Windows (see rl_conn_is_reusable) */
#else
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts); /* a vDSO call: no system call */
	return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
#endif
}

static void refresh_pid(void)
{
#ifdef _WIN32
	current_pid = (long)_getpid();
#else
	current_pid = (long)getpid();
#endif
}

void rl_process_init(void)
{
	refresh_pid();
#ifndef _WIN32
	pthread_atfork(NULL, NULL, refresh_pid);
#endif
}

long rl_process_id(void)
{
	return current_pid;
}

void rl_command_init(rl_command *cmd)
{
	cmd->argc = 0;
}

void rl_command_add(rl_command *cmd, const char *arg, size_t len)
{
	/* Callers build fixed-shape commands; overflowing is a bug in this extension. */
	if (cmd->argc >= RL_MAX_ARGS) {
		abort();
	}
	cmd->argv[cmd->argc] = arg;
	cmd->argvlen[cmd->argc] = len;
	cmd->argc++;
}

void rl_command_add_str(rl_command *cmd, const char *arg)
{
	rl_command_add(cmd, arg, strlen(arg));
}

static struct timeval seconds_to_timeval(double seconds)
{
	struct timeval tv;
	tv.tv_sec = (long)seconds;
	tv.tv_usec = (long)((seconds - (double)tv.tv_sec) * 1e6);
	if (tv.tv_sec == 0 && tv.tv_usec == 0) {
		tv.tv_usec = 1; /* a zero timeval would mean "no timeout" to the kernel */
	}
	return tv;
}

static rl_status judge_handshake_reply(rl_conn *conn, size_t i, const redisReply *reply, rl_error *err);
static rl_conn *conn_queue_handshake(rl_conn *conn, const rl_conn_config *config, const char *client_name,
		rl_status *status, rl_error *err);

static rl_status conn_timed_out(rl_conn *conn, rl_error *err)
{
	conn->broken = true;
	snprintf(err->message, sizeof(err->message), "%s: read timed out", conn->server);
	return RL_ERR_TIMEOUT;
}

/* Marks conn broken and describes what happened to the context. */
static rl_status conn_failed(rl_conn *conn, int saved_errno, rl_error *err)
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

rl_status rl_conn_error_reply(const rl_conn *conn, const redisReply *reply, rl_error *err)
{
	snprintf(err->message, sizeof(err->message), "%s: %.*s", conn->server, (int)reply->len, reply->str);
	return RL_ERR_SERVER;
}

rl_status rl_conn_unexpected_reply(rl_conn *conn, const char *what, rl_error *err)
{
	/* the one symptom of a connection that fell out of step: never trust it again */
	conn->broken = true;
	snprintf(err->message, sizeof(err->message), "%s: unexpected reply to %s", conn->server, what);
	return RL_ERR_PROTOCOL;
}

rl_status rl_conn_judge_reply(rl_conn *conn, rl_reply_verdict verdict, const redisReply *reply, const char *what,
		rl_error *err)
{
	switch (verdict) {
		case RL_REPLY_OK:    return RL_OK;
		case RL_REPLY_ERROR: return rl_conn_error_reply(conn, reply, err);
		default:             return rl_conn_unexpected_reply(conn, what, err);
	}
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
			return conn_failed(conn, errno, err);
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
			return conn_failed(conn, errno, err);
		}
	}
}

/* Queues one command (argv form) on conn's output buffer. */
static rl_status append_argv(rl_conn *conn, int argc, const char *const *argv, const size_t *argvlen, rl_error *err)
{
	/* hiredis declares argv non-const-pointer but never writes through it */
	if (redisAppendCommandArgv(conn->ctx, argc, (const char **)argv, argvlen) != REDIS_OK) {
		return conn_failed(conn, errno, err);
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

rl_status rl_conn_pipeline(rl_conn *conn, size_t n, const rl_command *cmds, redisReply **replies, rl_error *err)
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
	for (got = 0; got < n; got++) {
		if ((conn->asking && (status = read_extra_reply(conn, deadline_ns, &reads, false, err)) != RL_OK)
				|| (status = read_reply(conn, deadline_ns, &reads, &replies[got], err)) != RL_OK) {
			rl_reply_free_all(replies, got);
			return status;
		}
		if (conn->redirect.kind == RL_REDIRECT_NONE) {
			rl_reply_decode_redirect(replies[got], &conn->redirect);
		}
	}
	if (wait && (status = read_extra_reply(conn, deadline_ns, &reads, true, err)) != RL_OK) {
		rl_reply_free_all(replies, n);
		return status;
	}
	if ((status = rl_conn_settle(conn, err)) != RL_OK) {
		rl_reply_free_all(replies, n);
	}
	return status;
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

/*
 * The handshake: AUTH, SELECT and CLIENT SETNAME as one pipeline, however many
 * apply. Its commands point into config and db (which must outlive them);
 * conn remembers which reply is AUTH's and which is CLIENT SETNAME's.
 */
static size_t handshake_commands(rl_conn *conn, const rl_conn_config *config, const char *client_name,
		rl_command cmds[3], char db[24])
{
	const rl_server_address *addr = &config->address;
	size_t n = 0;

	conn->handshake_auth = false;
	if (addr->password || addr->username) {
		/* a user without a password is sent with an empty one: a nopass ACL user accepts
		 * it, any other user fails loudly instead of silently running as "default" */
		rl_command_init(&cmds[n]);
		rl_command_add_str(&cmds[n], "AUTH");
		if (addr->username) {
			rl_command_add_str(&cmds[n], addr->username);
		}
		rl_command_add_str(&cmds[n], addr->password ? addr->password : "");
		n++;
		conn->handshake_auth = true;
	}
	if (addr->database > 0) {
		snprintf(db, 24, "%ld", addr->database);
		rl_command_init(&cmds[n]);
		rl_command_add_str(&cmds[n], "SELECT");
		rl_command_add_str(&cmds[n], db);
		n++;
	}
	rl_command_init(&cmds[n]);
	rl_command_add_str(&cmds[n], "CLIENT");
	rl_command_add_str(&cmds[n], "SETNAME");
	rl_command_add_str(&cmds[n], client_name);
	n++;
	conn->handshake_total = (unsigned char)n;
	return n;
}

/* The verdict on handshake reply number i (of conn->handshake_total). */
static rl_status judge_handshake_reply(rl_conn *conn, size_t i, const redisReply *reply, rl_error *err)
{
	size_t setname_at = conn->handshake_total - 1u;
	const char *name = i == setname_at ? "CLIENT SETNAME" : (i == 0 && conn->handshake_auth) ? "AUTH" : "SELECT";
	/* naming the connection is a courtesy: some managed servers forbid CLIENT */
	rl_reply_verdict verdict = rl_reply_decode_handshake(reply, i == setname_at);

	if (verdict == RL_REPLY_OK) {
		return RL_OK;
	}
	if (verdict == RL_REPLY_UNEXPECTED) {
		return rl_conn_unexpected_reply(conn, name, err);
	}
	if (conn->handshake_auth && i == 0 && reply->type == REDIS_REPLY_ERROR) {
		/* Redis 6+ says "WRONGPASS invalid username-password pair", older ones "ERR invalid
		 * password": say which step failed, so a rotated password is recognised as such */
		snprintf(err->message, sizeof(err->message), "%s: authentication failed: %.*s", conn->server,
			(int)reply->len, reply->str);
	} else {
		rl_conn_error_reply(conn, reply, err);
	}
	return RL_ERR_AUTH;
}

static rl_status conn_handshake(rl_conn *conn, const rl_conn_config *config, const char *client_name,
		rl_error *err)
{
	rl_command cmds[3];
	redisReply *replies[3];
	char db[24];
	size_t n = handshake_commands(conn, config, client_name, cmds, db), i;
	rl_status status;

	if ((status = rl_conn_pipeline(conn, n, cmds, replies, err)) != RL_OK) {
		return status;
	}
	for (i = 0; i < n && status == RL_OK; i++) {
		status = judge_handshake_reply(conn, i, replies[i], err);
	}
	rl_reply_free_all(replies, n);
	return status;
}

/* A connection not connected yet: ctx is NULL. */
static rl_conn *conn_new(const rl_conn_config *config, rl_status *status, rl_error *err)
{
	rl_conn *conn = calloc(1, sizeof(*conn));

	if (!conn) {
		snprintf(err->message, sizeof(err->message), "out of memory");
		*status = RL_ERR_NOMEM;
		return NULL;
	}
	conn->owner_pid = rl_process_id();
	conn->set_nx_get = -1;
	conn->replicas_acked = -1;
	rl_server_describe(&config->address, conn->server, sizeof(conn->server));
	return conn;
}

/* From a connected conn->ctx (or a failed one) to one ready for commands: timeouts, reply limit. Closes conn on failure. */
static rl_conn *conn_setup(rl_conn *conn, const rl_conn_config *config, rl_status *status, rl_error *err)
{
	if (!conn->ctx || conn->ctx->err) {
		snprintf(err->message, sizeof(err->message), "%s: cannot connect: %s", conn->server,
			conn->ctx ? conn->ctx->errstr : "out of memory");
		*status = RL_ERR_CONNECT;
		rl_conn_close(conn);
		return NULL;
	}
	if (config->read_timeout > 0 && redisSetTimeout(conn->ctx, seconds_to_timeval(config->read_timeout)) != REDIS_OK) {
		snprintf(err->message, sizeof(err->message), "%s: cannot set the read timeout: %s", conn->server,
			conn->ctx->errstr);
		*status = RL_ERR_CONNECT;
		rl_conn_close(conn);
		return NULL;
	}
#ifndef _WIN32
	/*
	 * A child started by proc_open() or exec() must not inherit the socket: it
	 * would keep the connection open on the server after we closed it (a lock
	 * waiter's BLPOP, a persistent connection) for as long as it lives.
	 */
	fcntl(conn->ctx->fd, F_SETFD, fcntl(conn->ctx->fd, F_GETFD) | FD_CLOEXEC);
#endif
	/* a server must not make hiredis reserve gigabytes for an array it announces */
	rl_hiredis_limit_reader(conn->ctx->reader, &conn->reader_limit, RL_CONN_MAX_REPLY_ELEMENTS);
	conn->read_timeout = config->read_timeout;
	conn->reply_timeout = config->read_timeout;
	if (config->address.transport == RL_TRANSPORT_TCP) {
		/* a peer that vanished without a FIN is noticed by the kernel, not only by our timeout */
		redisEnableKeepAlive(conn->ctx);
#ifndef _WIN32
		{
			/* hiredis 1.x sets it only when it waited for the connect itself, not after a non-blocking one */
			int one = 1;
			setsockopt(conn->ctx->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		}
#endif
	}
	*status = RL_OK;
	return conn;
}

/* conn_setup(), then the handshake's round trip. Closes conn on failure. */
static rl_conn *conn_start(rl_conn *conn, const rl_conn_config *config, const char *client_name, rl_status *status,
		rl_error *err)
{
	if (!(conn = conn_setup(conn, config, status, err))) {
		return NULL;
	}
	if ((*status = conn_handshake(conn, config, client_name, err)) != RL_OK) {
		rl_conn_close(conn);
		return NULL;
	}
	return conn;
}

/* The TCP or unix connect, bounded by connect_timeout. */
static void conn_connect(rl_conn *conn, const rl_conn_config *config)
{
	const rl_server_address *addr = &config->address;
	if (config->connect_timeout > 0) {
		struct timeval tv = seconds_to_timeval(config->connect_timeout);
		conn->ctx = addr->transport == RL_TRANSPORT_UNIX
			? redisConnectUnixWithTimeout(addr->path, tv)
			: redisConnectWithTimeout(addr->host, addr->port, tv);
	} else {
		conn->ctx = addr->transport == RL_TRANSPORT_UNIX
			? redisConnectUnix(addr->path)
			: redisConnect(addr->host, addr->port);
	}
}

rl_conn *rl_conn_open_pipelined(const rl_conn_config *config, const char *client_name, rl_status *status,
		rl_error *err)
{
	rl_conn *conn = conn_new(config, status, err);

	if (!conn) {
		return NULL;
	}
	conn_connect(conn, config);
	if (!(conn = conn_setup(conn, config, status, err))) {
		return NULL;
	}
	return conn_queue_handshake(conn, config, client_name, status, err);
}

rl_conn *rl_conn_open(const rl_conn_config *config, const char *client_name, rl_status *status, rl_error *err)
{
	rl_conn *conn = conn_new(config, status, err);

	if (!conn) {
		return NULL;
	}
	conn_connect(conn, config);
	return conn_start(conn, config, client_name, status, err);
}

#ifndef _WIN32
rl_conn *rl_conn_open_fd(int fd, const rl_conn_config *config, const char *client_name, rl_status *status,
		rl_error *err)
{
	rl_conn *conn = conn_new(config, status, err);

	if (!conn) {
		close(fd);
		return NULL;
	}
	if (!(conn->ctx = redisConnectFd(fd))) {
		close(fd);
	}
	return conn_start(conn, config, client_name, status, err);
}
#endif

/* Queues the handshake of a connected, set-up conn in front of its first commands. Closes conn on failure. */
static rl_conn *conn_queue_handshake(rl_conn *conn, const rl_conn_config *config, const char *client_name,
		rl_status *status, rl_error *err)
{
	rl_command cmds[3];
	char db[24];
	size_t n = handshake_commands(conn, config, client_name, cmds, db), i;

	for (i = 0; i < n; i++) {
		/* into hiredis's output buffer only: it goes out with the first commands */
		if (redisAppendCommandArgv(conn->ctx, cmds[i].argc, (const char **)cmds[i].argv, cmds[i].argvlen) != REDIS_OK) {
			*status = conn_failed(conn, errno, err);
			rl_conn_close(conn);
			return NULL;
		}
	}
	conn->handshake_pending = (unsigned char)n;
	return conn;
}

#ifndef _WIN32
void rl_conn_open_pipelined_many(const rl_conn_config *const *configs, size_t n, const char *client_name,
		rl_conn **out, rl_status *statuses, rl_error *errs)
{
	struct pollfd *pfds = calloc(n ? n : 1, sizeof(*pfds));
	unsigned long long *deadlines = calloc(n ? n : 1, sizeof(*deadlines));
	size_t *map = calloc(n ? n : 1, sizeof(*map)), i;

	if (!pfds || !deadlines || !map) {
		/* no room to wait for them together: one after another */
		for (i = 0; i < n; i++) {
			out[i] = rl_conn_open_pipelined(configs[i], client_name, &statuses[i], &errs[i]);
		}
		goto out;
	}
	/* every connect started before any is waited for */
	for (i = 0; i < n; i++) {
		const rl_server_address *addr = &configs[i]->address;
		rl_conn *conn = conn_new(configs[i], &statuses[i], &errs[i]);

		out[i] = NULL;
		if (!conn) {
			continue;
		}
		conn->ctx = addr->transport == RL_TRANSPORT_UNIX ? redisConnectUnixNonBlock(addr->path)
			: redisConnectNonBlock(addr->host, addr->port);
		if (!conn->ctx || conn->ctx->err) {
			conn_setup(conn, configs[i], &statuses[i], &errs[i]); /* says why, closes */
			continue;
		}
		out[i] = conn;
		statuses[i] = RL_OK;
		deadlines[i] = configs[i]->connect_timeout > 0
			? rl_monotonic_ns() + (unsigned long long)(configs[i]->connect_timeout * 1e9) : 0;
	}
	for (;;) {
		unsigned long long now = rl_monotonic_ns(), wait_until = 0;
		size_t np = 0;
		int ready, timeout_ms;

		for (i = 0; i < n; i++) {
			if (!out[i] || out[i]->ctx->flags & REDIS_BLOCK) {
				continue; /* failed, or connected already */
			}
			if (deadlines[i] && now >= deadlines[i]) {
				snprintf(errs[i].message, sizeof(errs[i].message), "%s: cannot connect: %s", out[i]->server,
					strerror(ETIMEDOUT));
				statuses[i] = RL_ERR_CONNECT;
				rl_conn_close(out[i]);
				out[i] = NULL;
				continue;
			}
			if (deadlines[i] && (wait_until == 0 || deadlines[i] < wait_until)) {
				wait_until = deadlines[i];
			}
			pfds[np].fd = out[i]->ctx->fd;
			pfds[np].events = POLLOUT;
			pfds[np].revents = 0;
			map[np++] = i;
		}
		if (np == 0) {
			break;
		}
		timeout_ms = wait_until == 0 ? 1000000
			: (int)((wait_until - now + 999999) / 1000000 > 1000000 ? 1000000 : (wait_until - now + 999999) / 1000000);
		if ((ready = poll(pfds, (nfds_t)np, timeout_ms)) <= 0) {
			continue; /* time: the deadlines are checked above; EINTR: again */
		}
		for (i = 0; i < np; i++) {
			rl_conn *conn = out[map[i]];
			int so_error = 0;
			socklen_t len = sizeof(so_error);

			if (!pfds[i].revents) {
				continue;
			}
			if (getsockopt(conn->ctx->fd, SOL_SOCKET, SO_ERROR, &so_error, &len) != 0) {
				so_error = errno;
			}
			if (so_error == 0 && rl_hiredis_make_blocking(conn->ctx) != 0) {
				so_error = errno;
			}
			if (so_error != 0) {
				snprintf(errs[map[i]].message, sizeof(errs[map[i]].message), "%s: cannot connect: %s", conn->server,
					strerror(so_error));
				statuses[map[i]] = RL_ERR_CONNECT;
				rl_conn_close(conn);
				out[map[i]] = NULL;
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (out[i] && (out[i] = conn_setup(out[i], configs[i], &statuses[i], &errs[i]))) {
			out[i] = conn_queue_handshake(out[i], configs[i], client_name, &statuses[i], &errs[i]);
		}
	}
out:
	free(pfds);
	free(deadlines);
	free(map);
}
#endif

void rl_conn_close(rl_conn *conn)
{
	if (!conn) {
		return;
	}
	if (conn->ctx) {
		/*
		 * In a forked child this closes only the child's copy of the descriptor:
		 * hiredis sends nothing (no QUIT, no shutdown()), so the parent's
		 * connection is untouched.
		 */
		redisFree(conn->ctx);
	}
	free(conn);
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

bool rl_conn_is_reusable(rl_conn *conn)
{
	if (conn->broken || conn->reply_pending || conn->ctx->err || conn->owner_pid != rl_process_id()) {
		return false;
	}
#ifndef _WIN32
	if (rl_monotonic_ns() - conn->last_reply_ns > RL_CONN_CHECK_IDLE_MS * 1000000ULL) {
		/* Readable while idle means EOF (server restart, CLIENT KILL, idle timeout) or garbage. */
		struct pollfd pfd;
		pfd.fd = conn->ctx->fd;
		pfd.events = POLLIN;
		pfd.revents = 0;
		if (poll(&pfd, 1, 0) != 0) {
			return false;
		}
	}
#endif
	return true;
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
		return conn_failed(conn, errno, err);
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
		return conn_failed(conn, errno, err);
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
			return conn_failed(conn, errno, err);
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
		status = judge_handshake_reply(conn, i, r, err);
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
