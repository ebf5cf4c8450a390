# Shared by scripts/demo.sh, scripts/test.sh and bench/run.sh: install what is
# missing, build the extension, run private redis-servers on free loopback ports.
# shellcheck shell=bash

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RL_WORK_DIR=${RL_WORK_DIR:-$(mktemp -d /tmp/redislock.XXXXXX)}
RL_REDIS_PIDS=()

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The Debian packages each command needs, and no more (a package that starts a service or pulls
# in hundreds of megabytes is not installed for a command that never uses it):
# building the extension;
RL_PACKAGES_BUILD=(php-dev php-cli libhiredis-dev pkg-config build-essential)
# the demo (demo/flash_sale.php speaks RESP itself; redis-server brings redis-tools);
RL_PACKAGES_DEMO=("${RL_PACKAGES_BUILD[@]}" redis-server)
# what the web demo adds: the pool, its web server, the load generator (ab), phpredis for the
# userland lock it compares, gnuplot for its latency plot;
RL_PACKAGES_WEB=(php-fpm nginx apache2-utils php-redis gnuplot-nox)
# the test suite (scripts/test.sh; its FPM and web tests run php-fpm behind nginx under ab; the
# valgrind pass adds valgrind; the framework bridges' tests their frameworks, below); the default
# of ensure_packages. The benchmarks add phpredis and symfony/lock (their peers) and gnuplot
# (bench/run.sh), the PECL check php-pear.
RL_PACKAGES=("${RL_PACKAGES_BUILD[@]}" redis-server redis-tools redis-sentinel php-fpm nginx apache2-utils)

# RL_SERVER=valkey: the same, against Valkey instead of Redis (Debian 13's valkey-server,
# valkey-tools and valkey-sentinel take the place of Redis's three packages). Debian ships
# Valkey under its own names only, and every script and test starts redis-server and
# redis-cli: use_server_binaries points those two names at Valkey's from a directory first
# on PATH (no redis-sentinel name: the Sentinels then start as redis-server --sentinel).
RL_SERVER=${RL_SERVER:-redis}
if [ "$RL_SERVER" = valkey ]; then
  RL_PACKAGES=("${RL_PACKAGES[@]/#redis-/valkey-}")
fi
# RL_PHP_VERSION=8.5: Debian's packages of that PHP (php8.5-dev, -cli, -fpm) in place of the
# release's default ones (php-dev...): PHP 8.5 from experimental in an unstable root.
if [ -n "${RL_PHP_VERSION:-}" ]; then
  RL_PACKAGES_BUILD=("${RL_PACKAGES_BUILD[@]/#php-/php$RL_PHP_VERSION-}")
  RL_PACKAGES=("${RL_PACKAGES[@]/#php-/php$RL_PHP_VERSION-}")
fi
# The frameworks the bridges (bridge/) are tested against, from the release's packages (Debian 12:
# symfony/lock 5.4, Laravel 8; 13: 6.4, 10; unstable: 7.4, 13), and mbstring, which Laravel's
# Carbon needs (the tests load it: run-tests.php runs PHP with -n). Added after the PHP version's
# renaming above: they are named php-* whatever PHP runs them.
RL_PACKAGES_FRAMEWORKS=(php-symfony-lock php-laravel-framework)
RL_PACKAGES+=("php${RL_PHP_VERSION:-}-mbstring" "${RL_PACKAGES_FRAMEWORKS[@]}")
use_server_binaries() {
  [ "$RL_SERVER" = valkey ] || return 0
  local bin="$RL_WORK_DIR/server-bin" name
  mkdir -p "$bin"
  for name in server cli; do
    command -v "valkey-$name" >/dev/null || { log "no valkey-$name on PATH"; return 1; }
    ln -sf "$(command -v "valkey-$name")" "$bin/redis-$name"
  done
  export PATH="$bin:$PATH"
  log "server: $(redis-server --version | cut -d' ' -f1-3) (as redis-server)"
}

# The packages of the release's default clang with its sanitizer runtimes and llvm-symbolizer
# (Debian 12: clang-14, libclang-rt-14-dev, llvm-14; Debian 13: 19): their names carry the
# version, so it is read from what the `clang` package depends on.
clang_packages() {
  local major= try
  for try in lists fetched; do
    major=$(apt-cache depends clang 2>/dev/null | sed -n 's/^ *Depends: clang-\([0-9][0-9]*\)$/\1/p' | head -1)
    [ -n "$major" ] || [ "$try" = fetched ] || command -v clang >/dev/null && break
    # no package lists yet (a fresh root): fetch them, then ask again
    apt_update >&2
  done
  [ -n "$major" ] || major=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9][0-9]*\).*/\1/p' | head -1)
  echo "clang libclang-rt-${major:-14}-dev llvm-${major:-14}"
}

