/*
 * The local hand-over (model/local.md, issue 21; ext/core/rl_local.c). The processes of one host pass the Redis lock key K among themselves
 * through a shared-memory slot (a cohort lock).
 *
 * Two hosts share the one key: host A with processes 1..3 (NA=2: 1..2),
 * host B with process 4. Each process calls lock() and, when it returns
 * true, unlock(), again and again for ever (the progress checks: host A's
 * processes must be able to hand the lock to each other for ever for
 * NO_BOUND to show anything), or LOCKS times (the safety checks).
 *
 * Granularity. Each [M] step of local.md (one step under the slot's mutex)
 * is one d_step; so is each (R) Redis round trip, never together with an
 * [M] step: any other process may run between a process's steps. A process
 * may die before any step (DIE), and stays dead.
 *
 * Redis. K is none (0) or a token: tokens are small numbers drawn fresh for
 * each global take from a pool, the smallest number nothing refers to
 * (K, a slot's tok, a process's own token or its copy of a tok): as good as
 * a new random token, since nothing can ever compare an old copy with it.
 * The global protocol (ext/core/lua/README.md) is reduced to a FIFO lock:
 * a join takes K if it is free and nobody waits, else queues in gq (one
 * step); a waiter takes K when it is free and it is first, or finds it
 * granted (K is its token), or gives up (its deadline: it leaves gq, and
 * takes K if it was granted meanwhile). The global release is
 * compare-and-delete that grants K to gq's first waiter; the refresh ("lock
 * extend") is compare-and-set-lifetime. A FIFO is what the served-grant
 * queue gives; a bare "take K if free" would let host A take K back after
 * each of its global releases before host B's waiter looks, for ever, and
 * (d) would fail for the abstraction's sake. A dead process's gq entry goes
 * with it (the real protocol undoes a grant to a dead waiter, or lets it
 * lapse: the same, a round trip or a lifetime later).
 *
 * Time. life[p]: p holds a running lifetime (from its take, a grant to it,
 * or its refresh). Env ends it at any moment (p stalled, or held longer than
 * its $expire): p stops believing at that moment. K expires at any moment
 * once the process whose lifetime it carries (Klo) has no running lifetime
 * or is dead, never before. A lifetime nothing can observe any more (not
 * believed, not K's, not the one a slot records) is dropped at once (tidy()).
 * A process that unlocks by a hand-over keeps its lifetime: K still carries
 * it until the new holder's refresh.
 *
 * Belief (bel): lock() returned true, the process holds a running lifetime it
 * took or refreshed itself, and it has not called unlock() since. A global
 * take whose lifetime ended before its [M] step returns true without belief.
 *
 * Properties (local.md "What local.pml checks"):
 *   (a) at most one believer across both hosts (Monitor);
 *   (b) a believer is its host's holder, and K is its host's tok (Monitor);
 *   (c) no waiter is woken twice: assert in wake() (a waiter's futex word is
 *       set once per queue entry);
 *   (d) progress, ltl under weak fairness (pan -a -f): a live waiter
 *       (process 1 of host A, process 4 of host B; 2 and 3 are 1's twins)
 *       eventually returns from lock() (believes, or gives up at its
 *       deadline), unless K is held and no live process can hand it on
 *       (ORPHAN: every process that could hand it the lock died, or the
 *       slot let go of the token, and K's lifetime still runs: Env need not
 *       let time pass). Deadlines are choices nobody is forced to take: a
 *       waiter's futex wait and its wait in Redis return and look again
 *       (steps that are always enabled), so fairness never makes it give up.
 *
 * Choices where local.md says nothing (the report of issue 21 names them):
 *   - a waiter that reclaims the slot from a stalled holder leaves the queue
 *     (it takes K for the host: step 2);
 *   - a handed waiter whose refresh fails and which the slot no longer names
 *     holder (another waiter reclaimed the slot meanwhile) starts lock()
 *     again at step 1, within the same call;
 *   - the stall check is made by a waiter only when the holder is alive and
 *     the lifetime the slot records (its holder's, or before the handed
 *     waiter's refresh its predecessor's) has ended; a dead holder is the
 *     dead-holder repair's;
 *   - every [M] step of a waiter's look or leave and of a newcomer's step 1
 *     makes every repair it meets first (repair()): "any local process that
 *     meets one repairs it".
 *
 * local.md's first draft failed (a) and (b) here: the two changes the
 * counterexamples called for (FIX_RELEASE, FIX_HANDED_TOK) are in local.md now
 * and on by default; AS_FIRST_WRITTEN is the draft (model/README.md, "The
 * local hand-over").
 *
 * Build switches (scripts/model-check.sh):
 *   NA=2|3         host A's processes (default 3)
 *   LOCKS=n        each process calls lock() n times (default: for ever)
 *   BOUND=n        consecutive local hand-overs per tok (default 2)
 *   NO_GIVE_UP     no deadlines (nobody leaves a queue)
 *   FIX_RELEASE    unlock() 2.'s [M] step after the global release changes the
 *                  slot only if it still names p holder under the tok it
 *                  released (the first draft: unconditionally)
 *   FIX_HANDED_TOK a hand-over gives the waiter the tok it is handed under
 *                  (beside its futex word); its refresh uses that one, not the
 *                  slot's tok read when it runs (the first draft: "the slot's tok")
 *                  Both are the design now (local.md), on unless
 *   AS_FIRST_WRITTEN the first draft of local.md, without them: (b) fails
 *                  (local-first-draft)
 *   STALE_HANDED_TOK without FIX_HANDED_TOK only: (a) fails
 *                  (local-stale-handed-tok)
 *   STALLS=n       at most n lifetimes end early (stalls) in the whole run
 *                  (default: any number). The progress checks bound them: a
 *                  grant or hand-over whose lifetime passes every time
 *                  before its waiter comes is a run nobody lives
 *   MAXDEAD=n      at most n processes die (default: any)
 *   NO_REFRESH     mutant: a handed waiter believes without the
 *                  token-checked refresh: (a) fails
 *   INHERIT_ENDED  mutant: a handed waiter inherits the slot's lifetime
 *                  without it still running: (a) fails
 *   NO_BOUND       mutant: local hand-overs past BOUND: host B's waiter
 *                  starves: (d) fails
 *   NO_RECLAIM     mutant: a dead holder is never repaired: (d) fails
 *   WAKE_TWICE     mutant: the dead-holder repair wakes the first waiter and
 *                  leaves it queued: (c) fails
 *   ONLY_MUTEX     the Monitor checks (a) alone and (c) is not asserted (to
 *                  see a mutant break (a) itself)
 */

