/* Counters for operators, and the slow-wait log line (php_redislock_stats.h). */
#include <stddef.h>

#include "php_redislock.h"
#include "php_redislock_stats.h"
#include "ext/standard/info.h"
#include "ext/standard/php_string.h"

/* From a fast hand-over (under a millisecond) to the longest waits web requests allow. */
const double php_redislock_wait_bucket_le[PHP_REDISLOCK_WAIT_BUCKETS] = {
	0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
};

/* The constant names of RedisLockException's codes, by code (0: none). */
static const char *const error_names[PHP_REDISLOCK_ERROR_CODES] = {
	NULL, "CONNECT_FAILED", "AUTH_FAILED", "READ_TIMEOUT", "CONNECTION_LOST", "SERVER_ERROR", "PROTOCOL_ERROR",
	"NO_QUORUM", "NO_ROUTE", "TOO_MANY_REDIRECTS", "OUT_OF_MEMORY", "HELD_LOCALLY"
};

php_redislock_stats *php_redislock_stats_of(php_redislock_stats_kind kind)
{
	return &REDISLOCK_G(stats)[kind];
}

zend_long php_redislock_error_code(rl_status status)
{
	/* the values of RedisLockException's constants (the stub): a public contract, never renumbered */
	switch (status) {
		case RL_ERR_CONNECT:   return 1;  /* CONNECT_FAILED */
		case RL_ERR_AUTH:      return 2;  /* AUTH_FAILED */
		case RL_ERR_TIMEOUT:   return 3;  /* READ_TIMEOUT */
		case RL_ERR_IO:        return 4;  /* CONNECTION_LOST */
		case RL_ERR_SERVER:    return 5;  /* SERVER_ERROR */
		case RL_ERR_PROTOCOL:  return 6;  /* PROTOCOL_ERROR */
		case RL_ERR_QUORUM:    return 7;  /* NO_QUORUM */
		case RL_ERR_ROUTE:     return 8;  /* NO_ROUTE */
		case RL_ERR_REDIRECTS: return 9;  /* TOO_MANY_REDIRECTS */
		case RL_ERR_NOMEM:     return 10; /* OUT_OF_MEMORY */
		case RL_ERR_HELD_LOCALLY: return 11; /* HELD_LOCALLY */
		case RL_OK:            break;
	}
	return 0; /* not an error: never thrown */
}

void php_redislock_stats_error(php_redislock_stats_kind kind, rl_status status)
{
	zend_long code = php_redislock_error_code(status);
	if (code > 0 && code < PHP_REDISLOCK_ERROR_CODES) {
		php_redislock_stats_of(kind)->errors[code]++;
	}
}

static const char *outcome_text(php_redislock_outcome outcome, double timeout)
{
	switch (outcome) {
		case PHP_REDISLOCK_OUTCOME_ACQUIRED:         return "acquired";
		case PHP_REDISLOCK_OUTCOME_NOT_ACQUIRED:     return timeout > 0 ? "timed out" : "busy";
		case PHP_REDISLOCK_OUTCOME_REFUSED_REPLICAS: return "refused (too few replicas acknowledged)";
		case PHP_REDISLOCK_OUTCOME_FAILED:           return "failed (RedisLockException)";
	}
	return "?";
}

void php_redislock_stats_acquire_end(php_redislock_stats_kind kind, const zend_string *name, uint64_t started_ns,
		bool waited, double timeout, php_redislock_outcome outcome)
{
	php_redislock_stats *s = php_redislock_stats_of(kind);
	uint64_t wait_ns;
	double seconds;
	int b;

	switch (outcome) {
		case PHP_REDISLOCK_OUTCOME_ACQUIRED:
			s->acquired++;
			s->acquired_after_wait += waited;
			break;
		case PHP_REDISLOCK_OUTCOME_NOT_ACQUIRED:
			if (timeout > 0) {
				s->timeouts++;
			} else {
				s->busy++;
			}
			break;
		case PHP_REDISLOCK_OUTCOME_REFUSED_REPLICAS:
			s->refused_replicas++;
			break;
		case PHP_REDISLOCK_OUTCOME_FAILED:
			break; /* counted by its code as it is thrown */
	}
	if (!waited) {
		return;
	}
	wait_ns = php_redislock_now_ns() - started_ns;
	seconds = (double)wait_ns / 1e9;
	s->waits++;
	s->wait_ns_sum += wait_ns;
	for (b = 0; b < PHP_REDISLOCK_WAIT_BUCKETS && seconds > php_redislock_wait_bucket_le[b]; b++) {
	}
	s->wait_buckets[b]++;
	if (REDISLOCK_G(slow_wait_ms) > 0 && wait_ns >= (uint64_t)REDISLOCK_G(slow_wait_ms) * 1000000ULL) {
		s->slow_waits++;
		/* the name is the caller's (any bytes): shown escaped, and cut short */
		zend_string *shown = php_addcslashes_str(ZSTR_VAL(name), MIN(ZSTR_LEN(name), 200), "\\\"\0..\37\177..\377",
			sizeof("\\\"\0..\37\177..\377") - 1);
		char *line;
		spprintf(&line, 0, "redislock: slow wait: %s \"%s\"%s waited %.3f s (redislock.slow_wait_ms %ld): %s",
			kind == PHP_REDISLOCK_STATS_LOCK ? "lock" : "semaphore", ZSTR_VAL(shown), ZSTR_LEN(name) > 200 ? "..." : "",
			seconds, (long)REDISLOCK_G(slow_wait_ms), outcome_text(outcome, timeout));
		php_log_err(line);
		efree(line);
		zend_string_release(shown);
	}
}

