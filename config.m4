dnl redislock: distributed locks and semaphores on Redis, on hiredis.
dnl Sources live under ext/, one folder per layer (the shape xdebug uses for src/<area>/).

PHP_ARG_ENABLE([redislock],
  [whether to enable redislock],
  [AS_HELP_STRING([--enable-redislock], [Enable redislock support])])

PHP_ARG_WITH([hiredis],
  [for hiredis],
  [AS_HELP_STRING([[--with-hiredis[=DIR]]], [redislock: hiredis install prefix (default: pkg-config)])],
  [yes], [no])

if test "$PHP_REDISLOCK" != "no"; then
  dnl hiredis: an explicit prefix wins; otherwise pkg-config; otherwise the usual prefixes.
  if test "$PHP_HIREDIS" != "yes" && test "$PHP_HIREDIS" != "no" && test -n "$PHP_HIREDIS"; then
    if test ! -r "$PHP_HIREDIS/include/hiredis/hiredis.h"; then
      AC_MSG_ERROR([hiredis.h not found in $PHP_HIREDIS/include/hiredis])
    fi
    HIREDIS_CFLAGS="-I$PHP_HIREDIS/include"
    HIREDIS_LIBDIR="$PHP_HIREDIS/$PHP_LIBDIR"
    test -d "$HIREDIS_LIBDIR" || HIREDIS_LIBDIR="$PHP_HIREDIS/lib"
    HIREDIS_LIBS="-L$HIREDIS_LIBDIR -lhiredis"
  else
    PKG_CHECK_MODULES([HIREDIS], [hiredis >= 0.14], [], [
      for dir in /usr/local /usr; do
        if test -r "$dir/include/hiredis/hiredis.h"; then
          HIREDIS_CFLAGS="-I$dir/include"
          HIREDIS_LIBS="-lhiredis"
          break
        fi
      done
      if test -z "$HIREDIS_LIBS"; then
        AC_MSG_ERROR([hiredis not found: install libhiredis-dev or pass --with-hiredis=DIR])
      fi
    ])
  fi

  dnl hiredis's pkg-config file gives -I.../include/hiredis; our sources include <hiredis/hiredis.h>,
  dnl so also add the parent directory.
  for flag in $HIREDIS_CFLAGS; do
    case "$flag" in
      -I*/hiredis) PHP_EVAL_INCLINE([$flag ${flag%/hiredis}]) ;;
      -I*) PHP_EVAL_INCLINE([$flag]) ;;
    esac
  done
  PHP_EVAL_LIBLINE([$HIREDIS_LIBS], REDISLOCK_SHARED_LIBADD)

  old_CFLAGS=$CFLAGS; old_LIBS=$LIBS
  CFLAGS="$CFLAGS $INCLUDES"; LIBS="$LIBS $REDISLOCK_SHARED_LIBADD"
  AC_MSG_CHECKING([that hiredis links])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <hiredis/hiredis.h>]],
      [[redisContext *c = redisConnectUnix("/nonexistent"); redisFree(c);]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_ERROR([cannot link against hiredis ($HIREDIS_LIBS)])])
  CFLAGS=$old_CFLAGS; LIBS=$old_LIBS

  PHP_SUBST(REDISLOCK_SHARED_LIBADD)

  dnl The sources are in three layers (ext/README.md): ext/php (the PHP classes), ext/core
  dnl (the lock, semaphore, wait and Redlock protocols) and ext/net (connections, replies,
  dnl routing). A file finds the headers of its own folder by itself; each layer is given
  dnl the include paths of the layers below it and no others, so an include of an upper
  dnl layer from a lower one does not compile (scripts/check-layers.sh says why).
  redislock_net_sources="ext/net/rl_conn.c ext/net/rl_conn_open.c ext/net/rl_conn_io.c ext/net/rl_reply.c
      ext/net/rl_server.c ext/net/rl_fanout.c ext/net/rl_route.c ext/net/rl_topology.c ext/net/rl_sentinel.c
      ext/net/rl_cluster.c ext/net/rl_slot.c"
  redislock_core_sources="ext/core/rl_lock.c ext/core/rl_rwlock.c ext/core/rl_semaphore.c ext/core/rl_wait.c ext/core/rl_redlock.c
      ext/core/rl_scripts.c ext/core/rl_local.c"
  redislock_php_sources="ext/php/redislock.c ext/php/php_redislock_client.c ext/php/php_redislock_options.c
      ext/php/php_redislock_pool.c ext/php/php_redislock_route.c ext/php/php_redislock_args.c
      ext/php/php_redislock_random.c ext/php/php_redislock_wait.c ext/php/php_redislock_release.c ext/php/php_redislock_stats.c
      ext/php/php_redislock_lock.c ext/php/php_redislock_lock_multi.c ext/php/php_redislock_redlock.c
      ext/php/php_redislock_registry.c ext/php/php_redislock_semaphore.c
      ext/php/php_redislock_local.c ext/php/php_redislock_lock_local.c"
  redislock_cflags="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden"

  PHP_NEW_EXTENSION(redislock, $redislock_php_sources, $ext_shared,,
    [$redislock_cflags -I@ext_srcdir@/ext/core -I@ext_srcdir@/ext/net])
  dnl the lower layers join the same module (PHP_NEW_EXTENSION's own two cases: shared or built in)
  if test "$ext_shared" = "shared" || test "$ext_shared" = "yes"; then
    PHP_ADD_SOURCES_X([$ext_dir], [$redislock_core_sources],
      [$redislock_cflags -DZEND_COMPILE_DL_EXT=1 -I$ext_srcdir/ext/net], [shared_objects_redislock], [yes])
    PHP_ADD_SOURCES_X([$ext_dir], [$redislock_net_sources],
      [$redislock_cflags -DZEND_COMPILE_DL_EXT=1], [shared_objects_redislock], [yes])
  else
    PHP_ADD_SOURCES([$ext_dir], [$redislock_core_sources], [$redislock_cflags -I$ext_srcdir/ext/net])
    PHP_ADD_SOURCES([$ext_dir], [$redislock_net_sources], [$redislock_cflags])
  fi
  PHP_ADD_BUILD_DIR([$ext_builddir/ext/php $ext_builddir/ext/core $ext_builddir/ext/net])
fi
