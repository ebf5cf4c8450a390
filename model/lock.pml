/*
 * The lock's wait protocol (ext/core/lua/README.md), one resource.
 *
 * Each d_step below is one Lua script call: Redis runs a script atomically,
 * so nothing may interleave inside it, and nothing finer is worth modelling.
 * Time is gone: a TTL that may pass is an Env step that may fire at any
 * moment; a BLPOP timeout is a choice the waiter may take at any moment.
 *
 * Build switches (scripts/model-check.sh uses them):
 *   NW=2|3          waiters (ids 1..NW); the try-lock client is NW+1
 *   NO_CHECKIN      drop the CHECKIN_MS bound on a BLPOP (progress must fail:
 *                   shows why every waiter has to check in)
 *   JOIN_HINT       with NO_CHECKIN: the BLPOP behind a join blocks only PTTL+1
 *                   too (it cannot in the C client: it is written before the -n)
 *   DEAD_LATE_ONLY  only a dead waiter's entry outlives its liveness
 *   OLD_REVOKE      the previous protocol's bug (mutual exclusion must fail)
 *   NO_PEXPIRE      a claim that does not turn the grace into the lifetime
 *   RELEASE_LITERAL "if K == token: hand on, else DEL K" read literally
 *   HANDED_NO_CHECK "lock handed" hands on without checking that K is free
 *                   (mutual exclusion must fail)
 *   NO_WATCH        only the plain release (the protocol before the watch)
 *   ONE_FAILURE     at most one client fails: dies, or lets its lifetime run
 *                   out without releasing (with NO_CHECKIN: the fast path)
 *   HANDED_NO_TELL  "lock handed" does not tell the head of an unclaimed
 *                   grant (the fast path must fail)
 *   NO_TELL_CLAIMED "lock handed" does not tell the head of a claimed lock
 *                   shorter than CHECKIN_MS (the first version of the watch:
 *                   the fast path must fail)
 *   STALL           a waiter may stall (alive, not running) between the script
 *                   that made it the owner and its reading of the answer: the
 *                   claim ran without it, and its lifetime may pass meanwhile.
 *                   The C client then confirms (lock extend) before it
 *                   believes, and queues again if the lock is gone
 *                   (php_redislock_lifetime_may_have_ended())
 *   NO_CONFIRM      with STALL: the answer is believed as read (mutual
 *                   exclusion must fail: the bug of the client before the check)
 *   CONFIRM_KEEPS_ENTRY with STALL: a confirm that finds the lock lost leaves
 *                   the token queued (a re-join may then queue it twice: the
 *                   queue's bound assertion must fail)
 *   SHORTEN         a holder may shorten its lifetime once (expire() to less
 *                   than K's PTTL): a head blocked until the PTTL it read
 *                   would wake after K ended, so "lock extend" tells it to
 *                   look again. With NO_CHECKIN, such a stale wait is
 *                   modelled as no wait on K at all (it ends up to CHECKIN_MS
 *                   late, as a check-in would)
 *   EXTEND_NO_TELL  with SHORTEN: "lock extend" shortens without telling the
 *                   head (the fast path must fail: issue 20's second defect)
 */

#ifndef NW
#define NW 2
#endif
#define TRY   (NW + 1)
#define NC    (NW + 2)          /* ids 1..NW+1; 0 = nobody */
#define QMAX  NW                /* only waiters queue, each at most once */

#ifndef TROUNDS
#define TROUNDS 2               /* try-lock attempts: a second one races a hand-over */
#endif

/* script replies: 1, 0, -n */
#define NOTOWNED 0
#define OWNED    1
#define HEAD     2

/* modes of "lock wait" */
mtype = { JOIN, VISIT, LEAVE }

/* T entry of a waiter */
#define T_NONE 0
#define T_LIVE 1
#define T_LATE 2                /* liveness passed (its key expired): pop_live drops it, a visit re-queues it */

#if defined(OLD_REVOKE) || defined(NO_PEXPIRE) || defined(RELEASE_LITERAL) || defined(HANDED_NO_CHECK) \
    || defined(NO_CONFIRM)
#define MUTANT
#endif
#ifdef OLD_REVOKE
#define NO_WATCH                /* the old protocol had no watched release */
#endif

/* modes of "lock release" */
#define PLAIN 0
#define WATCH 1

