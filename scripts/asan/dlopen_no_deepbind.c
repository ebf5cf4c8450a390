/*
 * Preloaded by scripts/test-asan.sh into the PHP processes of the sanitizer pass,
 * ahead of the ASan runtime.
 *
 * Debian's php was not built with ASan, so it loads extensions with
 * dlopen(RTLD_DEEPBIND) (DL_LOAD in Zend/zend_portability.h). A DEEPBIND library
 * resolves malloc and free in its own dependencies (libc) before the preloaded
 * runtime, which would split allocations between two allocators; the ASan
 * runtime therefore refuses such a dlopen and exits. Dropping the flag makes the
 * sanitized extension bind to the runtime's malloc like every other library.
 * Nothing in the extension needs DEEPBIND: it exports only get_module
 * (-fvisibility=hidden).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

typedef void *(*rl_dlopen_fn)(const char *file, int mode);

void *dlopen(const char *file, int mode)
{
	static rl_dlopen_fn next_dlopen;

	if (next_dlopen == NULL) {
		next_dlopen = (rl_dlopen_fn)dlsym(RTLD_NEXT, "dlopen");
	}
	return next_dlopen(file, mode & ~RTLD_DEEPBIND);
}
