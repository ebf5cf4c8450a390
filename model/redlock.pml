/*
 * The lock over several masters (Redlock mode: ext/core/rl_redlock.c,
 * ext/core/lua/redlock_*.lua, php_redislock_multi_lock() in
 * ext/php/php_redislock_lock_multi.c): 3 masters, quorum 2, NCL clients that
 * each call lock() with a timeout (they wait) ROUNDS times, hold the lock, and
 * unlock() it. See model/README.md.
 *
 * Each d_step below is one script (or BLPOP) on one master: a master runs
 * them one at a time, atomically. A client's fan-out (acquire, roll-back,
 * unlock, BLPOP) reaches the masters in any order, interleaved with anyone
 * else's; the client goes on once every master answered (no master fails
 * here). Tokens: client c's token is c (a new lock() call gets a new token:
 * nothing of the old one is left, new_token asserts it).
 * Time is gone: no key expires (a holder always unlocks), a BLPOP has no
 * timeout, the mark and the notes never expire. So a lost wake-up is a state
 * where every client still in lock() blocks for good while nobody holds a
 * key: spin's invalid end state (holders and fan-outs can always move on).
 *
 * Build switches (scripts/model-check.sh uses them):
 *   NCL=2|3          clients (ids 1..NCL); ROUNDS lock() calls each,
 *   ROUNDS1          client 1's own count (default ROUNDS)
 *   GIVE_UP          after a missed quorum (and its roll-back) lock() may
 *                    return false instead of blocking: its timeout passed
 *   CYCLE            the progress label for the poll-loop check (pan -l)
 *   LOSE_KEY         master 0 loses the lock key at any moment (a restart
 *                    without persistence): mutual exclusion fails, a
 *                    documented limit of Redlock (README.md)
 *   LATE_DROP        a dropped BLPOP stays blocked on its master until the
 *                    master notices the closed connection, at any later
 *                    moment (also after the client's next script there):
 *                    a lost wake-up, so the C client relies on the order
 *   FENCE            the fencing option (redlock_acquire.lua's and "lock take
 *                    fenced"'s count, redlock_fence.lua): every master that
 *                    grants counts a fence on its counter F[m] (which start
 *                    apart: masters' clocks and histories differ), the
 *                    client keeps the greatest and, holding, confirms it
 *                    (fence()): on every master still holding its token the
 *                    counter is raised to it, a quorum must say yes. Checks
 *                    (f): every confirmed fence is greater than every fence
 *                    confirmed before it (holders confirm in the order they
 *                    hold: mutual exclusion)
 * Mutants (each must fail):
 *   NO_FLOOR         (with FENCE) fence() confirms without raising the
 *                    counters: the greatest count of one quorum can exceed
 *                    every count of a later quorum
 *   FENCE_MIN        (with FENCE) the fence is the least count of the
 *                    quorum, not the greatest
 *   NO_MARK          the acquire script does not mark the lock when held
 *   UNLOCK_NO_NOTE   "unlock" leaves no note
 *   ROLLBACK_NO_NOTE "rollback" never leaves a note (a split vote: lost
 *                    wake-up)
 *   ROLLBACK_ALWAYS  "rollback" leaves a note even when nobody saw its token
 *                    (a poll loop while another client holds the lock)
 */

#ifndef NCL
#define NCL 3
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif
#ifndef ROUNDS1
#define ROUNDS1 ROUNDS          /* client 1's lock() calls */
#endif
#define MYROUNDS (me == 1 -> ROUNDS1 : ROUNDS)
#define NM     3                /* masters 0..2 */
#define QUORUM 2
#define ALL    7                /* a bit per master */

/* kinds of "redlock release" */
#define UNLOCK   0
#define ROLLBACK 1

typedef Blocked {               /* the clients blocked in BLPOP on one master's wake list, in order */
  byte c[NCL];
  byte n
}

/* ---- server state, per master ---- */
byte K[NM];                     /* the lock key: holder's token, 0 = missing */
bool markW[NM];                 /* the waiters' mark exists (its field "w") */
byte markT[NM];                 /* its fields t<token>: bit c for client c's token */
bool note[NM];                  /* the wake list holds its (one) note */
Blocked bq[NM];

