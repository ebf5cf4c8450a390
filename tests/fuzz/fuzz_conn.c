/*
 * libFuzzer target: the real read path of the connection layer. The input is
 * what a server says. A connection is opened with rl_conn_open_fd() on one
 * end of a socketpair(); on the other end a thread plays the server: it
 * parses each command it receives and answers it with the input's next
 * reply (the input cut where a hiredis reader ends each reply), and once
 * those run out it sends what is left of the input (garbage, a reply cut
 * short) and closes its side. The lock, semaphore and wait steps
 * (ext/core/rl_lock.c, rl_semaphore.c, rl_wait.c, rl_scripts.c) run on the
 * connection, as the PHP glue runs them, until it breaks.
 *
 * Input: 4 header bytes, then the server's bytes.
 *   byte 0: bits 0-1 credentials (none, password, user and password, user
 *           alone), bit 2 a database to SELECT, bit 3 no read timeout;
 *   bytes 1-3: six 4-bit step codes (see run_step()), low nibble first.
 *
 * Checked beyond crashes, leaks and UB, after the handshake and each step:
 * - a failed step says why in a NUL-terminated message, which never holds
 *   the password;
 * - RL_ERR_IO, RL_ERR_TIMEOUT and RL_ERR_PROTOCOL leave the connection
 *   broken; RL_OK and RL_ERR_SERVER (an error reply) leave it usable;
 * - a connection not broken is in step: it has read exactly the replies to
 *   the commands it sent, not a byte more or less, and has no reply pending
 *   (the rule that keeps a reply from being read as the answer to another
 *   command);
 * - no step sends more than MAX_COMMANDS_PER_STEP commands, whatever the
 *   replies (no retry loop a server can keep going).
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz_check.h"
#include "fuzz_reader.h"
#include "rl_conn.h"
#include "rl_lock.h"
#include "rl_scripts.h"
#include "rl_semaphore.h"
#include "rl_wait.h"

#define HEADER_LEN 4
#define STEPS 6
/*
 * The longest honest step: a release of two locks, each [script][check] twice (NOSCRIPT, then
 * again), each granted and its check failing, then settled by at most RL_LOCK_SETTLE_ROUNDS
 * rounds of "lock handed" and its check.
 */
#define MAX_COMMANDS_PER_STEP (2 * 2 * 2 + 2 * 2 * RL_LOCK_SETTLE_ROUNDS)
#define MAX_REPLIES 4096

#define TOKEN "0123456789abcdef0123456789abcdef"
#define HOLDER_ID TOKEN ".10000"

/* The server's side: the input cut into replies, and what it was sent and wrote (under lock). */
typedef struct {
	const uint8_t *said;
	size_t said_len;
	size_t reply_ends[MAX_REPLIES]; /* where each complete reply of the input ends */
	size_t replies;                 /* complete replies, before any protocol error or cut */
	int fd;
	pthread_mutex_t lock;
	size_t commands;                /* commands received so far */
	size_t written;                 /* bytes of the input sent so far */
	size_t commands_checked;        /* commands counted by the last check, for the per-step bound */
} server_side;

/* FUZZ_CONN_TRACE=1 prints each step and its outcome: for reading a reproducer. */
static bool trace;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	trace = getenv("FUZZ_CONN_TRACE") != NULL;
	signal(SIGPIPE, SIG_IGN);
	rl_process_init();
	rl_scripts_init();
	return 0;
}

static void find_reply_ends(server_side *server)
{
	fuzz_reader *reader = fuzz_reader_create();
	void *reply;

	FUZZ_CHECK(reader);
	server->replies = 0;
	if (server->said_len > 0 && redisReaderFeed(reader->reader, (const char *)server->said, server->said_len) == REDIS_OK) {
		while (server->replies < MAX_REPLIES && redisReaderGetReply(reader->reader, &reply) == REDIS_OK && reply) {
			freeReplyObject(reply);
			server->reply_ends[server->replies++] = server->said_len - (reader->reader->len - reader->reader->pos);
		}
	}
	fuzz_reader_free(reader);
}