#ifndef NA
#define NA 3                    /* host A: processes 1..NA (2 or 3) */
#endif
#define NP 4                    /* host B: process 4 (with NA 2, process 3 does not run) */
#define HOSTOF(p) ((p) == NP)   /* 0: host A, 1: host B */
#define QM 3                    /* a slot's queue: at most host A's processes */
#define NT 8                    /* the token pool (asserted large enough) */

#ifndef BOUND
#define BOUND 2
#endif
#ifndef MAXDEAD
#define MAXDEAD NP
#endif

/* the design (local.md) has both fixes; AS_FIRST_WRITTEN is its first draft, without them */
#ifndef AS_FIRST_WRITTEN
#define FIX_RELEASE
#ifndef STALE_HANDED_TOK
#define FIX_HANDED_TOK
#endif
#endif

#if defined(NO_REFRESH) || defined(WAKE_TWICE) || defined(INHERIT_ENDED)
#define ONLY_A                  /* these break (b) on the way: (a) or (c) must be seen */
#endif

/* the futex word */
#define NONE      0
#define HANDED    1
#define GO_GLOBAL 2

/* step outcomes (a process's res) */
#define GO     1                /* to step 2 (take K globally for the host) */
#define TAKEN  2
#define LEFT   3
#define REL    4                /* unlock(): the global release */
#define LOOK   5                /* the stall check: read K */
#define DONE   6

