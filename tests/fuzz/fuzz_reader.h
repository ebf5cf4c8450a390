/* A hiredis reader set up as a connection's own (rl_conn_open.c): the targets parse what a connection would. */
#ifndef FUZZ_READER_H
#define FUZZ_READER_H

#include <stdlib.h>

#include "rl_conn.h"

typedef struct {
	redisReader *reader;
	rl_hiredis_reader_limit limit;
} fuzz_reader;

static inline fuzz_reader *fuzz_reader_create(void)
{
	fuzz_reader *r = calloc(1, sizeof(*r));
	if (r && !(r->reader = redisReaderCreate())) {
		free(r);
		return NULL;
	}
	if (r) {
		rl_hiredis_limit_reader(r->reader, &r->limit, RL_CONN_MAX_REPLY_ELEMENTS);
	}
	return r;
}

static inline void fuzz_reader_free(fuzz_reader *r)
{
	redisReaderFree(r->reader);
	free(r);
}

#endif /* FUZZ_READER_H */