# apt_update: apt-get update, unless the package lists were fetched in the last ten minutes
# (on a machine without lists, clang_packages fetches them and CI's install right after would
# fetch them again).
apt_update() {
  [ -n "$(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -mmin -10 2>/dev/null | head -1)" ] && return 0
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
}

# ensure_packages [PKG...]: installs those of PKG (default: RL_PACKAGES) not installed yet.
ensure_packages() {
  local missing=() p
  [ $# -gt 0 ] || set -- "${RL_PACKAGES[@]}"
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  apt_update
  install_without_services "${missing[@]}"
}

# System services a package ships (redis-server, redis-sentinel, php8.x-fpm, nginx) are not
# what these commands need: each starts private servers on free loopback ports. Debian starts
# and enables a service when its package is installed, and Debian's own sentinel.conf listens
# on every interface without protected mode. So while installing, policy-rc.d forbids every
# start (unless one is in place already: a container's, or a root's from debian-root.sh), and
# every service unit or init script the install added is then disabled (and stopped, if it
# runs): none is left enabled or listening. Services that were there before are not touched.
service_files() {
  ls -1 /lib/systemd/system/*.service /etc/init.d/* 2>/dev/null | sort || true
}
install_without_services() {
  local before after added f name names=() policy=/usr/sbin/policy-rc.d ours=0 rc=0
  before=$(service_files)
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# scripts/lib.sh: no service starts while it installs packages\nexit 101\n' \
      | as_root tee "$policy" >/dev/null
    ours=1
    RL_POLICY_RC_OURS=1
    as_root chmod 755 "$policy"
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null || rc=$?
  [ "$ours" = 0 ] || { as_root rm -f "$policy"; RL_POLICY_RC_OURS=; }
  after=$(service_files)
  added=$(comm -13 <(printf '%s\n' "$before") <(printf '%s\n' "$after") | sed '/^$/d')
  for f in $added; do
    name=$(basename "$f")
    # a template unit (redis-server@.service) runs only as a named instance, which nothing made
    [[ $name == *@.service ]] && continue
    case $f in
      */systemd/system/*)
        if command -v systemctl >/dev/null; then
          as_root systemctl disable --quiet "$name" 2>/dev/null || true
          [ ! -d /run/systemd/system ] || as_root systemctl stop "$name" 2>/dev/null || true
        fi ;;
      /etc/init.d/*)
        as_root update-rc.d "$name" disable >/dev/null 2>&1 || true
        as_root "$f" stop >/dev/null 2>&1 || true ;;
    esac
    names+=("${name%.service}")
  done
  [ ${#names[@]} -eq 0 ] || log "installed, not enabled nor started: $(printf '%s\n' "${names[@]}" | sort -u | tr '\n' ' ')"
  return "$rc"
}

# Builds modules/redislock.so in the repository (phpize, configure, make).
build_extension() {
  cd "$REPO_ROOT"
  if [ ! -f configure ] || [ config.m4 -nt configure ]; then
    log "phpize"
    phpize >/dev/null
  fi
  if [ ! -f Makefile ] || [ configure -nt Makefile ]; then
    log "configure"
    ./configure --enable-redislock ${RL_CONFIGURE_FLAGS:-} >"$RL_WORK_DIR/configure.log" 2>&1 \
      || { tail -30 "$RL_WORK_DIR/configure.log"; return 1; }
  fi
  log "make"
  make -j"$(nproc)" >"$RL_WORK_DIR/make.log" 2>&1 || { tail -40 "$RL_WORK_DIR/make.log"; return 1; }
  grep -E 'warning:' "$RL_WORK_DIR/make.log" >&2 || true
  RL_EXT="$REPO_ROOT/modules/redislock.so"
  export RL_EXT
}

# copy_sources DEST: config.m4, config.w32 and ext/'s sources, without build
# outputs, for a build of its own (ASan, debug ZTS). Only sources are read, so
# it is safe while another stage runs make in the repository.
copy_sources() {
  mkdir -p "$1"
  (cd "$REPO_ROOT" && find config.m4 config.w32 ext \( -name '*.lo' -o -name '*.o' -o -name '*.la' -o -name '*.dep' \
      -o -name .libs -o -name .deps \) -prune -o -type f -print0 | tar --null -T - -cf -) | tar -C "$1" -xf -
}

free_port() {
  php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo substr(strrchr(stream_socket_get_name($s, false), ":"), 1);'
}

# launch_redis PORT DIR [extra redis-server args...]: starts a redis-server on
# loopback PORT (files in DIR), remembered for cleanup, and waits until it
# answers; its log on stderr if it does not.
launch_redis() {
  local _port=$1 _dir=$2 _i _pid; shift 2
  mkdir -p "$_dir"
  : >>"$_dir/redis.log"
  local _from; _from=$(stat -c %s "$_dir/redis.log")  # a restart appends: only what this start logs counts
  redis-server --port "$_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$_dir" \
    --daemonize no --logfile "$_dir/redis.log" "$@" &
  _pid=$!
  RL_REDIS_PIDS+=("$_pid")
  # Started when its own log says so, not when the port answers: a port free_port found free is
  # free only until someone else takes it (suites run side by side), and then a PING reaches them
  # while this server logs "Address already in use" and exits. That case returns 2 (try another port).
  for _i in $(seq 1 200); do
    if tail -c +$((_from + 1)) "$_dir/redis.log" | grep -q 'Address already in use'; then
      wait "$_pid" 2>/dev/null; return 2
    fi
    kill -0 "$_pid" 2>/dev/null || break
    tail -c +$((_from + 1)) "$_dir/redis.log" | grep -q 'Ready to accept connections' && return 0
    sleep 0.05
  done
  log "redis-server on port $_port did not start"; cat "$_dir/redis.log" >&2; return 1
}

# start_redis VAR [extra redis-server args...]: starts a redis-server on a free
# loopback port (with a unix socket too) and stores the port in VAR.
start_redis() {
  local _var=$1 _port _dir _try _rc; shift
  for _try in 1 2 3; do
    _port=$(free_port)
    _dir="$RL_WORK_DIR/redis-$_port"
    launch_redis "$_port" "$_dir" --unixsocket "$_dir/redis.sock" --unixsocketperm 700 "$@" && _rc=0 || _rc=$?
    [ $_rc -eq 0 ] && { printf -v "$_var" '%s' "$_port"; return 0; }
    [ $_rc -eq 2 ] || return 1   # port lost to another process: another one
  done
  log "redis-server: three ports in a row were taken before it could bind them"; return 1
}

# stop_redis_all [KEEP]: stops every server we started but the first KEEP (default 0).
stop_redis_all() {
  local keep=${1:-0} pid
  for pid in "${RL_REDIS_PIDS[@]:$keep}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${RL_REDIS_PIDS[@]:$keep}"; do wait "$pid" 2>/dev/null || true; done
  RL_REDIS_PIDS=("${RL_REDIS_PIDS[@]:0:$keep}")
}

cleanup() {
  # an install interrupted (Ctrl-C) must not leave our policy-rc.d forbidding every service start
  [ -z "${RL_POLICY_RC_OURS:-}" ] || as_root rm -f /usr/sbin/policy-rc.d
  stop_redis_all
  [ -n "${RL_KEEP_WORK_DIR:-}" ] || rm -rf "$RL_WORK_DIR"
}
