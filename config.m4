dnl redislock: distributed locks and semaphores on Redis, on hiredis.
dnl Sources live under ext/ (the shape xdebug uses for its subfolders).

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

  PHP_NEW_EXTENSION(redislock, m4_normalize([
      ext/redislock.c
      ext/php_redislock_client.c
      ext/php_redislock_lock.c
      ext/php_redislock_redlock.c
      ext/php_redislock_registry.c
      ext/php_redislock_semaphore.c
      ext/rl_conn.c
      ext/rl_fanout.c
      ext/rl_lock.c
      ext/rl_redlock.c
      ext/rl_route.c
      ext/rl_topology.c
      ext/rl_sentinel.c
      ext/rl_cluster.c
      ext/rl_semaphore.c
      ext/rl_reply.c
      ext/rl_server.c
      ext/rl_scripts.c
      ext/rl_slot.c
      ext/rl_wait.c
    ]), $ext_shared,, -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -fvisibility=hidden)
  PHP_ADD_BUILD_DIR([$ext_builddir/ext])
  PHP_ADD_INCLUDE([$ext_srcdir/ext])
fi
