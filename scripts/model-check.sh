#!/usr/bin/env bash
# Checks the Promela model of the wait protocol (model/, ext/core/lua/README.md)
# with spin: the real models must pass every property, the mutants must fail
# the one they break (else the model could not catch that bug at all).
# One line per check: states, time. Exit status 1 on any failure.
# Sized for 2 cores / a few GB; the whole run takes about two minutes (at
# most ~2.0 GB: lock-qlapse-progress). A run with the inputs of an earlier one
# that passed on this machine shows that run's results (see cache_dir below).
set -euo pipefail

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODEL_DIR=$REPO_ROOT/model

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# spin, and gcc to compile the verifiers it generates
need=()
command -v spin >/dev/null 2>&1 || need+=(spin)
command -v gcc >/dev/null 2>&1 || need+=(gcc libc6-dev)
if [ ${#need[@]} -gt 0 ]; then
  echo "==> installing ${need[*]}" >&2
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null \
      || { echo "model-check: cannot install ${need[*]}" >&2; exit 1; }
  fi
fi

WORK=$(mktemp -d /tmp/redislock-model.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# pan's memory bound (MB) and search depth: the largest run stores ~12 M
# states of ~120 bytes (about 1.6 GB); a deeper search than -m would be cut.
MEMLIM=8000
DEPTH=1000000
failed=0

# check NAME EXPECT MODEL "SPIN_FLAGS" KIND [HASH_BITS]
#   EXPECT: pass | fail | limit (fails, and is known to: a documented limit of
#   the protocol, not a mutant) ; KIND: safety (assertions: (a), (b), the lock's fences (g),
#   queue bounds, invalid end states) | progress (the ltl formula, acceptance cycles
#   under weak fairness) | noprogress (non-progress cycles, no fairness: a
#   cycle that never passes a progress label)
#   HASH_BITS: pan's -w, the log2 of its hash table's slots: about log2(states) + 1 (22 by
#   default: a table of 2^22 slots, 32 MB). Every run once got -w26 (512 MB), which pan zeroes
#   before it starts: 1.7 s of CPU and half a GB of page faults for each of the runs that store
#   a few thousand states, which CI pays beside its other stages on two cores.
# RL_MODEL_ONLY="lock-safety lock-stall" runs only the checks named (for local work; CI runs all).
check() {
  local name=$1 expect=$2 model=$3 defs=$4 kind=$5 hash_bits=${6:-22}
  local dir=$WORK/$name out cc_flags pan_flags
  if [ -n "${RL_MODEL_ONLY:-}" ] && [[ " $RL_MODEL_ONLY " != *" $name "* ]]; then return 0; fi
  mkdir -p "$dir"
  cp "$MODEL_DIR/$model" "$dir/"
  case $kind in
    safety)   cc_flags="-DSAFETY -DNOCLAIM"; pan_flags="-m$DEPTH" ;;
    # NFAIR: weak fairness over the 6-7 processes (and the never claim)
    progress) cc_flags="-DNFAIR=4";          pan_flags="-a -f -m$DEPTH" ;;
    noprogress) cc_flags="-DNP";             pan_flags="-l -m$DEPTH" ;;
  esac
  # shellcheck disable=SC2086  # the flag lists are meant to split
  if ! (cd "$dir" && spin $defs -a "$model" >spin.out 2>&1); then
    echo "FAIL $name: spin -a $defs $model did not generate a verifier:"; cat "$dir/spin.out"
    failed=1; return
  fi
  # A mutant (or a known limit) fails within a few thousand states: its verifier runs for a
  # fraction of a second, and gcc -O2 would spend 2.7 s of CPU on it against 1.1 s at -O0
  # (38 verifiers a run). The checks that must pass search up to 21 M states: -O2.
  local opt=-O2
  [ "$expect" = pass ] || opt=-O0
  # shellcheck disable=SC2086
  if ! (cd "$dir" && gcc -w $opt -DMEMLIM=$MEMLIM -DVECTORSZ=512 $cc_flags -o pan pan.c >cc.out 2>&1); then
    echo "FAIL $name: gcc $cc_flags pan.c:"; cat "$dir/cc.out"
    failed=1; return
  fi
  local t0 t1
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  # glibc.malloc.hugetlb=1: glibc asks for transparent huge pages (madvise) for what pan
  # allocates, its hash table and stored states, which it reaches at random: fewer TLB misses
  # and page faults. lock-safety-3waiters (21 M states) took 25 and 21 s of user CPU with it,
  # 34 and 29 s without (same machine, alternating). The search itself is unchanged; a glibc
  # older than 2.35 ignores the tunable.
  (cd "$dir" && GLIBC_TUNABLES=glibc.malloc.hugetlb=1 ./pan $pan_flags -w"$hash_bits" >pan.out 2>&1) || true
  t1=$(date +%s.%N)
  out=$dir/pan.out
  local states secs errors what
  states=$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' "$out" | head -1)
  errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$out" | head -1)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
  what=$(grep -m1 -E '^pan:1: |^pan: ' "$out" | grep -v 'elapsed' || true)
  if grep -qE 'out of memory|max search depth too small|error: too many processes' "$out"; then
    echo "FAIL $name: the search was cut short ($(grep -m1 -E 'out of memory|max search depth|too many' "$out"))"
    failed=1; return
  fi
  if [ -z "$errors" ]; then
    echo "FAIL $name: pan gave no result:"; tail -20 "$out"
    failed=1; return
  fi
  if [ "$expect" = pass ]; then
    if [ "$errors" = 0 ]; then
      printf 'ok   %-28s %-8s %11s states %6ss  errors: 0\n' "$name" "$kind" "$states" "$secs"
    else
      echo "FAIL $name: $(desc "$kind") does not hold: $what"
      echo "     counterexample (script calls and the server state after each):"
      # shellcheck disable=SC2086
      (cd "$dir" && spin $defs -t "$model" 2>&1) \
        | grep -vE '^ltl |^spin: trail|^[[:space:]]*[A-Za-z_]+(\[[0-9]+\])? = |^#processes|^[[:space:]]*[0-9]+:[[:space:]]+proc|^Never claim|processes created' \
        | sed -e 's/^[[:space:]]*/       /' -e 's/^ *\([KH]=\)/           \1/' | head -60 || true
      echo "     replay: cd model && spin $defs -a $model && gcc $cc_flags pan.c -o pan && ./pan $pan_flags && spin $defs -t $model"
      failed=1
    fi
  else
    if [ "$errors" != 0 ] && [ -n "$what" ]; then
      local how="fails as it must"
      [ "$expect" = limit ] && how="known limit, fails"
      printf 'ok   %-28s %-8s %11s states %6ss  %s: %s\n' "$name" "$kind" "$states" "$secs" "$how" "${what#pan:1: }"
    else
      if [ "$expect" = limit ]; then
        echo "FAIL $name: the known limit is gone: update model/README.md and make this check pass"
      else
        echo "FAIL $name: the mutant passed: the model no longer detects $(desc "$kind")"
      fi
      failed=1
    fi
  fi
}