/* ---- server state ---- */
byte K;                         /* holder's token, 0 = key missing */
bool Kgrace;                    /* K's TTL is a grant's grace, not a lifetime */
byte Q[QMAX];
byte qlen;
byte T[NC];
byte wake[NC];                  /* elements in wake(id), saturating at 2 */
byte G;                         /* the watched grant's token, 0 = none (the scripts: K = "@" w releaser) */
byte A;                         /* elements in A ("c"/"n"), saturating at 2 (the scripts: the releaser's wake list) */
#ifdef OLD_REVOKE
bool Kdue;                      /* old protocol: the grant's grace deadline passed */
#endif

/* ---- ghosts: what clients believe, what the properties talk about ---- */
bool bel[NC];                   /* believes it holds the lock */
bool dead[NC];
bool waiting[NC];               /* joined, alive, not yet owned nor left */
#ifdef ONE_FAILURE
bool failed;                    /* a client died or let its lifetime run out */
#endif
#ifdef STALL
bool inflight[NC];              /* a script made it the owner; the answer is not read yet */
bool lapsed[NC];                /* ... and its lifetime passed on the server before it was */
#endif
#ifdef NO_CHECKIN
bool kgone[NC];                 /* K's instance seen by my last visit has ended */
bool hinted[NC];                /* my last reply was -n (block PTTL+1) */
#endif

/* scratch for the scripts, reset before each d_step ends (hidden: not state) */
hidden byte i_;
hidden byte w_;
hidden byte b_;

#if NW == 2
#define NBEL (bel[1] + bel[2] + bel[3])
#define WAITING (waiting[1] || waiting[2])
#define ALLLATE ((T[1] != T_LIVE) && (T[2] != T_LIVE))
#else
#define NBEL (bel[1] + bel[2] + bel[3] + bel[4])
#define WAITING (waiting[1] || waiting[2] || waiting[3])
#define ALLLATE ((T[1] != T_LIVE) && (T[2] != T_LIVE) && (T[3] != T_LIVE))
#endif

/* (a) mutual exclusion */
#define MUTEX (NBEL <= 1)
/* (b) a believer's K is its own, with its lifetime (not a grace that may lapse) */
#define CLAIMED(i) (!bel[i] || (K == i && !Kgrace))
#if NW == 2
#define KEPT (CLAIMED(1) && CLAIMED(2) && CLAIMED(3))
#else
#define KEPT (CLAIMED(1) && CLAIMED(2) && CLAIMED(3) && CLAIMED(4))
#endif

/* G is the shadow of an unclaimed grant: set with it, same PX, deleted by its claim */
#ifdef MUTANT
#define GTIED true
#else
#define GTIED (G == 0 || (K == G && Kgrace))
#endif

/* (c) progress: a free lock with a live waiter does not stay free */
ltl progress { [] ((K == 0 && WAITING) -> <> (K != 0 || !WAITING)) }

/* replaying a trail (spin -t) prints these; pan does not run printf */
inline state() {
#if NW == 2
  printf("      K=%d grace=%d G=%d A=%d Q=[%d %d] T=%d%d bel=%d%d%d\n", K, Kgrace, G, A,
         Q[0], Q[1], T[1], T[2], bel[1], bel[2], bel[3])
#else
  printf("      K=%d grace=%d G=%d A=%d Q=[%d %d %d] T=%d%d%d bel=%d%d%d%d\n", K, Kgrace, G, A,
         Q[0], Q[1], Q[2], T[1], T[2], T[3], bel[1], bel[2], bel[3], bel[4])
#endif
}

/* ---- pieces of the scripts (ext/core/lua/_lock_queue.lua) ---- */

inline push(x) {                /* RPUSH wake(x) */
  if
  :: wake[x] < 2 -> wake[x]++
  :: else -> skip
  fi
}

inline ack() {                  /* RPUSH A ("c" or "n") */
  if
  :: A < 2 -> A++
  :: else -> skip
  fi
}

inline kend() {                 /* K's instance ended: a head's PTTL+1 block returns */
#ifdef NO_CHECKIN
  i_ = 1;
  do
  :: i_ <= NW -> kgone[i_] = 1; i_++
  :: else -> break
  od;
  i_ = 0
#else
  skip
#endif
}

inline qpop() {                 /* LPOP Q into w_ */
  w_ = Q[0];
  i_ = 1;
  do
  :: i_ < qlen -> Q[i_ - 1] = Q[i_]; i_++
  :: else -> break
  od;
  qlen--;
  Q[qlen] = 0;
  i_ = 0
}