/* ---- Redis ---- */
byte Kt;                        /* K: 0 none, else a token */
byte Klo;                       /* the process whose lifetime K carries */
byte gq[NP];                    /* the global FIFO of waiters (process ids) */
byte gqlen;

/* ---- the slots (index: host) ---- */
byte tok[2];
byte holder[2];
byte glob[2];                   /* local.md's "global" */
byte handed[2];
byte lq[2 * QM];                /* queue */
byte lqlen[2];
#define LQ(h, k) lq[(h) * QM + (k)]
byte woken[NP + 1];             /* per waiter: NONE, HANDED, GO_GLOBAL */
byte slo[2];                    /* ghost: whose lifetime the slot records (the stall check's "lifetime it knows") */

/* ---- processes ---- */
bool bel[NP + 1];               /* believes it holds the lock */
bool life[NP + 1];              /* holds a running lifetime */
bool dead[NP + 1];
bool waiting[NP + 1];           /* in lock(), alive */
byte mt[NP + 1];                /* its token for a global take */
byte rt[NP + 1];                /* its copy of a slot's tok (refresh, release, stall check) */
byte ht[NP + 1];                /* FIX_HANDED_TOK: the tok a hand-over gave it */
byte ndead;
#ifdef STALLS
byte nstall;
#endif

hidden byte i_;
hidden byte w_;
hidden byte t_;

/* ---- properties ---- */
#define NBEL (bel[1] + bel[2] + bel[3] + bel[4])
#define MUTEX (NBEL <= 1)                                          /* (a) */
#define BOK(p) (!bel[p] || (holder[HOSTOF(p)] == p && Kt != 0 && Kt == tok[HOSTOF(p)]))
#define SLOTOK (BOK(1) && BOK(2) && BOK(3) && BOK(4))               /* (b) */

/* (d)'s excuse: K is held and no live process can hand it on: none holds
   the slot whose tok K is, waits in that slot's queue (a waiter repairs a
   dead holder and is handed the lock), or owns K as its own token (a global
   take or grant) */
#define INQ(h, p) ((lqlen[h] > 0 && LQ(h, 0) == p) || (lqlen[h] > 1 && LQ(h, 1) == p) || (lqlen[h] > 2 && LQ(h, 2) == p))
#define CAN(p) (!dead[p] && (mt[p] == Kt || (tok[HOSTOF(p)] == Kt && (holder[HOSTOF(p)] == p || INQ(HOSTOF(p), p)))))
#define ORPHAN (Kt != 0 && !CAN(1) && !CAN(2) && !CAN(3) && !CAN(4))
ltl progress { [] ((waiting[1] -> <> (!waiting[1] || ORPHAN)) && (waiting[4] -> <> (!waiting[4] || ORPHAN))) }

/* replaying a trail (spin -t) prints these; pan does not run printf */
inline state() {
  printf("      K=%d(life of p%d) gq=[%d %d %d] A: tok=%d holder=%d global=%d handed=%d q=[%d %d %d] B: tok=%d holder=%d global=%d woken=%d%d%d%d bel=%d%d%d%d life=%d%d%d%d dead=%d%d%d%d\n",
         Kt, Klo, gq[0], gq[1], gq[2], tok[0], holder[0], glob[0], handed[0], LQ(0, 0), LQ(0, 1), LQ(0, 2),
         tok[1], holder[1], glob[1], woken[1], woken[2], woken[3], woken[4],
         bel[1], bel[2], bel[3], bel[4], life[1], life[2], life[3], life[4], dead[1], dead[2], dead[3], dead[4])
}