#ifdef FENCE
byte F[NM];                     /* the fence counter; init: 0, 4, 8 */
#endif

/* ---- ghosts ---- */
bool bel[NCL + 1];              /* believes it holds the lock (a quorum said yes) */
#ifdef FENCE
byte lastF;                     /* the last fence confirmed */
bool fsat;                      /* a counter reached FMAX (retries without end count without end):
                                   (f) is checked on the paths before, which include every
                                   mutant's counterexample (a few acquisitions deep) */
#define FMAX 10
#endif
bool woken[NCL + 1];            /* some BLPOP of its block popped a note */
#ifdef LATE_DROP
#define GHOST 8                 /* bq entry c + GHOST: a dropped BLPOP of c still blocked */
byte ghost[NCL + 1];            /* bit m: c has such an entry on master m */
#endif

/* scratch, reset before each d_step ends (hidden: not state) */
hidden byte i_;
hidden byte j_;
hidden byte w_;
hidden byte b_;                 /* the release found t<token> */

#if NCL == 2
#define NBEL (bel[1] + bel[2])
#define NOBODY_HOLDS (!bel[1] && !bel[2])
#else
#define NBEL (bel[1] + bel[2] + bel[3])
#define NOBODY_HOLDS (!bel[1] && !bel[2] && !bel[3])
#endif
#define MUTEX (NBEL <= 1)

#define BIT(c)  (1 << (c))
#define COUNT(s) (((s) & 1) + (((s) >> 1) & 1) + (((s) >> 2) & 1))

/* replaying a trail (spin -t) prints these; pan does not run printf */
/* K: holder per master; w: mark exists; t: its t<token> fields (bit c:
   client c's token); notes: a note waits in the wake list; blocked: how many
   BLPOPs block there; bel: believers */
inline state() {
  printf("      K=%d%d%d w=%d%d%d t=%d,%d,%d notes=%d%d%d blocked=%d,%d,%d bel=%d%d%d\n",
         K[0], K[1], K[2], markW[0], markW[1], markW[2], markT[0], markT[1], markT[2],
         note[0], note[1], note[2], bq[0].n, bq[1].n, bq[2].n, bel[1], bel[2], bel[NCL] && NCL == 3)
}

/* RPUSH wake 'r' on master m; Redis then serves the first client blocked
   there (the pop happens before any other command on m) */
inline push(m) {
  if
  :: bq[m].n > 0 ->
     w_ = bq[m].c[0];
     i_ = 1;
     do
     :: i_ < bq[m].n -> bq[m].c[i_ - 1] = bq[m].c[i_]; i_++
     :: else -> break
     od;
     bq[m].n--;
     bq[m].c[bq[m].n] = 0;
#ifdef LATE_DROP
     if
     :: w_ > GHOST -> ghost[w_ - GHOST] = ghost[w_ - GHOST] & ~BIT(m);
        printf("      note on m%d pops for a dropped BLPOP of c%d: lost\n", m, w_ - GHOST)
     :: else -> woken[w_] = 1; printf("      note on m%d pops for c%d\n", m, w_)
     fi;
#else
     woken[w_] = 1;
     printf("      note on m%d pops for c%d\n", m, w_);
#endif
     w_ = 0; i_ = 0
  :: else -> note[m] = 1
  fi
}

/* ---- the scripts ---- */

/* "redlock acquire" (redlock_acquire.lua) on master m */
inline acquire(me, m) {
  d_step {
    if
    :: K[m] == 0 -> K[m] = me; yes = yes | BIT(m)          /* SET NX PX */
#ifdef FENCE
       ;
       if                                                     /* count_fence() */
       :: F[m] < FMAX -> F[m]++
       :: else -> fsat = 1     /* bytes: past FMAX the fences say nothing (the assertion is off) */
       fi;
       if
       :: F[m] > fmax -> fmax = F[m]
       :: else
       fi;
#ifdef FENCE_MIN
       ;
       if
       :: fmin == 0 || F[m] < fmin -> fmin = F[m]
       :: else
       fi
#endif
#endif
    :: else ->
#ifndef NO_MARK
       markW[m] = 1; markT[m] = markT[m] | BIT(K[m])         /* HSET mark w 1 t<holder> 1 */
#else
       skip
#endif
    fi;
    printf("c%d acquire on m%d -> %d\n", me, m, (yes >> m) & 1); state()
  }
}