inline qrem(x) {                /* LREM Q 1 x */
  i_ = 0;
  do
  :: i_ < qlen && Q[i_] != x -> i_++
  :: else -> break
  od;
  if
  :: i_ < qlen ->
     do
     :: i_ + 1 < qlen -> Q[i_] = Q[i_ + 1]; i_++
     :: else -> break
     od;
     qlen--;
     Q[qlen] = 0
  :: else -> skip
  fi;
  i_ = 0
}

inline qtail(x) {               /* RPUSH Q x */
  assert(qlen < QMAX);          /* a token is never queued twice */
  Q[qlen] = x;
  qlen++
}

inline qhead(x) {               /* LPUSH Q x */
  assert(qlen < QMAX);
  i_ = qlen;
  do
  :: i_ > 0 -> Q[i_] = Q[i_ - 1]; i_--
  :: else -> break
  od;
  Q[0] = x;
  qlen++
}

inline pop_live() {             /* first live entry into w_ (0: none); late ones are dropped */
  do
  :: qlen == 0 -> w_ = 0; break
  :: else ->
     qpop();
     if
     :: T[w_] == T_LIVE -> T[w_] = T_NONE; break
     :: else -> T[w_] = T_NONE
     fi
  od
}

inline tell_head(me) {          /* "h" to the new head, unless it is the caller */
  if
  :: qlen > 0 && Q[0] != me -> push(Q[0])
  :: else -> skip
  fi
}

/* K is free: the first live waiter gets it; w_ says who. A watched
   hand-over (the releaser waits for the claim) sets G instead of telling
   the new head. */
inline hand_on(me, watched) {
  pop_live();
  if
  :: w_ == 0 -> skip
  :: else ->
     kend();
     if
     :: w_ == me -> tell_head(me); K = me; Kgrace = 0      /* SET K me PX ttl */
     :: else ->
        if
        :: watched -> G = w_                              /* SET G w PX grace */
        :: else -> tell_head(me)
        fi;
        K = w_; Kgrace = 1; push(w_)                      /* SET K w PX grace, "g" */
     fi
  fi
}

/* ---- the scripts ---- */

/* SET K token NX PX ttl */
inline set_nx(me, res) {
  d_step {
    if
    :: K == 0 -> K = me; Kgrace = 0; bel[me] = 1; res = OWNED
    :: else -> res = NOTOWNED
    fi;
    printf("c%d SET NX -> %d\n", me, res); state()
  }
}

/* "lock wait" (ext/core/lua/lock_wait.lua), mode JOIN | VISIT | LEAVE */
inline lock_wait(me, mode, res) {
  d_step {
    res = NOTOWNED;
#ifdef OLD_REVOKE
    /* the old protocol: anyone's script revoked a grant whose grace had passed */
    if
    :: K != 0 && K != me && Kgrace && Kdue -> K = 0; Kgrace = 0; Kdue = 0; G = 0; kend()
    :: else -> skip
    fi;
#endif
    if
    :: K == me ->
       /* the claim: PEXPIRE K ttl. From here only my lifetime can end it */
#if !defined(OLD_REVOKE) && !defined(NO_PEXPIRE)
       Kgrace = 0;
#endif
       /* DEL G; if it existed, "c" to A: a watching releaser stops watching */
       if
       :: G != 0 -> G = 0; ack()
       :: else -> skip
       fi;
       res = OWNED
    :: else ->
       if
       :: mode == LEAVE ->
          b_ = (qlen > 0 && Q[0] == me);
          T[me] = T_NONE;
          qrem(me);
          wake[me] = 0;
          if
          :: K != 0 -> if
                       :: b_ -> tell_head(me)   /* the next one must watch K's TTL now */
                       :: else -> skip
                       fi
          :: else -> hand_on(me, 0)
          fi
       :: else ->
          /* an entry lost without leaving (a lapsed grant: popped; a late
             check-in: its key T.me expired, its token maybe still queued) is
             taken back at the head, a queued copy removed first (LREM): it was
             first when it was popped, and a late one jumps the queue once */
          if
          :: T[me] == T_NONE || T[me] == T_LATE ->
             if
             :: mode == JOIN -> qtail(me)
             :: else -> qrem(me); qhead(me)
             fi
          :: else -> skip
          fi;
          T[me] = T_LIVE;
          if
          :: K == 0 ->
             hand_on(me, 0);
             if
             :: w_ == me -> res = OWNED
             :: else -> skip
             fi
          :: else -> skip
          fi;
          if
          :: res != OWNED && qlen > 0 && Q[0] == me && K != 0 -> res = HEAD
          :: else -> skip
          fi
       fi
    fi;
    if
    :: res == OWNED ->
#ifdef STALL
       inflight[me] = 1;        /* believed when read: read_owned() */
#else
       bel[me] = 1;
#endif
       waiting[me] = 0;
       wake[me] = 0;
       if
       :: mode == JOIN -> push(me)   /* "o": the BLPOP behind the join returns at once */
       :: else -> skip
       fi
    :: else ->
       if
       :: mode == JOIN -> waiting[me] = 1
       :: mode == LEAVE -> waiting[me] = 0
       :: else -> skip
       fi
    fi;
#ifdef NO_CHECKIN
    if
    /* the BLPOP behind a join was written before its -n was known */
#ifdef JOIN_HINT
    :: mode != LEAVE -> kgone[me] = 0; hinted[me] = (res == HEAD)
#else
    :: mode != LEAVE -> kgone[me] = 0; hinted[me] = (res == HEAD && mode == VISIT)
#endif
    :: else -> skip
    fi;
#endif
    printf("c%d lock wait %e -> %d\n", me, mode, res); state();
    w_ = 0;
    b_ = 0
  }
}