/* nothing observable left: forget it (keeps equal states equal) */
inline tidy() {
  if
  :: Kt == 0 -> Klo = 0
  :: else -> skip
  fi;
  if
  :: tok[0] == 0 -> slo[0] = 0; handed[0] = 0
  :: else -> skip
  fi;
  if
  :: tok[1] == 0 -> slo[1] = 0; handed[1] = 0
  :: else -> skip
  fi;
  i_ = 1;
  do
  :: i_ <= NP ->
     if
     :: life[i_] && !bel[i_] && Klo != i_ && slo[0] != i_ && slo[1] != i_ -> life[i_] = 0
     :: else -> skip
     fi;
     i_++
  :: else -> break
  od;
  i_ = 0
}

#define USED(t) (Kt == t || tok[0] == t || tok[1] == t || mt[1] == t || mt[2] == t || mt[3] == t || mt[4] == t \
                 || rt[1] == t || rt[2] == t || rt[3] == t || rt[4] == t \
                 || ht[1] == t || ht[2] == t || ht[3] == t || ht[4] == t)

inline fresh(x) {
  t_ = 1;
  do
  :: t_ <= NT && USED(t_) -> t_++
  :: else -> break
  od;
  assert(t_ <= NT);
  x = t_;
  t_ = 0
}

/* the slot's queue of host h */
inline lqappend(h, p) {
  assert(!INQ(h, p));
  assert(lqlen[h] < QM);
  LQ(h, lqlen[h]) = p;
  lqlen[h]++
}

inline lqpop(h) {               /* pops the first into w_ */
  w_ = LQ(h, 0);
  i_ = 1;
  do
  :: i_ < lqlen[h] -> LQ(h, i_ - 1) = LQ(h, i_); i_++
  :: else -> break
  od;
  lqlen[h]--;
  LQ(h, lqlen[h]) = 0;
  i_ = 0
}

inline lqrem(h, p) {
  i_ = 0;
  do
  :: i_ < lqlen[h] && LQ(h, i_) != p -> i_++
  :: else -> break
  od;
  if
  :: i_ < lqlen[h] ->
     do
     :: i_ + 1 < lqlen[h] -> LQ(h, i_) = LQ(h, i_ + 1); i_++
     :: else -> break
     od;
     lqlen[h]--;
     LQ(h, lqlen[h]) = 0
  :: else -> skip
  fi;
  i_ = 0
}

/* Redis's global FIFO */
#define INGQ(p) ((gqlen > 0 && gq[0] == p) || (gqlen > 1 && gq[1] == p) || (gqlen > 2 && gq[2] == p) || (gqlen > 3 && gq[3] == p))

inline gqappend(p) {
  assert(!INGQ(p));
  assert(gqlen < NP);
  gq[gqlen] = p;
  gqlen++
}

inline gqpop() {                /* into w_ */
  w_ = gq[0];
  i_ = 1;
  do
  :: i_ < gqlen -> gq[i_ - 1] = gq[i_]; i_++
  :: else -> break
  od;
  gqlen--;
  gq[gqlen] = 0;
  i_ = 0
}

inline gqrem(p) {
  i_ = 0;
  do
  :: i_ < gqlen && gq[i_] != p -> i_++
  :: else -> break
  od;
  if
  :: i_ < gqlen ->
     do
     :: i_ + 1 < gqlen -> gq[i_] = gq[i_ + 1]; i_++
     :: else -> break
     od;
     gqlen--;
     gq[gqlen] = 0
  :: else -> skip
  fi;
  i_ = 0
}

/* the futex word of w: (c) no waiter is woken twice */
inline wake(w, x) {
#ifndef ONLY_MUTEX
  assert(woken[w] == NONE);
#endif
#ifdef FIX_HANDED_TOK
  if
  :: x == HANDED -> ht[w] = tok[HOSTOF(w)]        /* the tok it is handed under, next to its futex word */
  :: else -> skip
  fi;
#endif
  woken[w] = x
}

