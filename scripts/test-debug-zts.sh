#!/usr/bin/env bash
# Memory and thread-safety check: builds a debug + ZTS PHP from Debian's own
# php8.2 source package (once; cached under /opt), builds the extension for it
# and runs the phpt suite there. A debug PHP prints "Memory leaks detected" for
# any emalloc'd block never freed, which run-tests.php counts as a failure; the
# ZTS build proves the globals and TSRMLS cache macros compile and work.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT
ensure_packages

# Without deb-src entries apt-cache showsrc fails: that is the cue to add them, not a reason to stop here.
source_versions() { { apt-cache showsrc php8.2 2>/dev/null || true; } | sed -n 's/^Version: //p' | sort -Vru; }
source_version() { source_versions | head -1; }
version=$(source_version)
prefix=/opt/php-debug-zts
if [ ! -x "$prefix/bin/php" ]; then
  if [ -z "$version" ]; then
    log "enabling Debian's deb-src entries to fetch the php8.2 source package"
    # The same archives and key as Debian 12's own deb entries (a different Signed-By for the same
    # URI breaks every later apt-get update), security updates included, so the source matches
    # the php8.2 that is installed.
    as_root tee /etc/apt/sources.list.d/redislock-deb-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    as_root apt-get update -qq || { log "apt-get update failed after adding the deb-src entries"; exit 1; }
    version=$(source_version)
  fi
  [ -n "$version" ] || { log "no php8.2 source package found in Debian's deb-src archives"; exit 1; }
  src="$RL_WORK_DIR/php-src"
  mkdir -p "$src" && cd "$src"
  # The newest version listed may not be on the mirror (seen: security sources answer 404): take the newest that is.
  fetched=
  for version in $(source_versions); do
    log "fetching php8.2 $version source"
    if apt-get source -qq --download-only "php8.2=$version" >"$RL_WORK_DIR/apt-source.log" 2>&1; then
      fetched=$version; break
    fi
    tail -3 "$RL_WORK_DIR/apt-source.log" >&2
    rm -f php8.2_*
  done
  [ -n "$fetched" ] || { log "could not download any php8.2 source package"; exit 1; }
  tar -xf php8.2_*.orig.tar.xz
  cd php-8.*/
  log "building a debug ZTS PHP (a few minutes)"
  ./configure --prefix="$prefix" --enable-debug --enable-zts --disable-all --disable-cgi --disable-phpdbg \
    --enable-cli --enable-pcntl --enable-posix >"$RL_WORK_DIR/php-configure.log" 2>&1 \
    || { tail -30 "$RL_WORK_DIR/php-configure.log"; log "configure of the debug ZTS PHP failed"; exit 1; }
  make -j"$(nproc)" >"$RL_WORK_DIR/php-make.log" 2>&1 || { tail -30 "$RL_WORK_DIR/php-make.log"; exit 1; }
  as_root make install >/dev/null
fi

build="$RL_WORK_DIR/ext-build"
mkdir -p "$build"
cd "$REPO_ROOT"
copy_sources "$build"
cd "$build"
"$prefix/bin/phpize" >/dev/null
./configure --with-php-config="$prefix/bin/php-config" --enable-redislock >"$RL_WORK_DIR/ext-configure.log" 2>&1
make -j"$(nproc)" >"$RL_WORK_DIR/ext-make.log" 2>&1 || { tail -30 "$RL_WORK_DIR/ext-make.log"; exit 1; }
if grep -E 'warning:' "$RL_WORK_DIR/ext-make.log"; then log "compiler warnings in the ZTS debug build"; exit 1; fi
log "$("$prefix/bin/php" -v | head -1)"

RL_PHP="$prefix/bin/php" RL_EXT="$build/modules/redislock.so" RL_WORK_DIR="$RL_WORK_DIR/suite" \
  bash "$REPO_ROOT/scripts/test.sh" "$@"
