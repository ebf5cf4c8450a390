#!/usr/bin/env bash
# Checks model/rwlock.pml, the read/write lock's protocol (model/rwlock.md), with
# spin: the protocol must keep every property, and each mutant (one rule of the
# protocol broken on purpose) must fail the very property it breaks, or the model
# could not catch that bug. One line per check; exit status 1 if anything is not
# as expected. About 3 minutes and at most ~1.7 GB on 2 cores.
#   RW_MODEL_ONLY="rw-safety rw-check-one" runs only the checks named.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
MODEL=$ROOT/model/rwlock.pml

for tool in spin gcc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "model-check-rw: $tool is missing (apt-get install spin gcc libc6-dev)" >&2
    exit 1
  fi
done

TMP=$(mktemp -d /tmp/redislock-rw-model.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# pan's memory bound (MB): a search that would need more stops, and counts as a failure
MEMLIM=3000
DEPTH=1000000
bad=0

# run NAME EXPECT KIND "DEFINES" [HASH_BITS [PATTERN]]
#   EXPECT pass | fail (a mutant) | limit (fails, a documented limit of the protocol)
#   KIND   safety (assertions: (a), (b), (c), (e) the writers' fences, the
#          marker, the queue; invalid end states) | bfs (the same, breadth-first:
#          the shortest trail, for a mutant that depth-first search meets only
#          after millions of states)
#          | progress (the ltl formula (d), acceptance cycles under weak fairness)
#   HASH_BITS pan's -w (about log2 of the states stored, plus one)
#   PATTERN what the failure must say (a grep -E on pan's first error line):
#          the property the mutant breaks, not just any
run() {
  local name=$1 expect=$2 kind=$3 defs=$4 bits=${5:-22} pattern=${6:-.}
  local dir=$TMP/$name cc pan opt=-O2
  if [ -n "${RW_MODEL_ONLY:-}" ] && [[ " $RW_MODEL_ONLY " != *" $name "* ]]; then return 0; fi
  mkdir -p "$dir"
  cp "$MODEL" "$dir/"
  case $kind in
    safety)   cc="-DSAFETY -DNOCLAIM";        pan="-m$DEPTH" ;;
    bfs)      cc="-DSAFETY -DNOCLAIM -DBFS";  pan="-m$DEPTH"; defs="$defs -DNOHIDDEN" ;;
    progress) cc="-DNFAIR=4";                 pan="-a -f -m$DEPTH" ;;
  esac
  # a run that stores millions of states keeps them compressed (-DCOLLAPSE: about
  # half the memory, a little more time); mutants are compiled without optimizing
  # (they stop within a few thousand states: gcc -O2 would cost more than the search)
  [ "$expect" = pass ] || opt=-O0
  [ "$bits" -lt 24 ] || cc="$cc -DCOLLAPSE"
  # shellcheck disable=SC2086
  if ! (cd "$dir" && spin $defs -a rwlock.pml >spin.out 2>&1); then
    echo "FAIL $name: spin $defs -a rwlock.pml:"; sed 's/^/     /' "$dir/spin.out"; bad=1; return
  fi
  # shellcheck disable=SC2086
  if ! (cd "$dir" && gcc -w $opt -DMEMLIM=$MEMLIM -DVECTORSZ=512 $cc -o pan pan.c >cc.out 2>&1); then
    echo "FAIL $name: gcc $cc pan.c:"; sed 's/^/     /' "$dir/cc.out"; bad=1; return
  fi
  local start end secs states errors first
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  (cd "$dir" && ./pan $pan -w"$bits" >pan.out 2>&1) || true
  end=$(date +%s.%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  states=$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' "$dir/pan.out" | head -1)
  errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$dir/pan.out" | head -1)
  first=$(grep -m1 -E '^pan:1: |^pan: ' "$dir/pan.out" | grep -v 'elapsed' || true)
  if grep -qE 'out of memory|reached -DMEMLIM|max search depth too small' "$dir/pan.out"; then
    echo "FAIL $name: the search did not finish ($(grep -m1 -E 'out of memory|MEMLIM|max search depth' "$dir/pan.out"))"
    bad=1; return
  fi
  if [ -z "$errors" ]; then
    echo "FAIL $name: no verdict from pan:"; tail -15 "$dir/pan.out" | sed 's/^/     /'; bad=1; return
  fi
  if [ "$expect" = pass ]; then
    if [ "$errors" = 0 ]; then
      printf 'ok   %-30s %-8s %11s states %6ss  holds\n' "$name" "$kind" "$states" "$secs"
      return
    fi
    echo "FAIL $name: $first"
    echo "     the trail (each script call, then the server's state after it):"
    # shellcheck disable=SC2086
    (cd "$dir" && spin $defs -t rwlock.pml 2>&1) \
      | grep -E '^ *(c[0-9]|K=|grant|hold|Q exp|spin:)' | sed 's/^ */       /' | tail -80 || true
    bad=1
    return
  fi
  if [ "$errors" != 0 ] && grep -m1 -E '^pan:1: ' "$dir/pan.out" | grep -qE -- "$pattern"; then
    local how="fails as it must"
    [ "$expect" = limit ] && how="known limit, fails"
    printf 'ok   %-30s %-8s %11s states %6ss  %s: %.90s\n' "$name" "$kind" "$states" "$secs" "$how" "${first#pan:1: }"
  elif [ "$errors" != 0 ]; then
    echo "FAIL $name: fails, but not the property it breaks (wanted /$pattern/): $first"; bad=1
  else
    echo "FAIL $name: passes: the model no longer catches what this mutant breaks"; bad=1
  fi
}