/* "lock release" (ext/core/lua/lock_release.lua), mode PLAIN | WATCH */
inline lock_release(me, mode) {
  d_step {
    bel[me] = 0;
    if
    :: K == me ->
       /* no DEL A: A is the releaser's own wake list (a new token per lock()), and what it
          holds from the waiting that won the lock reads as a stale element */
       K = 0; Kgrace = 0; kend(); hand_on(0, mode == WATCH);  /* nobody live: DEL K */
       if
       :: w_ == 0 && mode == WATCH -> ack()   /* "n": the BLPOP behind must not block */
       :: else -> skip
       fi
#ifdef RELEASE_LITERAL
    :: else -> if
               :: K != 0 -> K = 0; Kgrace = 0; kend()
               :: else -> skip
               fi
#else
    /* not mine any more: never touch another's K */
    :: else ->
       if
       :: mode == WATCH -> ack()          /* "n" */
       :: else -> skip
       fi
#endif
    fi;
    printf("c%d lock release %d (1: watch)\n", me, mode); state();
    w_ = 0
  }
}

/* BLPOP A 1ms behind a watched release: an element, or the (short) timeout.
   Served when A has one, it pops; served on an empty A, it blocks, and an
   element pushed meanwhile ends it: the same as being served later (the
   step may be taken at any later moment), so the timeout is taken only
   on an empty A; a "c" or "n" left over is a stale element for the next
   watching releaser, as in Redis. */
inline blpop_ack(me) {
  d_step {
    if
    :: A > 0 -> A--; printf("c%d BLPOP A pops\n", me)
    :: else -> printf("c%d BLPOP A times out\n", me)
    fi
  }
}

/* "lock handed" (ext/core/lua/lock_handed.lua), right behind that BLPOP */
inline lock_handed(me) {
  d_step {
    if
#ifdef HANDED_NO_CHECK
    :: true -> hand_on(0, 0)
#else
    :: K == 0 -> hand_on(0, 0)            /* the grant lapsed: hand on, tell the head */
#ifdef HANDED_NO_TELL
    :: K != 0 && G == K -> skip
#else
    :: K != 0 && G == K -> tell_head(0)   /* still unclaimed: the head watches the rest */
#endif
#ifndef NO_TELL_CLAIMED
    :: K != 0 && !Kgrace -> tell_head(0)  /* claimed, for less than CHECKIN_MS (any ttl, here) */
#endif
    :: else -> skip
#endif
    fi;
    printf("c%d lock handed\n", me); state();
    w_ = 0
  }
}

#ifdef SHORTEN
/* "lock extend" (ext/core/lua/lock_extend.lua) to a lifetime shorter than K's
   PTTL. The lifetime is still the holder's (K == me: PEXPIRE), now ending
   sooner than any head read: the head is told ("h") and reads PTTL again. */
inline lock_extend_shorter(me) {
  d_step {
    if
    :: K == me && !Kgrace ->
#ifdef NO_CHECKIN
       i_ = 1;
       do
       :: i_ <= NW -> hinted[i_] = 0; i_++     /* every PTTL read before ends too late now */
       :: else -> break
       od;
       i_ = 0;
#endif
#ifdef EXTEND_NO_TELL
       skip
#else
       tell_head(me)
#endif
    :: else -> skip                            /* not mine any more: 0, nothing changes */
    fi;
    printf("c%d lock extend (shorter)\n", me); state()
  }
}
#endif

