/*
 * What every fuzz target here shares: an invariant that does not hold is a
 * finding, so it aborts (libFuzzer then saves the input that did it).
 */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: invariant violated: %s\n", __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

#endif /* FUZZ_CHECK_H */