/* "redlock release" (redlock_release.lua) on master m, kind UNLOCK | ROLLBACK */
inline release(me, m, kind) {
  d_step {
    if
    :: K[m] == me ->
       K[m] = 0;                                              /* DEL K */
       b_ = (markT[m] >> me) & 1;                             /* HDEL mark t<token> == 1 */
       markT[m] = markT[m] & ~BIT(me);
       if
#if defined(UNLOCK_NO_NOTE)
       :: kind == UNLOCK -> skip
#else
       :: kind == UNLOCK && (b_ || markW[m]) && !note[m] -> push(m)
#endif
#if defined(ROLLBACK_NO_NOTE)
       :: kind == ROLLBACK -> skip
#elif defined(ROLLBACK_ALWAYS)
       :: kind == ROLLBACK && !note[m] -> push(m)
#else
       :: kind == ROLLBACK && b_ && !note[m] -> push(m)
#endif
       :: else -> skip
       fi
    :: else -> skip                                           /* not ours: 0 */
    fi;
    if
    :: kind == UNLOCK -> printf("c%d unlock on m%d\n", me, m)
    :: else -> printf("c%d rollback on m%d\n", me, m)
    fi;
    state();
    b_ = 0
  }
}

/* BLPOP wake 0 on master m reaches it: pops the note, or blocks (in order) */
inline blpop(me, m) {
  d_step {
#ifdef LATE_DROP
    (ghost[me] & BIT(m)) == 0;  /* at most one BLPOP per client and master */
#endif
    if
    :: note[m] -> note[m] = 0; woken[me] = 1; printf("c%d BLPOP on m%d pops\n", me, m)
    :: else ->
       assert(bq[m].n < NCL);   /* one BLPOP per client and master */
       bq[m].c[bq[m].n] = me; bq[m].n++;
       printf("c%d BLPOP on m%d blocks\n", me, m)
    fi
  }
}

/* the gather is over: the connections still blocked are dropped (a BLPOP
   that popped before this is lost with its note, as a swallowed reply) */
inline drop(me) {
  d_step {
    j_ = 0;
    do
    :: j_ < NM ->
       i_ = 0;
       do
       :: i_ < bq[j_].n && bq[j_].c[i_] != me -> i_++
       :: else -> break
       od;
       if
       :: i_ < bq[j_].n ->
#ifdef LATE_DROP
          /* the server sees the connection closed later (unblock) */
          bq[j_].c[i_] = me + GHOST; ghost[me] = ghost[me] | BIT(j_)
#else
          do
          :: i_ + 1 < bq[j_].n -> bq[j_].c[i_] = bq[j_].c[i_ + 1]; i_++
          :: else -> break
          od;
          bq[j_].n--;
          bq[j_].c[bq[j_].n] = 0
#endif
       :: else -> skip
       fi;
       j_++
    :: else -> break
    od;
    woken[me] = 0;
    i_ = 0; j_ = 0;
    printf("c%d woken: drops its other BLPOPs\n", me); state()
  }
}

#ifdef LATE_DROP
/* master m notices that the connection of the dropped BLPOP of me is closed */
inline unblock(me, m) {
  d_step {
    (ghost[me] & BIT(m)) ->
    i_ = 0;
    do
    :: bq[m].c[i_] != me + GHOST -> i_++
    :: else -> break
    od;
    do
    :: i_ + 1 < bq[m].n -> bq[m].c[i_] = bq[m].c[i_ + 1]; i_++
    :: else -> break
    od;
    bq[m].n--;
    bq[m].c[bq[m].n] = 0;
    ghost[me] = ghost[me] & ~BIT(m);
    i_ = 0;
    printf("m%d drops the closed BLPOP of c%d\n", m, me)
  }
}
#endif

/* ---- clients ---- */

/* a client's phase in lock() / unlock() */
#define P_ACQ    1              /* acquire fan-out: todo = masters not yet answered */
#define P_ROLL   2              /* roll-back fan-out where the SET landed */
#define P_BLOCK  3              /* BLPOP fan-out; todo = BLPOPs not yet on their master */
#define P_RETRY  4              /* woken: attempts again */
#define P_HOLD   5              /* holds the lock */
#define P_UNLOCK 6              /* unlock fan-out */
#define P_DONE   7
#define P_FENCE  8              /* holding: fence() fan-out (FENCE) */