#ifdef STALL
/* The client reads an OWNED answer. If its lifetime may have passed since the
   script ran (lapsed: the C client knows it by its own clock, the lifetime
   began no earlier than the step was written), it confirms with "lock extend"
   (K == me: PEXPIRE) before it believes; the lock gone, res = NOTOWNED. */
inline read_owned(me, res) {
  d_step {
    inflight[me] = 0;
#ifdef NO_CONFIRM
    bel[me] = 1;
#else
    if
    :: lapsed[me] ->
       if
       :: K == me && !Kgrace -> bel[me] = 1
       :: else -> res = NOTOWNED;
          /* lock extend, not ours: the token's queued copy and entry go (a
             visit may have queued it; a join would queue it twice) */
#ifndef CONFIRM_KEEPS_ENTRY
          qrem(me); T[me] = T_NONE
#else
          skip
#endif
       fi
    :: else -> bel[me] = 1
    fi;
#endif
    lapsed[me] = 0;
    printf("c%d reads owned -> %d\n", me, res); state()
  }
}
#endif

/* The holder's lifetime ends: it must stop using the lock at that moment,
   which is also when its PX passes on the server (clocks taken as equal). */
inline lifetime_end(me) {
  d_step {
#ifdef ONE_FAILURE
    !failed;                    /* a failure: not released */
    failed = 1;
#endif
    bel[me] = 0;
    if
    :: K == me && !Kgrace -> K = 0; kend()
    :: else -> skip
    fi;
    printf("c%d lifetime ends\n", me); state()
  }
}

/* BLPOP wake(me) b: an element, or the timeout */
inline blpop(me) {
  if
  :: wake[me] > 0 -> wake[me]--; printf("c%d BLPOP pops\n", me)
#ifdef NO_CHECKIN
  :: hinted[me] && kgone[me] -> printf("c%d BLPOP PTTL+1 passed\n", me)  /* only the head's wait times out */
#else
  :: true -> printf("c%d BLPOP times out\n", me)     /* b <= CHECKIN_MS: it always may */
#endif
  fi
}

/* A client may die before any command reaches the server (a command that
   reached it and then the client died is the same as dying right after). */
#ifdef ONE_FAILURE
#define DIE  if :: skip :: atomic { !failed -> failed = 1 }; goto die fi
#else
#define DIE  if :: skip :: goto die fi
#endif

/* unlock(): the plain release, or (a lock it waited for) the watched one:
   [release "watch"][BLPOP A 1ms], then "lock handed", each reaching the
   server in order, any time later, unless the client dies first. The client
   skips "lock handed" when the BLPOP popped the claim of a lifetime of at
   least CHECKIN_MS ("c<ttl>"): the new head's own block, begun before the
   claim and at most CHECKIN_MS long, then ends by the holder's expiry, so
   no notice is needed. Every claim here is shorter than that (the case
   where "lock handed" tells the head), so it always runs. */
#ifdef NO_WATCH
#define RELEASE(me)  lock_release(me, PLAIN)
#else
#define RELEASE(me) \
  if \
  :: lock_release(me, PLAIN) \
  :: lock_release(me, WATCH); DIE; blpop_ack(me); DIE; lock_handed(me) \
  fi
#endif

/* ---- clients ---- */

/* the C client's lock() with $timeout > 0 (php_redislock_wait_in_queue) */
proctype Waiter(byte me) {
  byte res, jres;

  DIE; set_nx(me, res);
  if
  :: res == OWNED -> goto hold
  :: else -> skip
  fi;
  /* [join][BLPOP][visit], written at once, each reaching the server later */
join:
  DIE; lock_wait(me, JOIN, jres);
wait:
  DIE; blpop(me);
  DIE; lock_wait(me, VISIT, res);
  if
  :: jres == OWNED || res == OWNED -> jres = 0; res = OWNED;
#ifdef STALL
     DIE; read_owned(me, res);
     if
     :: res != OWNED -> goto join                 /* lost while it stalled: in line again */
     :: else -> skip
     fi;
#endif
     res = 0; goto hold
  :: else -> jres = 0; res = 0
  fi;
  if
  :: goto wait                                    /* time left: [BLPOP][visit] */
  :: DIE; lock_wait(me, LEAVE, res);              /* out of time */
     if
     :: res == OWNED ->
#ifdef STALL
        DIE; read_owned(me, res);
        if
        :: res != OWNED -> goto done              /* lost, and out of time */
        :: else -> skip
        fi;
#endif
        res = 0; goto hold
     :: else -> goto done
     fi
  fi;
hold:
#ifdef SHORTEN
  if
  :: skip
  :: DIE; lock_extend_shorter(me)
  fi;
#endif
  DIE;
  if
  :: RELEASE(me)
  :: lifetime_end(me);
     if
     :: skip
     :: DIE; RELEASE(me)                          /* late: must be a no-op */
     fi
  fi;
done:
  goto end;
die:
  atomic { dead[me] = 1; bel[me] = 0; waiting[me] = 0; res = 0; jres = 0;
#ifdef STALL
           inflight[me] = 0; lapsed[me] = 0;
#endif
           printf("c%d dies\n", me) };
end:
  skip
}

