/*
 * Randomness from the OS CSPRNG, through a per-process pool of bytes: owner
 * tokens nobody can guess, and the random spreads that keep waiters woken
 * together from retrying in step.
 */
#ifndef PHP_REDISLOCK_RANDOM_H
#define PHP_REDISLOCK_RANDOM_H

#include "php_redislock.h"

/* A random number in [min, max] (< 2^32 apart), for spreading retries; min if the CSPRNG fails. */
zend_long php_redislock_random_range(zend_long min, zend_long max);

/* Sleeps a random 0..max_us microseconds (so waiters woken together do not retry in step). */
void php_redislock_random_pause(zend_long max_us);

/* 128 bits from the OS CSPRNG as 32 hex chars: unguessable, so nobody can forge an owner. */
#define PHP_REDISLOCK_TOKEN_LEN 32
bool php_redislock_make_token(char out[PHP_REDISLOCK_TOKEN_LEN + 1]);

#endif /* PHP_REDISLOCK_RANDOM_H */
