/*
 * Opening a connection (rl_conn.h): the connect, bounded by connect_timeout;
 * its set-up (the read timeout, close-on-exec, the reply size limit,
 * keep-alive and TCP_NODELAY); and the handshake (AUTH, SELECT, CLIENT
 * SETNAME in one pipeline), either waited for at once or queued in front of
 * the first commands. Also the connects to several servers started side by
 * side, so that unreachable ones cost one connect timeout, not one each.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
# include <winsock2.h>
#else
# include <fcntl.h>
# include <poll.h>
# include <sys/socket.h>
# include <netinet/in.h>
# include <netinet/tcp.h>
# include <unistd.h>
#endif

#include "rl_conn_internal.h"

static rl_conn *conn_queue_handshake(rl_conn *conn, const rl_conn_config *config, const char *client_name,
		rl_status *status, rl_error *err);

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
rl_status rl_conn_judge_handshake_reply(rl_conn *conn, size_t i, const redisReply *reply, rl_error *err)
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
		status = rl_conn_judge_handshake_reply(conn, i, replies[i], err);
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
			*status = rl_conn_failed(conn, errno, err);
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