#if MAXDEAD == 0
#define DIE skip
#define DEATH false
#elif MAXDEAD < NP
#define DIE if :: skip :: ndead < MAXDEAD -> goto die fi
#define DEATH (ndead < MAXDEAD)
#else
#define DIE if :: skip :: goto die fi
#define DEATH true
#endif

#define H HOSTOF(me)          /* the host of the process running the code */

/* the repairs due (local.md "Failures"), made by any local process that
   takes M and meets them: a waiter's look or leave, a newcomer's step 1 */
inline repair() {
   /* a queued waiter is dead: it leaves the queue */
   i_ = 0;
   do
   :: i_ < lqlen[H] && dead[LQ(H, i_)] -> w_ = LQ(H, i_); lqrem(H, w_); w_ = 0; i_ = 0
   :: i_ < lqlen[H] && !dead[LQ(H, i_)] -> i_++
   :: else -> break
   od;
   i_ = 0;
   /* the holder is dead: hand the lock to the first waiter; nobody: let go of tok */
   if
   :: holder[H] != 0 && dead[holder[H]] ->
#ifdef NO_RECLAIM
      skip
#else
      if
      :: lqlen[H] > 0 ->
#ifdef WAKE_TWICE
         w_ = LQ(H, 0);                       /* left queued */
#else
         lqpop(H);
#endif
         holder[H] = w_; wake(w_, HANDED); w_ = 0
      :: else -> tok[H] = 0; holder[H] = 0
      fi
#endif
   :: else -> skip
   fi;
   /* global is dead: the first waiter goes global */
   if
   :: glob[H] != 0 && dead[glob[H]] ->
      glob[H] = 0;
      if
      :: lqlen[H] > 0 -> lqpop(H); wake(w_, GO_GLOBAL); glob[H] = w_; w_ = 0
      :: else -> skip
      fi
   :: else -> skip
   fi
}

#ifdef NO_BOUND
#define BOUND_OK true
#else
#define BOUND_OK (handed[H] < BOUND)
#endif

#ifdef NO_GIVE_UP
#define GIVE_UP_OK false
#else
#define GIVE_UP_OK true
#endif

#ifndef LOCKS
#define again lock
#endif

#define CANTAKE (Kt == mt[me] || (Kt == 0 && gqlen > 0 && gq[0] == me))