static void send_all(int fd, const uint8_t *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);
		if (n <= 0) {
			return; /* the client is gone */
		}
		buf += n;
		len -= (size_t)n;
	}
}

/* The server: one reply per command received, then the rest of the input and end of file. */
static void *serve(void *arg)
{
	server_side *server = arg;
	fuzz_reader *commands = fuzz_reader_create();
	char buf[65536];
	size_t sent = 0;
	bool closed = false;
	ssize_t n;
	void *command;

	FUZZ_CHECK(commands);
	while (!closed && (n = recv(server->fd, buf, sizeof(buf), 0)) > 0) {
		FUZZ_CHECK(redisReaderFeed(commands->reader, buf, (size_t)n) == REDIS_OK);
		while (!closed && redisReaderGetReply(commands->reader, &command) == REDIS_OK && command) {
			size_t end;
			FUZZ_CHECK(((redisReply *)command)->type == REDIS_REPLY_ARRAY);
			freeReplyObject(command);
			pthread_mutex_lock(&server->lock);
			end = server->commands < server->replies ? server->reply_ends[server->commands] : server->said_len;
			server->commands++;
			server->written = end;
			pthread_mutex_unlock(&server->lock);
			send_all(server->fd, server->said + sent, end - sent);
			sent = end;
			if (end == server->said_len && server->commands > server->replies) {
				shutdown(server->fd, SHUT_WR);
				closed = true;
			}
		}
		FUZZ_CHECK(commands->reader->err == 0); /* we always send well-formed commands */
	}
	fuzz_reader_free(commands);
	return NULL;
}

/* Commands received since the last call. */
static size_t new_commands(server_side *server)
{
	size_t n;
	pthread_mutex_lock(&server->lock);
	n = server->commands - server->commands_checked;
	server->commands_checked = server->commands;
	pthread_mutex_unlock(&server->lock);
	return n;
}

/*
 * A connection that is not broken has read exactly the replies to its
 * commands. It has them all, so the server has answered every command it
 * sent and is waiting for the next one: the counts are settled.
 */
static void check_in_step(const rl_conn *conn, server_side *server)
{
	int unread_in_socket = 0;
	size_t consumed, commands, written;
	const redisReader *reader = conn->ctx->reader;

	FUZZ_CHECK(!conn->reply_pending);
	pthread_mutex_lock(&server->lock);
	commands = server->commands;
	written = server->written;
	pthread_mutex_unlock(&server->lock);
	FUZZ_CHECK(ioctl(conn->ctx->fd, FIONREAD, &unread_in_socket) == 0);
	consumed = written - (size_t)unread_in_socket - (reader->len - reader->pos);
	FUZZ_CHECK(commands <= server->replies);
	FUZZ_CHECK(consumed == (commands == 0 ? 0 : server->reply_ends[commands - 1]));
}

static void check_outcome(const rl_conn *conn, rl_status status, const rl_error *err)
{
	FUZZ_CHECK(status >= RL_OK && status <= RL_ERR_NOMEM);
	if (status != RL_OK) {
		FUZZ_CHECK(strnlen(err->message, sizeof(err->message)) < sizeof(err->message));
		FUZZ_CHECK(err->message[0] != '\0');
	}
	if (status == RL_ERR_IO || status == RL_ERR_TIMEOUT || status == RL_ERR_PROTOCOL) {
		FUZZ_CHECK(conn->broken);
	}
	if (status == RL_OK || status == RL_ERR_SERVER) {
		FUZZ_CHECK(!conn->broken);
	}
}

typedef struct {
	rl_lock_ref lock;
	rl_lock_ref locks[2];
	rl_wait_keys lock_keys;
	rl_semaphore_keys sem_keys;
	rl_semaphore_holder holder;
	rl_semaphore_holder holders[2];
	char *wake_key;
	size_t wake_key_len;
} fixture;

