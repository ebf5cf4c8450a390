#!/usr/bin/env bash
# README's promise, checked where it is made: on a fresh Debian 12 (a minimal
# root made with debootstrap: apt and a shell, nothing else), a clone of this
# repository and README's two set-up commands, run by a user with sudo (so that
# their package installs go through sudo). Each command must succeed; the test
# command's last line must report no failure. The sudo user also runs the web
# demo (scripts/demo.sh --web). Root's way through the same scripts (packages
# installed without sudo, a build and the suite as root) is the Debian 13
# stage's, in a root of its own; a second run of the demo here, by root once
# every package is in, ran no line the first run did not and cost CI a build
# and a demo (about a minute of CPU).
#   scripts/test-fresh-debian12.sh
# Last line: the sudo user's "N passed, N failed, N skipped, N xfail".
set -euo pipefail
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/debian-root.sh"
root="$RL_WORK_DIR/bookworm"
trap 'root_remove "$root"; cleanup' EXIT

# README's two commands, read from README itself so that this stays true to it.
mapfile -t commands < <(sed -n '/^## Set-up: two commands/,/^## /{/^```sh/,/^```/{/^bash /s/ *#.*//p}}' "$REPO_ROOT/README.md")
[ ${#commands[@]} -eq 2 ] || { log "README's set-up section should give two bash commands, found: ${commands[*]:-none}"; exit 1; }

root_pristine bookworm "$root"
# A user who can sudo, as on a machine set up by its owner (sudo itself is the
# only package added before README's commands).
root_run "$root" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sudo >/dev/null
  useradd -m -s /bin/bash newuser && echo "newuser ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/newuser' >"$RL_WORK_DIR/sudo.log" 2>&1 \
  || { cat "$RL_WORK_DIR/sudo.log"; log "could not add sudo and a sudo user to the fresh root"; exit 1; }

run_readme() { # WHO HOME: README's two commands in a clone at HOME/redislock
  local who=$1 home=$2 cmd t0 rc
  root_copy_repo "$root" "$home/redislock" "$who"
  for cmd in "${commands[@]}"; do
    t0=$SECONDS
    set +e
    root_run "$root" runuser -u "$who" -- env HOME="$home" bash -c "cd ~/redislock && $cmd" >"$RL_WORK_DIR/out" 2>&1
    rc=$?
    set -e
    if [ $rc -ne 0 ]; then
      tail -60 "$RL_WORK_DIR/out"; log "as $who, '$cmd' failed (exit $rc; above: the end of its output)"; return 1
    fi
    echo "as $who: $cmd: ok in $((SECONDS - t0)) s; last line: $(tail -1 "$RL_WORK_DIR/out")"
  done
  # the suite's children and valgrind must not leave files behind in /tmp
  local left
  left=$(cd "$root/tmp" && ls -d rlchild* vgdb-pipe* redislock.* 2>/dev/null || true)
  [ -z "$left" ] || { log "as $who, left behind in /tmp: $left"; return 1; }
}
# The main job's web mode, which README names beside the main command: nginx,
# php-fpm and ab, installed by it, run by the sudo user in its clone.
run_web() { # WHO HOME
  local who=$1 home=$2 t0=$SECONDS rc
  set +e
  root_run "$root" runuser -u "$who" -- env HOME="$home" bash -c "cd ~/redislock && bash scripts/demo.sh --web" \
    >"$RL_WORK_DIR/web.out" 2>&1
  rc=$?
  set -e
  if [ $rc -ne 0 ]; then
    tail -60 "$RL_WORK_DIR/web.out"; log "as $who, 'bash scripts/demo.sh --web' failed (exit $rc; above: the end of its output)"; return 1
  fi
  echo "as $who: bash scripts/demo.sh --web: ok in $((SECONDS - t0)) s; $(grep -m1 'throughput (req/s)' "$RL_WORK_DIR/web.out" | tr -s ' ')"
  local left
  left=$(root_pids "$root" '^(nginx|php-fpm)')
  [ -z "$left" ] || { log "as $who, the web demo left processes running: $left"; return 1; }
}
# No service of the packages the commands install may be left enabled or running (issue 23: Debian
# starts redis-server, redis-sentinel, php-fpm and nginx when it installs them). The root's own
# policy-rc.d (debian-root.sh) would hide that, so README's commands run without it, as on a
# machine: scripts/lib.sh must keep every service from starting itself, and disable each.
no_services_left() { # WHEN
  local enabled running
  enabled=$(cd "$root/etc" && ls -1 systemd/system/*.wants rc[2-5].d 2>/dev/null \
    | grep -E '^(S[0-9]*)?(redis|nginx|php[0-9.]*-fpm)' || true)
  running=$(root_pids "$root" '^(redis-server|redis-sentinel|nginx|php-fpm)')
  [ -z "$enabled$running" ] && return 0
  log "after $1, services of the installed packages: enabled: ${enabled:-none}; running (pids): ${running:-none}"
  return 1
}
as_root rm -f "$root/usr/sbin/policy-rc.d"
run_readme newuser /home/newuser
cp "$RL_WORK_DIR/out" "$RL_WORK_DIR/suite.out"
no_services_left "README's two commands"
run_web newuser /home/newuser
no_services_left "the web demo"
tail -1 "$RL_WORK_DIR/suite.out"