#ifdef FENCE
/* the fence of an acquisition: the greatest count of its quorum (the mutant: the least) */
#ifdef FENCE_MIN
#define FENCE_OF fmin
#else
#define FENCE_OF fmax
#endif

/* "redlock fence" (redlock_fence.lua) on master m: raise the counter to the fence where my token holds */
inline fence(me, m) {
  d_step {
    if
    :: K[m] == me ->
#ifndef NO_FLOOR
       if
       :: F[m] < FENCE_OF -> F[m] = FENCE_OF
       :: else
       fi;
#endif
       fok = fok | BIT(m)
    :: else -> skip
    fi;
    printf("c%d fence %d on m%d: F=%d,%d,%d\n", me, FENCE_OF, m, F[0], F[1], F[2])
  }
}

/* the fence fan-out answered on every master: a quorum confirms the fence (f) */
inline fence_done(me) {
  if
  :: COUNT(fok) >= QUORUM ->
     assert(fsat || FENCE_OF > lastF);
     lastF = FENCE_OF;
     printf("c%d's fence %d confirmed\n", me, FENCE_OF)
  :: else -> skip
  fi;
  fok = 0; fmax = 0; ph = P_HOLD;
#ifdef FENCE_MIN
  fmin = 0
#endif
}
#endif


/* unlock() answered on every master: the next lock(), or the end */
#define NEXT_ROUND(me) \
  r++; \
  if \
  :: r < MYROUNDS -> new_token(me) \
  :: else -> ph = P_DONE; todo = 0 \
  fi

/* the acquire answered on every master: held, or roll back, or block */
inline decide(me) {
  if
  :: COUNT(yes) >= QUORUM ->
     bel[me] = 1; yes = 0; printf("c%d holds the lock\n", me);
#ifdef FENCE
     ph = P_FENCE; todo = ALL
#else
     ph = P_HOLD
#endif
  :: else ->
#ifdef FENCE
     fmax = 0;
#ifdef FENCE_MIN
     fmin = 0;
#endif
#endif
     todo = yes; yes = 0;
     if
     :: todo != 0 -> ph = P_ROLL
     :: else -> ph = P_BLOCK; todo = ALL
     fi
  fi
}

/* lock(): a new token. The t<token> fields of an earlier token of mine
   never match again: drop them (only a lost key leaves any) */
inline new_token(me) {
#ifdef LOSE_KEY
  markT[0] = markT[0] & ~BIT(me); markT[1] = markT[1] & ~BIT(me); markT[2] = markT[2] & ~BIT(me);
#else
  assert(((markT[0] | markT[1] | markT[2]) & BIT(me)) == 0);
#endif
  ph = P_ACQ; todo = ALL
}

/* Each option is one step: a script (or BLPOP) on one master, or the
   client's own move. A fan-out's steps come in any order. */