static bool fixture_init(fixture *f)
{
	memset(f, 0, sizeof(*f));
	f->lock.prefix = "Lock:";
	f->lock.prefix_len = 5;
	f->lock.key = "Lock:order:42";
	f->lock.key_len = strlen(f->lock.key);
	f->lock.token = TOKEN;
	f->lock.token_len = strlen(TOKEN);
	f->locks[0] = f->lock;
	f->locks[1] = f->lock;
	f->locks[1].key = "Lock:{tag}x}";
	f->locks[1].key_len = strlen(f->locks[1].key);
	if (!rl_wait_keys_init_lock(&f->lock_keys, f->lock.prefix, f->lock.prefix_len, f->lock.key, f->lock.key_len,
			f->lock.token, f->lock.token_len)) {
		return false;
	}
	if (!rl_semaphore_keys_init(&f->sem_keys, "Sem:", 4, "checkout", 8)) {
		rl_wait_keys_free(&f->lock_keys);
		return false;
	}
	f->holder.keys = &f->sem_keys;
	f->holder.id = HOLDER_ID;
	f->holder.id_len = strlen(HOLDER_ID);
	f->holders[0] = f->holder;
	f->holders[1] = f->holder;
	f->wake_key_len = f->sem_keys.wake_prefix_len + f->holder.id_len;
	if (!(f->wake_key = malloc(f->wake_key_len))) {
		rl_semaphore_keys_free(&f->sem_keys);
		rl_wait_keys_free(&f->lock_keys);
		return false;
	}
	memcpy(f->wake_key, f->sem_keys.wake_prefix, f->sem_keys.wake_prefix_len);
	memcpy(f->wake_key + f->sem_keys.wake_prefix_len, f->holder.id, f->holder.id_len);
	return true;
}

static void fixture_free(fixture *f)
{
	free(f->wake_key);
	rl_semaphore_keys_free(&f->sem_keys);
	rl_wait_keys_free(&f->lock_keys);
}

/* One step of the protocol, as the PHP glue runs it; code picks which. */
static rl_status run_step(rl_conn *conn, const fixture *f, unsigned code, rl_error *err)
{
	bool yes, pair[2];
	long long answer;
	rl_lock_step step;

	switch (code) {
		case 0:  return rl_lock_try_acquire(conn, &f->lock, 15000, &yes, err);
		case 1:  return rl_lock_is_owner(conn, &f->lock, &yes, err);
		case 2:  return rl_lock_extend(conn, &f->lock, 15000, &yes, err);
		case 3:  return rl_lock_wait(conn, &f->lock, &f->lock_keys, 15000, RL_WAIT_JOIN, false, 2500, &step, err);
		case 4:  return rl_lock_wait(conn, &f->lock, &f->lock_keys, 15000, RL_WAIT_VISIT, true, 1, &step, err);
		case 5:  return rl_lock_wait(conn, &f->lock, &f->lock_keys, 15000, RL_WAIT_LEAVE, false, 0, &step, err);
		case 6:  return rl_lock_release_many(conn, 2, f->locks, pair, err);
		case 7:  return rl_lock_release_handing(conn, &f->lock, &yes, err);
		case 8:
			return rl_semaphore_acquire(conn, &f->holder, 4, 10000, RL_WAIT_TRY, 100, NULL, 0, 0, &answer, err);
		case 9:
			return rl_semaphore_acquire(conn, &f->holder, 4, 10000, RL_WAIT_JOIN, 100, f->wake_key, f->wake_key_len,
				5000, &answer, err);
		case 10:
			return rl_semaphore_acquire(conn, &f->holder, 4, 10000, RL_WAIT_VISIT, 100, f->wake_key, f->wake_key_len,
				1234, &answer, err);
		case 11:
			return rl_semaphore_acquire(conn, &f->holder, 4, 10000, RL_WAIT_LEAVE, 100, f->wake_key, f->wake_key_len,
				0, &answer, err);
		case 12: return rl_semaphore_refresh(conn, &f->holder, 10000, &yes, err);
		case 13: return rl_semaphore_release_many(conn, 2, f->holders, pair, err);
		case 14: return rl_semaphore_count(conn, &f->sem_keys, &answer, err);
		default: return rl_lock_release_many(conn, 1, &f->lock, &yes, err);
	}
}