proctype P(byte me) {
  byte res;
  byte rh;                      /* the stall check: the holder it read */
  bool rk;                      /* ... and K was not the tok it read */
#ifdef LOCKS
  byte calls;
#endif

lock:
#ifdef LOCKS
  if
  :: calls < LOCKS -> calls++
  :: else -> goto end
  fi;
again:
#endif
  /* lock() 1. [M] */
  if
  :: DEATH -> goto die
  :: d_step {
    waiting[me] = 1;
    repair();
    if
    :: holder[H] == 0 && glob[H] == 0 && tok[H] == 0 -> glob[H] = me; res = GO
    :: else -> lqappend(H, me); woken[me] = NONE; res = 0
    fi;
    printf("p%d lock() 1: %d\n", me, res); state()
  }
  fi;
  if
  :: res == GO -> res = 0; goto global
  :: else -> goto wait
  fi;

global:
  /* 2. (R) take K globally with a fresh token: SET NX, or join the global queue */
  if
  :: DEATH -> goto die
  :: d_step {
    fresh(mt[me]);
    if
    :: Kt == 0 && gqlen == 0 -> Kt = mt[me]; Klo = me; life[me] = 1; res = TAKEN
    :: else -> gqappend(me); res = 0
    fi;
    tidy();
    printf("p%d 2: take K with t%d: %d\n", me, mt[me], res); state()
  }
  fi;
  if
  :: res == TAKEN -> res = 0; goto taken
  :: else -> skip
  fi;
gwait:
  /* waiting in Redis */
  if
  :: d_step {
       CANTAKE ->
       if
       :: Kt == 0 -> gqpop(); Kt = mt[me]; Klo = me; life[me] = 1; w_ = 0
       :: else -> skip                            /* granted by a release */
       fi;
       tidy();
       printf("p%d 2: took K\n", me); state()
     };
     goto taken
  :: d_step {
       !CANTAKE ->                                /* a visit: still waiting (a grant that lapsed: queued again) */
       if
       :: !INGQ(me) -> gqappend(me)
       :: else -> skip
       fi
     };
     goto gwait
  :: GIVE_UP_OK -> d_step {                       /* not taken in time: leave the queue (K granted meanwhile: taken) */
       gqrem(me);
       if
       :: Kt == mt[me] -> res = TAKEN
       :: else -> res = 0
       fi;
       printf("p%d 2: out of time: %d\n", me, res); state()
     };
     if
     :: res == TAKEN -> res = 0; goto taken
     :: else -> goto nottaken
     fi
  :: DEATH -> goto die
  fi;

taken:
  /* 2. taken: [M] tok = t, holder = p, global = none, handed = 0; p believes */
  if
  :: DEATH -> goto die
  :: d_step {
    tok[H] = mt[me]; mt[me] = 0;
    holder[H] = me; glob[H] = 0; handed[H] = 0; slo[H] = me;
    bel[me] = life[me];
    waiting[me] = 0;
    tidy();
    printf("p%d 2: [M] taken, believes %d\n", me, bel[me]); state()
  }
  fi;
  goto hold;

nottaken:
  /* 2. not taken in time: [M] global = none; pop w, GO_GLOBAL, global = w; lock() false */
  if
  :: DEATH -> goto die
  :: d_step {
    glob[H] = 0;
    if
    :: lqlen[H] > 0 -> lqpop(H); wake(w_, GO_GLOBAL); glob[H] = w_; w_ = 0
    :: else -> skip
    fi;
    mt[me] = 0;
    waiting[me] = 0;
    tidy();
    printf("p%d 2: [M] not taken, lock() false\n", me); state()
  }
  fi;
  goto lock;

wait:
  /* 4. the futex wait: woken, or it returns to look (liveness, lifetime), or out of time */
  if
  :: d_step {
       woken[me] == HANDED ->                     /* 5. the slot names p holder: read its tok */
#ifdef FIX_HANDED_TOK
       rt[me] = ht[me]; ht[me] = 0;
#else
       rt[me] = tok[H];
#endif
#ifdef NO_REFRESH
       bel[me] = 1; life[me] = 1; waiting[me] = 0; rt[me] = 0;
       tidy();
#endif
       printf("p%d 4: woken HANDED (refreshes under t%d)\n", me, rt[me]); state()
     };
#ifdef NO_REFRESH
     goto hold
#else
     goto inherit
#endif
  :: woken[me] == GO_GLOBAL -> goto global        /* 6. */
  :: d_step {
       /* a look: [M], every repair due */
       woken[me] == NONE ->
       repair();
       /* the holder alive, the lifetime the waiter knows has ended: read K */
       if
       :: woken[me] == NONE && holder[H] != 0 && !dead[holder[H]] && !life[slo[H]] ->
          rt[me] = tok[H]; rh = holder[H]; res = LOOK
       :: else -> res = 0
       fi;
       tidy();
       printf("p%d 4: looks (stall check %d)\n", me, res); state()
     };
     if
     :: res == LOOK -> res = 0; goto stall
     :: else -> goto wait
     fi
  :: d_step {
       /* out of time: [M] still in queue: leave it, false; else go on as woken */
       woken[me] == NONE && GIVE_UP_OK ->
       repair();
       if
       :: INQ(H, me) -> lqrem(H, me); waiting[me] = 0; res = LEFT
       :: else -> res = 0
       fi;
       printf("p%d 4: out of time: %d\n", me, res); state()
     };
     if
     :: res == LEFT -> res = 0; goto lock
     :: else -> goto wait
     fi
  :: DEATH -> goto die
  fi;

stall:
  /* the holder stalled past its lifetime: (R) read K */
  if
  :: DEATH -> goto die
  :: d_step { rk = (Kt != rt[me]); printf("p%d reads K: not tok %d\n", me, rk); state() }
  fi;
  /* K != tok: [M] if tok and holder are still what it read: take the slot for step 2 */
  if
  :: DEATH -> goto die
  :: d_step {
    if
    :: rk && tok[H] == rt[me] && holder[H] == rh ->
       lqrem(H, me); tok[H] = 0; holder[H] = 0; glob[H] = me; res = GO
    :: else -> res = 0
    fi;
    rt[me] = 0; rh = 0; rk = 0;
    tidy();
    printf("p%d [M] reclaims %d\n", me, res); state()
  }
  fi;
  if
  :: res == GO -> res = 0; goto global
  :: else -> goto wait
  fi;

inherit:
  /*
   * 5'. [M] the cheaper rule (local.md, "Inheriting the lifetime"): when the
   * lifetime the slot records for tok still runs (by the host's one clock),
   * the handed waiter may take that lifetime over and believe without a
   * refresh; the lifetime K carries is then its own. (Whether it does is the
   * C code's choice: also the time and $expire it asked for decide; here any.)
   * INHERIT_ENDED, the mutant: it takes over a lifetime that has ended.
   */
  if
  :: goto refresh
  :: DEATH -> goto die
  :: d_step {
    if
#ifdef INHERIT_ENDED
    :: holder[H] == me && rt[me] != 0 && tok[H] == rt[me] ->
#else
    :: holder[H] == me && rt[me] != 0 && tok[H] == rt[me] && slo[H] != 0 && life[slo[H]] ->
#endif
       if
       :: Klo == slo[H] -> Klo = me
       :: else -> skip
       fi;
       slo[H] = me; life[me] = 1; bel[me] = 1; waiting[me] = 0; res = DONE
    :: else -> res = 0
    fi;
    tidy();
    printf("p%d 5': [M] inherits the lifetime: %d\n", me, res); state()
  }
  fi;
  if
  :: res == DONE -> rt[me] = 0; res = 0; goto hold
  :: else -> goto refresh
  fi;

refresh:
  /* 5. (R) refresh K under the slot's tok to p's lifetime */
  if
  :: DEATH -> goto die
  :: d_step {
    if
    :: rt[me] != 0 && Kt == rt[me] ->
       Klo = me; life[me] = 1; bel[me] = 1; slo[H] = me; waiting[me] = 0; res = DONE
    :: else -> res = 0
    fi;
    rt[me] = 0;
    tidy();
    printf("p%d 5: refresh: %d\n", me, res); state()
  }
  fi;
  if
  :: res == DONE -> res = 0; goto hold
  :: else -> skip
  fi;
  /* it was not: [M] if holder == p: tok = none, holder = none, global = p; go to 2 */
  if
  :: DEATH -> goto die
  :: d_step {
    if
    :: holder[H] == me -> tok[H] = 0; holder[H] = 0; glob[H] = me; res = GO
    :: else -> res = 0
    fi;
    tidy();
    printf("p%d 5: [M] refresh failed: %d\n", me, res); state()
  }
  fi;
  if
  :: res == GO -> res = 0; goto global
  :: else -> goto again                           /* not the holder any more: step 1 again */
  fi;

hold:
  /* unlock() 1. [M] */
  if
  :: DEATH -> goto die
  :: d_step {
    bel[me] = 0;
    if
    :: holder[H] != me -> res = 0                 /* false, nothing else */
    :: holder[H] == me && lqlen[H] > 0 && BOUND_OK ->
       lqpop(H); holder[H] = w_;
       if
       :: handed[H] < BOUND -> handed[H]++
       :: else -> skip
       fi;
       wake(w_, HANDED); w_ = 0; res = 0
    :: else -> rt[me] = tok[H]; res = REL
    fi;
    tidy();
    printf("p%d unlock() 1: %d\n", me, res); state()
  }
  fi;
  if
  :: res == REL -> res = 0
  :: else -> goto lock
  fi;
  /* 2. (R) the global release of K under tok (compare-and-delete; grants it to the first global waiter) */
  if
  :: DEATH -> goto die
  :: d_step {
    if
    :: Kt != 0 && Kt == rt[me] ->
       if
       :: gqlen > 0 -> gqpop(); Kt = mt[w_]; Klo = w_; life[w_] = 1; w_ = 0
       :: else -> Kt = 0
       fi
    :: else -> skip
    fi;
#ifndef FIX_RELEASE
    rt[me] = 0;
#endif
    tidy();
    printf("p%d unlock() 2: global release\n", me); state()
  }
  fi;
  /* [M] tok = none, holder = none; pop w, GO_GLOBAL, global = w */
  if
  :: DEATH -> goto die
  :: d_step {
#ifdef FIX_RELEASE
    if
    :: holder[H] == me && tok[H] == rt[me] ->
#endif
    tok[H] = 0; holder[H] = 0;
    if
    :: lqlen[H] > 0 -> lqpop(H); wake(w_, GO_GLOBAL); glob[H] = w_; w_ = 0
    :: else -> skip
    fi;
#ifdef FIX_RELEASE
    :: else -> skip                               /* a waiter reclaimed the slot meanwhile: not mine */
    fi;
    rt[me] = 0;
#endif
    life[me] = 0;
    tidy();
    printf("p%d unlock() 2: [M] slot cleared\n", me); state()
  }
  fi;
  goto lock;

die:
  atomic {
    ndead++;
    dead[me] = 1; bel[me] = 0; life[me] = 0; waiting[me] = 0; woken[me] = NONE;
    gqrem(me); mt[me] = 0; rt[me] = 0; ht[me] = 0;
    res = 0; rh = 0; rk = 0;
    tidy();
    printf("p%d dies\n", me); state()
  };
end:
  skip
}