proctype Client(byte me) {
  byte r = 0;
  byte ph = 0;
  byte todo = 0;
  byte yes = 0;                 /* masters whose SET NX took my token */
#ifdef FENCE
  byte fmax = 0;                /* the greatest fence this attempt counted */
#ifdef FENCE_MIN
  byte fmin = 0;                /* the least */
#endif
  byte fok = 0;                 /* masters that raised their counter to my fence */
#endif

  d_step { new_token(me) };
  do
  :: d_step { ph == P_ACQ && (todo & 1) -> acquire(me, 0); todo = todo & 6; if :: todo == 0 -> decide(me) :: else fi }
  :: d_step { ph == P_ACQ && (todo & 2) -> acquire(me, 1); todo = todo & 5; if :: todo == 0 -> decide(me) :: else fi }
  :: d_step { ph == P_ACQ && (todo & 4) -> acquire(me, 2); todo = todo & 3; if :: todo == 0 -> decide(me) :: else fi }

  /* a missed quorum: roll back, then block on every master at once */
  :: d_step { ph == P_ROLL && (todo & 1) -> release(me, 0, ROLLBACK); todo = todo & 6; if :: todo == 0 -> ph = P_BLOCK; todo = ALL :: else fi }
  :: d_step { ph == P_ROLL && (todo & 2) -> release(me, 1, ROLLBACK); todo = todo & 5; if :: todo == 0 -> ph = P_BLOCK; todo = ALL :: else fi }
  :: d_step { ph == P_ROLL && (todo & 4) -> release(me, 2, ROLLBACK); todo = todo & 3; if :: todo == 0 -> ph = P_BLOCK; todo = ALL :: else fi }
#ifdef GIVE_UP
  /* the timeout passed: lock() returns false (no block) */
  :: d_step { ph == P_BLOCK && todo == ALL && !woken[me] -> r++; todo = 0; printf("c%d gives up\n", me);
              if :: r < MYROUNDS -> new_token(me) :: else -> ph = P_DONE fi }
#endif
  /* the BLPOPs reach their masters in any order; once one popped, the
     others may still pop (a note they take is lost with the connection) */
  :: d_step { ph == P_BLOCK && (todo & 1) -> blpop(me, 0); todo = todo & 6 }
  :: d_step { ph == P_BLOCK && (todo & 2) -> blpop(me, 1); todo = todo & 5 }
  :: d_step { ph == P_BLOCK && (todo & 4) -> blpop(me, 2); todo = todo & 3 }
#ifdef CYCLE
  :: d_step { ph == P_BLOCK && woken[me] -> drop(me); todo = 0; ph = P_RETRY }
#else
  :: d_step { ph == P_BLOCK && woken[me] -> drop(me); ph = P_ACQ; todo = ALL }
#endif
  /* the retry: a cycle that never passes progress_free (nobody holding) is
     waiters polling while the lock is held */
#ifdef CYCLE
  :: ph == P_RETRY && NOBODY_HOLDS -> progress_free: d_step { ph = P_ACQ; todo = ALL }
  :: d_step { ph == P_RETRY && !NOBODY_HOLDS -> ph = P_ACQ; todo = ALL }
#endif

#ifdef FENCE
  /* fence(): on every master at once, in any order */
  :: d_step { ph == P_FENCE && (todo & 1) -> fence(me, 0); todo = todo & 6; if :: todo == 0 -> fence_done(me) :: else fi }
  :: d_step { ph == P_FENCE && (todo & 2) -> fence(me, 1); todo = todo & 5; if :: todo == 0 -> fence_done(me) :: else fi }
  :: d_step { ph == P_FENCE && (todo & 4) -> fence(me, 2); todo = todo & 3; if :: todo == 0 -> fence_done(me) :: else fi }
#endif
  /* unlock(): the belief ends when it starts */
  :: d_step { ph == P_HOLD -> bel[me] = 0; ph = P_UNLOCK; todo = ALL }
  :: d_step { ph == P_UNLOCK && (todo & 1) -> release(me, 0, UNLOCK); todo = todo & 6; if :: todo == 0 -> NEXT_ROUND(me) :: else fi }
  :: d_step { ph == P_UNLOCK && (todo & 2) -> release(me, 1, UNLOCK); todo = todo & 5; if :: todo == 0 -> NEXT_ROUND(me) :: else fi }
  :: d_step { ph == P_UNLOCK && (todo & 4) -> release(me, 2, UNLOCK); todo = todo & 3; if :: todo == 0 -> NEXT_ROUND(me) :: else fi }
#ifdef LATE_DROP
  :: unblock(me, 0)
  :: unblock(me, 1)
  :: unblock(me, 2)
#endif
  :: ph == P_DONE -> break
  od;
end:
  skip
}

#ifdef LOSE_KEY
/* master 0 restarts without persistence: its key is gone */
active proctype Env() {
end_env:
  do
  :: d_step { K[0] != 0 -> printf("m0 loses the key of c%d\n", K[0]); K[0] = 0 }
  od
}
#endif

/* mutual exclusion in every state */
active proctype Monitor() {
end_mon:
  atomic { !MUTEX -> assert(MUTEX) }
}

init {
  atomic {
#ifdef FENCE
    F[1] = 4; F[2] = 8;
#endif
    i_ = 1;
    do
    :: i_ <= NCL -> run Client(i_); i_++
    :: else -> break
    od;
    i_ = 0
  }
}