desc() {
  case $1 in
    safety)   echo "safety (mutual exclusion / at most LIMIT holders / claimed never lost / each lock holder's fence above every earlier one's / no invalid end state: a lost wake-up)" ;;
    progress) echo "progress (a free lock or slot with a live waiter stays free forever)" ;;
    noprogress) echo "no poll loop (waiters retry forever while the lock is held)" ;;
  esac
}

# A run whose inputs are, byte for byte, those of an earlier run on this machine that passed
# (model/*.pml, this script, spin's and gcc's versions) would repeat that run: spin and pan are
# deterministic, and nothing else goes into a check. Its results are shown again instead, with
# the date of the run that produced them; a change to any input runs every check. The stage cost
# CI about 250 s of CPU under load for the same answer on every change outside model/.
# RL_MODEL_RECHECK=1 runs every check anyway; RL_MODEL_ONLY runs are never stored.
cache_dir=${RL_MODEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/redislock/model}
key=$( { cat "$MODEL_DIR"/*.pml "${BASH_SOURCE[0]}"; spin -V; gcc --version | head -1; uname -m; } | sha256sum | cut -c1-64)
if [ -z "${RL_MODEL_ONLY:-}" ] && [ -z "${RL_MODEL_RECHECK:-}" ] && [ -s "$cache_dir/$key" ]; then
  cat "$cache_dir/$key"
  echo "model-check: the results above are those of the run of $(date -r "$cache_dir/$key" '+%F %T %Z') on this machine, whose inputs were these byte for byte (model/*.pml, scripts/model-check.sh, spin, gcc; key ${key:0:16}); RL_MODEL_RECHECK=1 runs every check again"
  exit 0
fi

all_checks() {
echo "spin model check ($(spin -V | head -1))"

# the fast path (model/README.md): no check-in, at most one failure (a client dies, a holder
# overruns its lifetime, or a grantee is too slow for its grant)
FAST="-DNO_CHECKIN -DONE_FAILURE -DNW=3 -DTROUNDS=0"

# the protocol as ext/core/lua/README.md writes it; 3 waiters: two queued behind the first
# SET NX, so that "lock handed" undoes one grant and makes the next
check lock-safety           pass lock.pml      ""                   safety 24
check lock-safety-3waiters  pass lock.pml      "-DNW=3 -DTROUNDS=0" safety 23
check lock-progress         pass lock.pml      ""                   progress 24
check lock-progress-3waiters pass lock.pml     "-DNW=3 -DTROUNDS=0" progress 24
# with no check-in and one failure, the "h" notes and the head's PTTL watch alone keep it moving
check lock-fastpath         pass lock.pml      "$FAST"              progress 24
# a waiter alive but stalled when a script (or its block) made it the owner (the client confirms
# an answer read after its lifetime may have ended, and queues again if the lock is gone)
check lock-stall            pass lock.pml      "-DSTALL"            safety 24
check lock-stall-progress   pass lock.pml      "-DSTALL"            progress 25
check semaphore-safety      pass semaphore.pml ""                   safety 24
check semaphore-progress    pass semaphore.pml ""                   progress 25
check semaphore-stall       pass semaphore.pml "-DSTALL -DNW=2"     safety 23
check semaphore-stall-progress pass semaphore.pml "-DSTALL -DNW=2"  progress 23

# mutants: each must be caught
check lock-release-literal  fail lock.pml      "-DRELEASE_LITERAL"  safety
# "lock handed" must undo a grant only while its note is still on the grantee's list
check lock-handed-undoes-taken fail lock.pml   "-DHANDED_NO_NOTE_CHECK" safety
# a grant whose lifetime passed before its block took it is confirmed, not believed
check lock-grant-no-clock   fail lock.pml      "-DGRANT_NO_CLOCK"   safety
# every step that gives K to a new holder counts the fence (INCR F); a grant that does not
# lets its grantee's fence equal the last holder's (g)
check lock-grant-no-fence   fail lock.pml      "-DGRANT_NO_FENCE"   safety
check lock-stall-no-confirm fail lock.pml      "-DSTALL -DNO_CONFIRM" safety
# (lock-stall-rejoin-twice, CONFIRM_KEEPS_ENTRY, is gone: a confirm never finds its token
# queued any more, which lock-stall asserts; model/README.md)
check lock-no-checkin       fail lock.pml      "-DNO_CHECKIN"       progress
# a grant tells the new head; without it a failure after the hand-over waits for a check-in
check lock-grant-no-tell    fail lock.pml      "$FAST -DGRANT_NO_TELL" progress
# a grant to a dead waiter is undone by "lock handed"; without it the lock waits for that lifetime
check lock-no-handed        fail lock.pml      "$FAST -DNO_HANDED"  progress
# a visit that finds its grant waiting (K == me) owns it; else K stays with a live non-believer
check lock-visit-drops-grant fail lock.pml     "-DVISIT_DROPS_GRANT" progress
# a known limit: grants lost to live grantees forever (each undone while its grantee was between
# two calls, or lapsing before it came) is the one run progress does not hold for
check lock-lost-grants      limit lock.pml     "-DSTRICT_PROGRESS"  progress
# a holder that shortens its lifetime (expire()) keeps the fast path because
# "lock extend" tells the head, whose wait until the PTTL it read ends too late
check lock-shorten          pass lock.pml      "-DSHORTEN"          safety 24
check lock-shorten-fastpath pass lock.pml      "$FAST -DSHORTEN"    progress 24
check lock-shorten-no-tell  fail lock.pml      "$FAST -DSHORTEN -DEXTEND_NO_TELL" progress
# a cut to a check-in period or more tells nobody: with check-ins that is safe and makes progress
check lock-shorten-untold   pass lock.pml      "-DSHORTEN -DEXTEND_NO_TELL" progress 24
# the queue lapses once while live waiters wait (all late): each visit queues its caller again
check lock-qlapse           pass lock.pml      "-DQLAPSE"           safety 25
check lock-qlapse-progress  pass lock.pml      "-DNW=3 -DTROUNDS=0 -DQLAPSE" progress 25
check lock-visit-no-requeue fail lock.pml      "-DQLAPSE -DVISIT_NO_REQUEUE" safety
check semaphore-claim-ttl   fail semaphore.pml "-DNO_CLAIM_TTL"     safety
check semaphore-stall-no-confirm fail semaphore.pml "-DSTALL -DNW=2 -DNO_CONFIRM" safety
check semaphore-no-checkin  fail semaphore.pml "-DNO_CHECKIN"       progress

# the local hand-over (model/local.md, issue 21: a design, not implemented yet): host A's three
# processes pass K among themselves through shared memory, host B's one takes it through Redis.
# local-safety: each process locks once, any lifetime may end early, nobody dies (-death: host A
# with two processes, one of the three dies); local-progress: every process locks for ever, nobody
# dies or stalls; -failures: host A with two processes, one death and one stall
LOCAL_SAFE="-DLOCKS=1 -DMAXDEAD=0"
LOCAL_FAIL="-DNA=2 -DMAXDEAD=1 -DSTALLS=1"
check local-safety          pass local.pml     "$LOCAL_SAFE"        safety 22
check local-safety-death    pass local.pml     "-DNA=2 -DLOCKS=1 -DMAXDEAD=1" safety 19
check local-progress        pass local.pml     "-DMAXDEAD=0 -DSTALLS=0" progress 22
check local-progress-failures pass local.pml   "$LOCAL_FAIL"        progress 23
# the first draft of local.md (the model found both): the release's slot step unconditional (b);
# a handed waiter refreshing under the slot's tok read when it runs, not the one it was handed (a)
check local-first-draft     fail local.pml     "-DAS_FIRST_WRITTEN $LOCAL_SAFE" safety
check local-stale-handed-tok fail local.pml    "-DSTALE_HANDED_TOK $LOCAL_SAFE" safety
# mutants (local.md): a handed waiter that believes without its refresh (a); hand-overs past BOUND
# starve host B (d); a dead holder never repaired (d); the repair wakes a waiter twice (c)
check local-no-refresh      fail local.pml     "-DNO_REFRESH -DLOCKS=1 -DMAXDEAD=0" safety
check local-inherit-ended   fail local.pml     "-DINHERIT_ENDED -DLOCKS=1 -DMAXDEAD=0" safety
check local-no-bound        fail local.pml     "-DNO_BOUND -DMAXDEAD=0 -DSTALLS=0" progress
check local-no-reclaim      fail local.pml     "-DNO_RECLAIM -DMAXDEAD=1 -DSTALLS=0" progress
check local-wake-twice      fail local.pml     "-DWAKE_TWICE -DLOCKS=1 -DMAXDEAD=1" safety

# several masters (Redlock, model/README.md): mutual exclusion and no lost
# wake-up (a waiter blocked for good while the lock is free: an invalid end
# state); 3 clients (one locks twice: split votes, a note left from an
# earlier round), 2 clients locking 3 times, 3 with timeouts (lock() gives up)
check redlock-safety        pass redlock.pml   "-DNCL=3 -DROUNDS=1 -DROUNDS1=2" safety 24
check redlock-safety-2clients pass redlock.pml "-DNCL=2 -DROUNDS=3" safety
check redlock-give-up       pass redlock.pml   "-DNCL=3 -DROUNDS=1 -DGIVE_UP" safety 23
# no waiter retries forever while another client holds the lock
check redlock-no-poll       pass redlock.pml   "-DNCL=3 -DROUNDS=1 -DCYCLE" noprogress 24
# documented limits: a master that loses the key (restart without
# persistence) breaks mutual exclusion; a dropped BLPOP that the server
# unblocks only after the client's next script there swallows its note
check redlock-lose-key      limit redlock.pml  "-DNCL=2 -DROUNDS=2 -DLOSE_KEY" safety
check redlock-late-drop     limit redlock.pml  "-DNCL=2 -DROUNDS=2 -DLATE_DROP" safety
# fences over several masters (FENCE): (f) every confirmed fence above every earlier one, the
# counters starting apart and checked until one passes 10 (a retry loop counts without end: with
# three clients every FMAX gave ~80 M states; two clients locking 3 times: 6 M, 0.7 GB)
check redlock-fence         pass redlock.pml   "-DNCL=2 -DROUNDS=3 -DFENCE" safety 24
check redlock-fence-give-up pass redlock.pml   "-DNCL=2 -DROUNDS=2 -DFENCE -DGIVE_UP" safety 23
# mutants: each must be caught
check redlock-fence-no-floor fail redlock.pml  "-DNCL=2 -DROUNDS=2 -DFENCE -DNO_FLOOR" safety
check redlock-fence-min     fail redlock.pml   "-DNCL=2 -DROUNDS=2 -DFENCE -DFENCE_MIN" safety
check redlock-no-mark       fail redlock.pml   "-DNCL=2 -DNO_MARK" safety
check redlock-unlock-no-note fail redlock.pml  "-DNCL=2 -DUNLOCK_NO_NOTE" safety
check redlock-rollback-no-note fail redlock.pml "-DNCL=3 -DROUNDS=1 -DROLLBACK_NO_NOTE" safety
check redlock-rollback-always fail redlock.pml "-DNCL=2 -DCYCLE -DROLLBACK_ALWAYS" noprogress

return "$failed"
}

# the checks as before, under errexit (a command that fails unexpectedly ends them, as failed),
# their output kept for the next run with the same inputs
set +e
( set -e; all_checks ) | tee "$WORK/results"
failed=${PIPESTATUS[0]}
set -e
if [ "$failed" != 0 ]; then
  echo "model-check: FAILED (see the FAIL lines above)"
  exit 1
fi
if [ -z "${RL_MODEL_ONLY:-}" ] && mkdir -p "$cache_dir" 2>/dev/null; then
  cp "$WORK/results" "$cache_dir/$key.tmp" && mv "$cache_dir/$key.tmp" "$cache_dir/$key" || true
fi
echo "model-check: all properties hold; every mutant is caught"
