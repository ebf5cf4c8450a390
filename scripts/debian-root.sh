# Debian roots made with debootstrap, for CI's platform stages: a fresh
# Debian 12 as a new user has it, and Debian 13 (PHP 8.4, hiredis 1.2, Redis 8).
# Sourced after lib.sh by scripts/test-fresh-debian12.sh and scripts/test-debian13.sh.
# shellcheck shell=bash

# Pristine roots are kept as tarballs here between local runs (never in the
# repository); a tarball older than a week is made again, so point releases arrive.
RL_ROOT_CACHE=${RL_ROOT_CACHE:-/var/cache/redislock-roots}
RL_DEBIAN_MIRROR=${RL_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# root_pristine SUITE DIR: DIR becomes a minimal Debian SUITE (debootstrap
# --variant=minbase: apt and a shell, nothing else) with its security and
# updates archives, unpacked from the cache or bootstrapped anew.
root_pristine() {
  local suite=$1 dir=$2 tarball="$RL_ROOT_CACHE/$1-minbase.tar"
  command -v debootstrap >/dev/null || {
    log "installing debootstrap"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null \
      || { log "cannot install debootstrap"; return 1; }
  }
  as_root mkdir -p "$RL_ROOT_CACHE" "$dir"
  # CI runs two stages on one suite side by side (debian13, valkey): one makes the tarball, the
  # other waits for it (flock needs only a read-only descriptor: a sudo user can hold it too)
  local lock_fd
  as_root touch "$RL_ROOT_CACHE/$suite.lock"
  exec {lock_fd}<"$RL_ROOT_CACHE/$suite.lock"
  flock "$lock_fd"
  if [ -z "$(find "$tarball" -mtime -7 2>/dev/null)" ]; then
    local fresh="$RL_ROOT_CACHE/$suite.new"
    as_root rm -rf "$fresh"
    log "debootstrap $suite (minbase) from $RL_DEBIAN_MIRROR"
    as_root debootstrap --variant=minbase "$suite" "$fresh" "$RL_DEBIAN_MIRROR" >"$RL_WORK_DIR/debootstrap-$suite.log" 2>&1 \
      || { tail -20 "$RL_WORK_DIR/debootstrap-$suite.log" >&2; log "debootstrap $suite failed (see above)"; return 1; }
    as_root tar -C "$fresh" -cf "$tarball.tmp" . && as_root mv "$tarball.tmp" "$tarball"
    as_root rm -rf "$fresh"
  fi
  exec {lock_fd}<&-
  as_root tar -C "$dir" -xf "$tarball"
  # What a Debian install has and debootstrap leaves out: the security and
  # updates archives (the host's PHP comes from bookworm-security, for one).
  as_root tee "$dir/etc/apt/sources.list" >/dev/null <<EOF
deb $RL_DEBIAN_MIRROR $suite main
deb $RL_DEBIAN_MIRROR $suite-updates main
deb ${RL_DEBIAN_MIRROR%/debian}/debian-security $suite-security main
EOF
  as_root cp /etc/resolv.conf "$dir/etc/resolv.conf"
  # Packages must not start services in a root (redis-server, php-fpm): the
  # tests start their own, on ports they choose.
  printf '#!/bin/sh\nexit 101\n' | as_root tee "$dir/usr/sbin/policy-rc.d" >/dev/null
  as_root chmod 755 "$dir/usr/sbin/policy-rc.d"
}

# root_copy_repo DIR PATH [OWNER]: the repository's tracked files (what a clone
# has) at PATH inside the root, owned by OWNER (a user of the root) if given.
root_copy_repo() {
  local dir=$1 path=$2 owner=${3:-}
  as_root mkdir -p "$dir$path"
  (cd "$REPO_ROOT" && git ls-files -z | tar --null -T - -cf -) | as_root tar -C "$dir$path" -xf -
  [ -z "$owner" ] || root_run "$dir" chown -R "$owner:" "$path"
}

# root_run DIR CMD...: CMD as root inside the root, with /proc, /sys and /dev
# mounted in a mount namespace of its own and unmounted afterwards. The network
# is the host's: servers started inside listen on the host's loopback.
# The namespace's mounts are private, so nothing can stay mounted on the host
# even when CMD is killed; but when this itself runs in a chroot (CI tried in a
# debootstrap root), "/" is no mount point and cannot be made private: there
# the mounts are shared with the host's namespace and only the unmount undoes them.
root_run() {
  local dir=$1 propagation=private; shift
  mountpoint -q / || propagation=unchanged
  as_root unshare --mount --propagation "$propagation" -- sh -c '
    r=$1; shift
    mount -t proc proc "$r/proc" && mount -t sysfs sys "$r/sys" && mount --rbind /dev "$r/dev" \
      || { echo "root_run: cannot mount /proc, /sys, /dev in $r" >&2; exit 1; }
    chroot "$r" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 TERM=dumb "$@"
    rc=$?
    umount -R -l "$r/dev" "$r/sys" "$r/proc" 2>/dev/null
    exit $rc' sh "$dir" "$@"
}

# root_suite DIR PLATFORM SERVER [VAR=VALUE...] -- [run-tests.php args]: the repository (copied in
# first) runs scripts/test.sh (or RL_SUITE_SCRIPT, e.g. scripts/test-asan.sh) inside the root with
# those variables; prints the platform's versions (PHP, hiredis, SERVER-server) and the suite's last
# line, or the end of its log and fails.
root_suite() {
  local dir=$1 platform=$2 server=$3 vars=()
  shift 3
  while [ $# -gt 0 ] && [ "$1" != -- ]; do vars+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  root_copy_repo "$dir" /src
  root_run "$dir" env "${vars[@]}" RL_VERSION_OF="$server-server" RL_SUITE="${RL_SUITE_SCRIPT:-scripts/test.sh}" \
    bash -c 'cd /src && bash "$RL_SUITE" "$@" > /tmp/suite.log 2>&1; rc=$?
    echo "PHP $(php -r "echo PHP_VERSION;"), hiredis $(dpkg-query -W -f="\${Version}" libhiredis-dev), $("$RL_VERSION_OF" --version | cut -d" " -f1-3)"
    tail -1 /tmp/suite.log > /tmp/last; exit $rc' bash "$@" \
    || { tail -80 "$dir/tmp/suite.log"; log "the suite failed on $platform (above: the end of its log)"; return 1; }
  cat "$dir/tmp/last"
}

# root_pids DIR [COMMAND-REGEX]: the pids of the processes running inside the root (their
# root directory is DIR), of those whose command name matches the regex if one is given.
root_pids() {
  local pid comm
  ps -eo pid=,comm= | while read -r pid comm; do
    [[ $comm =~ ${2:-.} ]] && [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$1" ] && echo "$pid"
  done
  return 0
}

# root_remove DIR: deletes a root made by root_pristine (nothing is mounted in it).
root_remove() {
  [ -n "${1:-}" ] && [ "$1" != / ] || return 0
  # first every process still running in it (a service a package started, a server a failed
  # test left): it would hold the host's ports and the root's files
  local pid
  for pid in $(root_pids "$1"); do as_root kill -9 "$pid" 2>/dev/null; done
  as_root rm -rf --one-file-system "$1"
}