static rl_conn *open_conn(int fd, uint8_t flags, rl_status *status, rl_error *err, size_t *handshake_commands)
{
	rl_conn_config config;
	const char *why;
	rl_conn *conn;

	memset(&config, 0, sizeof(config));
	FUZZ_CHECK(rl_server_parse("unix:///fuzz/redis.sock", 23, &config.address, &why));
	*handshake_commands = 1; /* CLIENT SETNAME */
	if ((flags & 3) == 1 || (flags & 3) == 2) {
		config.address.password = strdup("s3cret");
	}
	if ((flags & 3) >= 2) {
		config.address.username = strdup("app");
	}
	if ((flags & 3) != 0) {
		(*handshake_commands)++; /* AUTH */
	}
	if (flags & 4) {
		config.address.database = 3;
		(*handshake_commands)++; /* SELECT */
	}
	config.read_timeout = (flags & 8) ? 0 : 2.0;
	conn = rl_conn_open_fd(fd, &config, "redislock-fuzz", status, err);
	rl_server_address_free(&config.address);
	return conn;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static server_side server;
	size_t handshake_commands, i;
	int sv[2];
	pthread_t thread;
	rl_conn *conn;
	rl_status status;
	rl_error err;
	fixture f;

	if (size < HEADER_LEN) {
		return 0;
	}
	server.said = data + HEADER_LEN;
	server.said_len = size - HEADER_LEN;
	find_reply_ends(&server);
	FUZZ_CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	server.fd = sv[1];
	server.commands = server.written = server.commands_checked = 0;
	FUZZ_CHECK(pthread_mutex_init(&server.lock, NULL) == 0);
	FUZZ_CHECK(pthread_create(&thread, NULL, serve, &server) == 0);

	memset(err.message, 0, sizeof(err.message));
	conn = open_conn(sv[0], data[0], &status, &err, &handshake_commands);
	if (trace) {
		fprintf(stderr, "handshake: status %d %s\n", (int)status, err.message);
	}
	if (!conn) {
		FUZZ_CHECK(status != RL_OK && err.message[0] != '\0');
		FUZZ_CHECK(strnlen(err.message, sizeof(err.message)) < sizeof(err.message));
		/* the message names the server, never the password (unless the server said it itself) */
		FUZZ_CHECK(strstr(err.message, "s3cret") == NULL || memmem(server.said, server.said_len, "s3cret", 6) != NULL);
	} else {
		FUZZ_CHECK(status == RL_OK);
		FUZZ_CHECK(new_commands(&server) == handshake_commands);
		check_in_step(conn, &server);
		FUZZ_CHECK(fixture_init(&f));
		for (i = 0; i < STEPS && !conn->broken; i++) {
			unsigned code = (data[1 + i / 2] >> (4 * (i % 2))) & 0xf;
			memset(err.message, 0, sizeof(err.message));
			status = run_step(conn, &f, code, &err);
			if (trace) {
				fprintf(stderr, "step %u: status %d%s %s\n", code, (int)status, conn->broken ? " (broken)" : "",
					err.message);
			}
			check_outcome(conn, status, &err);
			if (!conn->broken) {
				check_in_step(conn, &server);
			}
			/* on a broken connection some commands may be uncounted: never too many */
			FUZZ_CHECK(new_commands(&server) <= MAX_COMMANDS_PER_STEP);
		}
		fixture_free(&f);
		rl_conn_close(conn); /* closes sv[0]: the server sees end of file */
	}
	FUZZ_CHECK(pthread_join(thread, NULL) == 0);
	pthread_mutex_destroy(&server.lock);
	close(sv[1]);
	return 0;
}