# what each failure must name
A='bel\[1\]==2'                  # (a): the MUTEX expression (writers believing, readers believing)
C='before\['                     # (c): a reader granted past a writer that was waiting at its join
D='acceptance cycle'             # (d): progress
E='violated Fmoved'              # (e): a write belief whose step did not count the fence

echo "spin model check, read/write lock ($(spin -V | head -1))"
# 2 readers, 1 writer, each acquiring once; any client may die before any step,
# any lifetime may end, any grant may lapse before its grantee comes
run rw-safety                  pass  safety   ""                        24
run rw-safety-promote-demote   pass  safety   "-DPROMOTE -DDEMOTE"      24
# two switches each: a writer demotes, then promotes again (K written anew: a new fence)
run rw-safety-switch-twice     pass  safety   "-DPROMOTE -DDEMOTE -DSWITCHES=2" 25
run rw-progress                pass  progress ""                        24
run rw-progress-promote-demote pass  progress "-DPROMOTE -DDEMOTE" 25
# at most one failure, the writer acquiring twice: a grant to a dead reader of a
# batch must be undone by its granter ("rw handed"), or the writer waits for ever
run rw-progress-one-failure    pass  progress "-DONE_FAILURE -DROUNDS_W=2" 23
# two writers: 1 reader, a waiting writer and one that only tries (SET NX, twice);
# 1 reader and 2 waiting writers (with 2 readers and 2 writers the search stores
# more than 24 M states: too big here)
run rw-safety-trier            pass  safety   "-DNR=1 -DTRIER"          24
run rw-safety-2writers         pass  safety   "-DNR=1 -DNW=2"           24

# mutants
run rw-reader-past-writer      fail  safety   "-DREADER_PAST_WRITER"    22 "$C"
run rw-batch-past-writer       fail  bfs      "-DBATCH_PAST_WRITER -DTRIER -DMAXDEAD=0" 22 "$C"
run rw-promote-with-others     fail  safety   "-DPROMOTE -DPROMOTE_WITH_OTHERS" 22 "$A"
run rw-demote-free-first       fail  safety   "-DDEMOTE -DDEMOTE_FREE_FIRST" 22 "$A"
run rw-handed-no-note-check    fail  safety   "-DHANDED_NO_NOTE_CHECK"  22 "$A"
run rw-writer-ignores-readers  fail  safety   "-DWRITER_IGNORES_READERS" 22 "$A"
# every step that gives K to a writer counts the fence (INCR F): a grant or a promotion
# that does not gives its writer the fence of the write belief before (e); two writers,
# so that the trail shows that earlier belief
run rw-grant-no-fence          fail  safety   "-DNR=1 -DNW=2 -DGRANT_NO_FENCE" 22 "$E"
run rw-promote-no-fence        fail  safety   "-DPROMOTE -DPROMOTE_NO_FENCE" 22 "$E"
run rw-check-one               fail  progress "-DCHECK_ONE -DONE_FAILURE -DROUNDS_W=2" 22 "$D"
# a known limit, as the exclusive lock's: grants lost to live grantees for ever
run rw-lost-grants             limit progress "-DSTRICT_PROGRESS"       22 "$D"

if [ "$bad" != 0 ]; then
  echo "model-check-rw: FAILED (see the FAIL lines above)"
  exit 1
fi
echo "model-check-rw: every property holds; every mutant is caught"