/*
 * What stats() returns and phpinfo() shows, in order: one table, so that a
 * counter's name is written once. A plain counter is read at its offset; the
 * wait histogram (sum and buckets) and the errors by code are rows of their own.
 */
typedef enum { ENTRY_COUNTER, ENTRY_WAIT_SUM, ENTRY_WAIT_BUCKETS, ENTRY_ERRORS } entry_kind;

static const struct {
	const char *name;
	entry_kind kind;
	size_t offset; /* ENTRY_COUNTER: of its uint64_t in php_redislock_stats */
} entries[] = {
#define COUNTER(name, field) { name, ENTRY_COUNTER, offsetof(php_redislock_stats, field) }
	COUNTER("acquired", acquired),
	COUNTER("acquired_after_wait", acquired_after_wait),
	COUNTER("busy", busy),
	COUNTER("timeouts", timeouts),
	COUNTER("refused_replicas", refused_replicas),
	COUNTER("lost", lost),
	COUNTER("released_at_request_end", released_at_end),
	COUNTER("waits", waits),
	{ "wait_seconds_sum", ENTRY_WAIT_SUM, 0 },
	{ "wait_seconds_buckets", ENTRY_WAIT_BUCKETS, 0 },
	COUNTER("slow_waits", slow_waits),
	{ "errors", ENTRY_ERRORS, 0 },
	COUNTER("connects", connects),
	COUNTER("connections_discarded", discarded),
#undef COUNTER
};

static uint64_t counter_at(const php_redislock_stats *s, size_t offset)
{
	return *(const uint64_t *)((const char *)s + offset);
}

/* A bucket's "le" label: its upper bound in seconds, or "+Inf" for the last. */
static void bucket_label(int i, char *out, size_t size)
{
	if (i < PHP_REDISLOCK_WAIT_BUCKETS) {
		snprintf(out, size, "%g", php_redislock_wait_bucket_le[i]);
	} else {
		snprintf(out, size, "+Inf");
	}
}

void php_redislock_stats_to_array(php_redislock_stats_kind kind, zval *array)
{
	const php_redislock_stats *s = php_redislock_stats_of(kind);
	zval sub;
	uint64_t cumulative = 0;
	size_t e;
	int i;

	array_init(array);
	for (e = 0; e < sizeof(entries) / sizeof(entries[0]); e++) {
		switch (entries[e].kind) {
			case ENTRY_COUNTER:
				add_assoc_long(array, entries[e].name, (zend_long)counter_at(s, entries[e].offset));
				break;
			case ENTRY_WAIT_SUM:
				add_assoc_double(array, entries[e].name, (double)s->wait_ns_sum / 1e9);
				break;
			case ENTRY_WAIT_BUCKETS:
				/* cumulative, as Prometheus' histograms count: "le" => waits that took at most that long */
				array_init(&sub);
				for (i = 0; i <= PHP_REDISLOCK_WAIT_BUCKETS; i++) {
					char le[32];
					cumulative += s->wait_buckets[i];
					bucket_label(i, le, sizeof(le));
					add_assoc_long(&sub, le, (zend_long)cumulative);
				}
				add_assoc_zval(array, entries[e].name, &sub);
				break;
			case ENTRY_ERRORS:
				array_init(&sub);
				for (i = 1; i < PHP_REDISLOCK_ERROR_CODES; i++) {
					add_assoc_long(&sub, error_names[i], (zend_long)s->errors[i]);
				}
				add_assoc_zval(array, entries[e].name, &sub);
				break;
		}
	}
}

static void info_row(const char *name, uint64_t locks, uint64_t semaphores)
{
	char a[24], b[24];
	snprintf(a, sizeof(a), "%" PRIu64, locks);
	snprintf(b, sizeof(b), "%" PRIu64, semaphores);
	php_info_print_table_row(3, name, a, b);
}

void php_redislock_stats_info(void)
{
	const php_redislock_stats *l = php_redislock_stats_of(PHP_REDISLOCK_STATS_LOCK);
	const php_redislock_stats *m = php_redislock_stats_of(PHP_REDISLOCK_STATS_SEMAPHORE);
	uint64_t cl = 0, cm = 0;
	char name[64], a[32], b[32];
	size_t e;
	int i;

	php_info_print_table_start();
	php_info_print_table_colspan_header(3, "Counters of this process (stats())");
	php_info_print_table_header(3, "counter", "locks", "semaphores");
	for (e = 0; e < sizeof(entries) / sizeof(entries[0]); e++) {
		switch (entries[e].kind) {
			case ENTRY_COUNTER:
				info_row(entries[e].name, counter_at(l, entries[e].offset), counter_at(m, entries[e].offset));
				break;
			case ENTRY_WAIT_SUM:
				snprintf(a, sizeof(a), "%.6f", (double)l->wait_ns_sum / 1e9);
				snprintf(b, sizeof(b), "%.6f", (double)m->wait_ns_sum / 1e9);
				php_info_print_table_row(3, entries[e].name, a, b);
				break;
			case ENTRY_WAIT_BUCKETS:
				for (i = 0; i <= PHP_REDISLOCK_WAIT_BUCKETS; i++) {
					char le[32];
					cl += l->wait_buckets[i];
					cm += m->wait_buckets[i];
					bucket_label(i, le, sizeof(le));
					snprintf(name, sizeof(name), "%s[%s]", entries[e].name, le);
					info_row(name, cl, cm);
				}
				break;
			case ENTRY_ERRORS:
				for (i = 1; i < PHP_REDISLOCK_ERROR_CODES; i++) {
					snprintf(name, sizeof(name), "%s[%s]", entries[e].name, error_names[i]);
					info_row(name, l->errors[i], m->errors[i]);
				}
				break;
		}
	}
	php_info_print_table_end();
}
