/*
 * What the three files of a connection share and nobody else uses:
 * rl_conn.c (the connection and its rules), rl_conn_open.c (connecting and
 * the handshake) and rl_conn_io.c (the round trip within a deadline). The
 * rest of the layer sees rl_conn.h only.
 */
#ifndef RL_CONN_INTERNAL_H
#define RL_CONN_INTERNAL_H

#include "rl_conn.h"

/* For hiredis's connect and read timeouts (rl_conn_open.c, rl_conn_set_read_timeout()). */
static inline struct timeval seconds_to_timeval(double seconds)
{
	struct timeval tv;
	tv.tv_sec = (long)seconds;
	tv.tv_usec = (long)((seconds - (double)tv.tv_sec) * 1e6);
	if (tv.tv_sec == 0 && tv.tv_usec == 0) {
		tv.tv_usec = 1; /* a zero timeval would mean "no timeout" to the kernel */
	}
	return tv;
}

/* Marks conn broken and describes what happened to the context (rl_conn_io.c). */
rl_status rl_conn_failed(rl_conn *conn, int saved_errno, rl_error *err);

/* The verdict on handshake reply number i of conn->handshake_total (rl_conn_open.c). */
rl_status rl_conn_judge_handshake_reply(rl_conn *conn, size_t i, const redisReply *reply, rl_error *err);

#endif /* RL_CONN_INTERNAL_H */