#ifdef STALLS
#define STALL_OK (nstall < STALLS)
#define STALL_MARK nstall++
#else
#define STALL_OK true
#define STALL_MARK skip
#endif

/* Time: a running lifetime ends (its believer stops believing), K expires
   once its lifetime has ended or its process died. Nothing forces time to
   pass (the stutter): a run that needs a lifetime to end must be excused. */
active proctype Env() {
end_env:
  do
  :: d_step { life[1] && STALL_OK -> STALL_MARK; life[1] = 0; bel[1] = 0; tidy(); printf("lifetime of p1 ends\n"); state() }
  :: d_step { life[2] && STALL_OK -> STALL_MARK; life[2] = 0; bel[2] = 0; tidy(); printf("lifetime of p2 ends\n"); state() }
  :: d_step { life[3] && STALL_OK -> STALL_MARK; life[3] = 0; bel[3] = 0; tidy(); printf("lifetime of p3 ends\n"); state() }
  :: d_step { life[4] && STALL_OK -> STALL_MARK; life[4] = 0; bel[4] = 0; tidy(); printf("lifetime of p4 ends\n"); state() }
  :: d_step { Kt != 0 && (dead[Klo] || !life[Klo]) -> printf("K (t%d) expires\n", Kt); Kt = 0; tidy(); state() }
  :: Kt != 0 -> skip                             /* the stutter: time need not pass */
  od
}

/* (a) and (b) in every state */
active proctype Monitor() {
end_mon:
  atomic {
#if defined(ONLY_A) || defined(ONLY_MUTEX)
    !MUTEX -> assert(MUTEX)
#else
    !(MUTEX && SLOTOK) -> assert(MUTEX && SLOTOK)
#endif
  }
}

init {
  atomic {
    run P(1); run P(2);
#if NA == 3
    run P(3);
#endif
    run P(4)
  }
}
