#!/usr/bin/env bash
# README's promise, checked where it is made: on a fresh Debian 12 (a minimal
# root made with debootstrap: apt and a shell, nothing else), a clone of this
# repository and README's two set-up commands, run by a user with sudo (so that
# their package installs go through sudo). Each command must succeed; the test
# command's last line must report no failure. The sudo user also runs the web
# demo (scripts/demo.sh --web), then README's Install block (phpize ... sudo
# phpenmod; `php --ri redislock` must then show the extension) and README's
# `make test` line against a scratch redis-server (exit 0, no
# php_test_results_*.txt left); `git status` in the clone (a git repository of
# the tracked files) must stay empty after the demos and after those. Root's
# way through the same scripts (packages
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
# README's Install block (the fenced block after "With phpize, as a user with `sudo`") and its
# `make test` line (NO_INTERACTION=1 REDISLOCK_TEST_SERVER=tcp://127.0.0.1:PORT ... make test), the same way.
install_block=$(awk '/^With phpize, as a user with `sudo`/ { f = 1; next } f == 1 && /^```/ { f = 2; next }
                     f == 2 && /^```/ { exit } f == 2 { print }' "$REPO_ROOT/README.md")
grep -q '^phpize' <<<"$install_block" \
  || { log "README's Install section should give a fenced block with phpize after 'With phpize, as a user with \`sudo\`'"; exit 1; }
make_test=$(grep -E '^NO_INTERACTION=1 .*REDISLOCK_TEST_SERVER=tcp://127\.0\.0\.1:[0-9]+ .*make test$' "$REPO_ROOT/README.md" || true)
[ -n "$make_test" ] && [ "$(wc -l <<<"$make_test")" = 1 ] \
  || { log "README should give one 'NO_INTERACTION=1 REDISLOCK_TEST_SERVER=tcp://127.0.0.1:PORT ... make test' line, found: ${make_test:-none}"; exit 1; }

root_pristine bookworm "$root"
# A user who can sudo, as on a machine set up by its owner (sudo itself is the
# only package added before README's commands).
root_run "$root" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sudo >/dev/null
  useradd -m -s /bin/bash newuser && echo "newuser ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/newuser' >"$RL_WORK_DIR/sudo.log" 2>&1 \
  || { cat "$RL_WORK_DIR/sudo.log"; log "could not add sudo and a sudo user to the fresh root"; exit 1; }

run_readme() { # WHO HOME: README's two commands in a clone at HOME/redislock
  local who=$1 home=$2 cmd t0 rc
  root_copy_repo "$root" "$home/redislock" "$who"
  git_snapshot "$home/redislock" "$who"
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
# git_snapshot PATH OWNER: the copy at PATH in the root made a git repository of its tracked files
# (root_copy_repo copies what a clone has, without .git; in CI's clean checkout, HEAD's files), so
# that git_clean can ask `git status` what the commands left in it, as a user's clone would show.
git_snapshot() {
  local dir="$root$1" git=(git -c safe.directory='*' -c user.name=CI -c user.email=ci@localhost -c commit.gpgsign=false)
  as_root "${git[@]}" -C "$dir" init -q
  as_root "${git[@]}" -C "$dir" add -A -f
  as_root "${git[@]}" -C "$dir" commit -q -m "the tracked files of $(git -C "$REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
  root_run "$root" chown -R "$2:" "$1/.git"
}
# git_clean PATH WHEN: `git status --porcelain` of the clone at PATH in the root is empty (the host's
# git reads it: the root has none), or what it lists and a failure.
git_clean() {
  local status
  status=$(as_root git -c safe.directory='*' -C "$root$1" --no-optional-locks status --porcelain --untracked-files=all)
  [ -z "$status" ] && return 0
  printf '%s\n' "$status" | head -40
  log "after $2, git status --porcelain in the user's clone is not empty (above; a run must leave a clone clean: write to an ignored place)"
  return 1
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
# README's Install block, verbatim, run by the user in the clone (bash -e: every line must succeed;
# the packages are in by now, so its apt-get asks nothing), then `php --ri redislock` (the
# extension enabled for every php).
run_install() { # WHO HOME
  local who=$1 home=$2 t0=$SECONDS rc
  printf '%s\n' "$install_block" | as_root tee "$root/tmp/readme-install.sh" >/dev/null
  set +e
  root_run "$root" runuser -u "$who" -- env HOME="$home" bash -c 'cd ~/redislock && bash -e -o pipefail /tmp/readme-install.sh </dev/null && php --ri redislock' \
    >"$RL_WORK_DIR/install.out" 2>&1
  rc=$?
  set -e
  if [ $rc -ne 0 ] || ! grep -q '^redislock support => enabled' "$RL_WORK_DIR/install.out"; then
    tail -60 "$RL_WORK_DIR/install.out"; log "as $who, README's Install block or php --ri redislock failed (exit $rc; above: the end of its output)"; return 1
  fi
  echo "as $who: README's Install block: ok in $((SECONDS - t0)) s; php --ri redislock: $(grep -m1 '^Version' "$RL_WORK_DIR/install.out" || echo enabled)"
}
# README's `make test` line, run by the user in the clone against a scratch redis-server started
# here (on a free loopback port, in place of README's 6390): it must exit 0 (no test failed) and
# leave no php_test_results_*.txt (what run-tests.php writes without NO_INTERACTION=1).
run_make_test() { # WHO HOME
  local who=$1 home=$2 t0=$SECONDS rc port cmd left
  start_redis port
  cmd=$(sed -E "s#tcp://127\.0\.0\.1:[0-9]+#tcp://127.0.0.1:$port#" <<<"$make_test")
  set +e
  root_run "$root" runuser -u "$who" -- env HOME="$home" bash -c "cd ~/redislock && $cmd </dev/null" >"$RL_WORK_DIR/make-test.out" 2>&1
  rc=$?
  set -e
  stop_redis_all
  if [ $rc -ne 0 ]; then
    tail -60 "$RL_WORK_DIR/make-test.out"; log "as $who, README's '$make_test' failed (exit $rc; above: the end of its output)"; return 1
  fi
  left=$(cd "$root$home/redislock" && ls php_test_results_*.txt 2>/dev/null || true)
  [ -z "$left" ] || { log "as $who, README's make test left $left in the clone"; return 1; }
  echo "as $who: make test: ok in $((SECONDS - t0)) s; $(grep -E '^Tests (passed|skipped|failed) ' "$RL_WORK_DIR/make-test.out" | tr -s ' ' | tr '\n' ';')"
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
git_clean /home/newuser/redislock "README's two commands and the web demo"
run_install newuser /home/newuser
run_make_test newuser /home/newuser
git_clean /home/newuser/redislock "README's Install block and make test"
tail -1 "$RL_WORK_DIR/suite.out"
