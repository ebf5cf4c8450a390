/* A hiredis reader set up as a connection's own (rl_conn.c): the targets parse what a connection would. */
#ifndef FUZZ_READER_H
#define FUZZ_READER_H

#include "rl_hiredis_compat.h"

static inline redisReader *fuzz_reader_create(void)
{
	return redisReaderCreate();
}

static inline void fuzz_reader_free(redisReader *reader)
{
	redisReaderFree(reader);
}

#endif /* FUZZ_READER_H */
