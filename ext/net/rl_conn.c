/*
 * A connection and the rules that keep it trustworthy (rl_conn.h): the
 * process id behind the fork rule, the monotonic clock, commands in argv
 * form, the verdicts on a reply (a server's error, or a shape out of step),
 * whether a connection may carry another command, and closing it. Connecting
 * and the handshake are in rl_conn_open.c; the round trip within a deadline,
 * and its pieces for the fan-out, in rl_conn_io.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _WIN32
# include <process.h>
# include <winsock2.h>
#else
# include <poll.h>
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