/* lock() with $timeout == 0: SET NX only */
proctype Trier(byte me) {
  byte r = 0;
  bit res;
  do
  :: r < TROUNDS ->
     r++;
     DIE; set_nx(me, res);
     if
     :: res == OWNED ->
        res = 0;
        DIE;
        if
        :: lock_release(me, PLAIN)                /* it never waited: plain */
        :: lifetime_end(me);
           if
           :: skip
           :: DIE; lock_release(me, PLAIN)
           fi
        fi
     :: else -> skip
     fi
  :: else -> break
  od;
  goto end;
die:
  atomic { dead[me] = 1; bel[me] = 0; printf("c%d dies\n", me) };
end:
  skip
}

#ifdef DEAD_LATE_ONLY
#define LATE_OK(i) dead[i]          /* nobody is slower than LIVENESS_MS */
#else
#define LATE_OK(i) true
#endif

/* Time passing on the server: TTLs that may run out. */
active proctype Env() {
end_env:
  do
#ifdef OLD_REVOKE
  :: d_step { K != 0 && Kgrace && !Kdue -> Kdue = 1; printf("grace of c%d passed\n", K) }
  :: d_step { K != 0 && !Kgrace && dead[K] -> printf("K of c%d expires\n", K); K = 0; kend() }
#else
  /* an unclaimed grant lapses; a lifetime passes unseen only for the dead
     (a live holder's lifetime ends in lifetime_end, with its belief) */
  /* G has the grant's PX, set in the same script: it lapses with it */
  :: d_step { K != 0 && (Kgrace || dead[K]) -> printf("K of c%d expires\n", K);
       if
       :: G == K -> G = 0
       :: else -> skip
       fi;
       K = 0; Kgrace = 0; kend() }
#endif
#ifdef STALL
  /* a stalled claimant's lifetime passes before it reads its answer */
  :: d_step { K != 0 && !Kgrace && inflight[K] -> printf("K of stalled c%d expires\n", K);
       lapsed[K] = 1; K = 0; kend() }
#endif
  /* A's elements outlive no one: its TTL is LIVENESS_MS */
  :: d_step { A > 0 -> A = 0; printf("A expires\n") }
  /* a queue entry's liveness passes: a dead waiter, or a slow live one */
  :: d_step { T[1] == T_LIVE && LATE_OK(1) -> T[1] = T_LATE; printf("entry of c1 late\n") }
  :: d_step { T[2] == T_LIVE && LATE_OK(2) -> T[2] = T_LATE; printf("entry of c2 late\n") }
#if NW >= 3
  :: d_step { T[3] == T_LIVE && LATE_OK(3) -> T[3] = T_LATE; printf("entry of c3 late\n") }
#endif
  /* Q and T outlive every entry, so they vanish only when all are late */
  :: d_step { qlen > 0 && ALLLATE ->
       i_ = 0;
       do
       :: i_ < QMAX -> T[Q[i_]] = T_NONE; Q[i_] = 0; i_++
       :: else -> break
       od;
       qlen = 0; i_ = 0; printf("Q and T expire\n") }
  od
}

/* (a) and (b) in every state */
active proctype Monitor() {
end_mon:
  atomic {
#ifdef MUTANT
    /* a mutant breaks (b) by design; (a) is what must be seen to fail */
    !MUTEX -> assert(MUTEX)
#else
    !(MUTEX && KEPT && GTIED) -> assert(MUTEX && KEPT && GTIED)
#endif
  }
}

init {
  atomic {
    i_ = 1;
    do
    :: i_ <= NW -> run Waiter(i_); i_++
    :: else -> break
    od;
    i_ = 0;
    run Trier(TRY)
  }
}
