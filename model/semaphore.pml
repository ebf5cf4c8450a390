/*
 * The semaphore's wait protocol (ext/core/lua/README.md), one semaphore, one limit.
 *
 * As in lock.pml, each d_step is one Lua script call, and time is replaced by
 * nondeterminism: an Env step may let a deadline pass at any moment, a waiter
 * may see its BLPOP time out at any moment.
 *
 * Build switches (scripts/model-check.sh uses them):
 *   NW=2|3          waiters (ids 1..NW); the try client is NW+1
 *   LIMIT           slots (2)
 *   NO_CHECKIN      a BLPOP ends only on a push or the head's deadline wait
 *                   (progress must fail: why every waiter checks in)
 *   NO_CLAIM_TTL    a claim that leaves the grant's grace deadline (the
 *                   semaphore's NO_PEXPIRE): at most LIMIT must fail
 *   STALL           a waiter may stall (alive, not running) between the script
 *                   that admitted it and its reading of the answer: its
 *                   lifetime may pass meanwhile; the C client then confirms
 *                   (semaphore refresh) before it believes, and queues again
 *   NO_CONFIRM      with STALL: the answer is believed as read (at most LIMIT
 *                   must fail)
 */

#ifndef NW
#define NW 3
#endif
#ifndef LIMIT
#define LIMIT 2
#endif
#define TRY   (NW + 1)
#define NC    (NW + 2)
#define QMAX  NW

#ifndef TROUNDS
#define TROUNDS 2
#endif

#define NOTOWNED 0
#define OWNED    1
#define HEAD     2

mtype = { TRYM, JOIN, VISIT, LEAVE }

#define T_NONE 0
#define T_LIVE 1
#define T_LATE 2

/* a holder in H/D: its deadline is a grant's grace or a lifetime */
#define H_NONE  0
#define H_GRACE 1
#define H_FULL  2

#if defined(NO_CLAIM_TTL) || defined(NO_CONFIRM)
#define MUTANT
#endif

/* ---- server state ---- */
byte hs[NC];                    /* H and D, folded: who holds, with which deadline */
byte Q[QMAX];
byte qlen;
byte T[NC];
byte wake[NC];
bool lapsed;                    /* a deadline passed since the last script: its prelude drops it */

/* ---- ghosts ---- */
bool bel[NC];
bool dead[NC];
bool waiting[NC];
#ifdef STALL
bool inflight[NC];              /* a script admitted it; the answer is not read yet */
bool gone[NC];                  /* ... and its lifetime passed before it was */
#endif
#ifdef NO_CHECKIN
bool dgone[NC];                 /* a deadline passed since my last visit */
bool hinted[NC];
#endif

hidden byte i_;
hidden byte w_;
hidden byte b_;
hidden byte n_;
hidden byte p_;                 /* serve popped someone */

#if NW == 2
#define COUNT ((hs[1] != 0) + (hs[2] != 0) + (hs[3] != 0))
#define NBEL (bel[1] + bel[2] + bel[3])
#define WAITING (waiting[1] || waiting[2])
#define ALLLATE ((T[1] != T_LIVE) && (T[2] != T_LIVE))
#define CLAIMED(i) (!bel[i] || hs[i] == H_FULL)
#define KEPT (CLAIMED(1) && CLAIMED(2) && CLAIMED(3))
#else
#define COUNT ((hs[1] != 0) + (hs[2] != 0) + (hs[3] != 0) + (hs[4] != 0))
#define NBEL (bel[1] + bel[2] + bel[3] + bel[4])
#define WAITING (waiting[1] || waiting[2] || waiting[3])
#define ALLLATE ((T[1] != T_LIVE) && (T[2] != T_LIVE) && (T[3] != T_LIVE))
#define CLAIMED(i) (!bel[i] || hs[i] == H_FULL)
#define KEPT (CLAIMED(1) && CLAIMED(2) && CLAIMED(3) && CLAIMED(4))
#endif

/* at most LIMIT believers; the server never admits more than LIMIT */
#define BOUNDED (NBEL <= LIMIT && COUNT <= LIMIT)

/* a free slot with a live waiter does not stay free */
ltl progress { [] ((COUNT < LIMIT && WAITING) -> <> (COUNT == LIMIT || !WAITING)) }

inline state() {
#if NW == 2
  printf("      H=%d%d%d Q=[%d %d] T=%d%d bel=%d%d%d\n", hs[1], hs[2], hs[3],
         Q[0], Q[1], T[1], T[2], bel[1], bel[2], bel[3])
#else
  printf("      H=%d%d%d%d Q=[%d %d %d] T=%d%d%d bel=%d%d%d%d\n", hs[1], hs[2], hs[3], hs[4],
         Q[0], Q[1], Q[2], T[1], T[2], T[3], bel[1], bel[2], bel[3], bel[4])
#endif
}

inline push(x) {
  if
  :: wake[x] < 2 -> wake[x]++
  :: else -> skip
  fi
}

inline count() {                /* ZCARD D into n_ */
  n_ = 0;
  i_ = 1;
  do
  :: i_ < NC -> n_ = n_ + (hs[i_] != H_NONE); i_++
  :: else -> break
  od;
  i_ = 0
}

inline dend() {                 /* a deadline passed: the head's deadline wait returns */
#ifdef NO_CHECKIN
  i_ = 1;
  do
  :: i_ <= NW -> dgone[i_] = 1; i_++
  :: else -> break
  od;
  i_ = 0
#else
  skip
#endif
}

inline qpop() {
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

inline qrem(x) {
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

inline qtail(x) {
  assert(qlen < QMAX);
  Q[qlen] = x;
  qlen++
}

inline qhead(x) {
  assert(qlen < QMAX);
  i_ = qlen;
  do
  :: i_ > 0 -> Q[i_] = Q[i_ - 1]; i_--
  :: else -> break
  od;
  Q[0] = x;
  qlen++
}

/* serve_waiters: admit the queue in order while the head fits; the dead are
   dropped on the way; me is admitted for its lifetime, others for their
   grace with a "g"; a new head is told. b_ = me was admitted. */
inline serve(me) {
  b_ = 0;
  p_ = 0;
  do
  :: qlen == 0 -> break
  :: else ->
     w_ = Q[0];
     if
     :: T[w_] == T_LIVE ->
        count();
        if
        :: n_ >= LIMIT -> break
        :: else -> skip
        fi;
        if
        :: w_ == me -> hs[me] = H_FULL; b_ = 1
        :: else -> hs[w_] = H_GRACE; push(w_)
        fi
     :: else -> skip
     fi;
     qpop();
     T[w_] = T_NONE;
     p_ = 1
  od;
  if
  :: p_ && qlen > 0 && Q[0] != me -> push(Q[0])
  :: else -> skip
  fi;
  n_ = 0;
  p_ = 0;
  w_ = 0
}

/* "semaphore acquire" (ext/core/lua/semaphore_acquire.lua), mode TRYM|JOIN|VISIT|LEAVE */
inline sem_acquire(me, mode, res) {
  d_step {
    lapsed = 0;
    res = NOTOWNED;
    if
    :: hs[me] != H_NONE ->
       /* the claim: my deadline becomes now+ttl */
#ifndef NO_CLAIM_TTL
       hs[me] = H_FULL;
#endif
       res = OWNED
    :: else ->
       if
       :: mode == JOIN || mode == VISIT ->
          /* an entry lost without leaving is taken back at the head */
          if
          :: T[me] == T_NONE ->
             if
             :: mode == JOIN -> qtail(me)
             :: else -> qhead(me)
             fi
          :: else -> skip
          fi;
          T[me] = T_LIVE
       :: mode == LEAVE ->
          b_ = (qlen > 0 && Q[0] == me);
          T[me] = T_NONE;
          qrem(me);
          wake[me] = 0;
          if
          :: b_ && qlen > 0 -> push(Q[0])
          :: else -> skip
          fi
       :: else -> skip
       fi;
       serve(me);
       if
       :: b_ -> res = OWNED
       :: else ->
          /* not queued (try, leave): a slot left once the queue is served is mine */
          if
          :: mode == TRYM || mode == LEAVE ->
             count();
             if
             :: n_ < LIMIT -> hs[me] = H_FULL; res = OWNED
             :: else -> skip
             fi;
             n_ = 0
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
       :: mode == JOIN -> push(me)
       :: else -> skip
       fi
    :: else ->
       if
       :: mode == JOIN -> waiting[me] = 1
       :: mode == LEAVE -> waiting[me] = 0
       :: else -> skip
       fi;
       count();
       if
       :: (mode == JOIN || mode == VISIT) && qlen > 0 && Q[0] == me && n_ > 0 -> res = HEAD
       :: else -> skip
       fi;
       n_ = 0
    fi;
#ifdef NO_CHECKIN
    if
    :: mode == JOIN || mode == VISIT -> dgone[me] = 0; hinted[me] = (res == HEAD && mode == VISIT)
    :: else -> skip
    fi;
#endif
    printf("c%d semaphore acquire %e -> %d\n", me, mode, res); state();
    b_ = 0
  }
}

/* "semaphore release" (ext/core/lua/semaphore_release.lua) */
inline sem_release(me) {
  d_step {
    bel[me] = 0;
    if
    :: hs[me] != H_NONE -> hs[me] = H_NONE; lapsed = 1; dend()
    :: else -> skip
    fi;
    if
    :: lapsed -> serve(0)       /* "dirty": a holder went, in the prelude or here */
    :: else -> skip
    fi;
    lapsed = 0;
    b_ = 0;
    printf("c%d semaphore release\n", me); state()
  }
}

#ifdef STALL
/* The client reads an OWNED answer. If its lifetime may have passed since the
   script ran (gone: the C client knows it by its own clock), it confirms with
   "semaphore refresh" (still a full holder: a fresh deadline) before it
   believes; the slot gone, res = NOTOWNED. */
inline read_owned(me, res) {
  d_step {
    inflight[me] = 0;
#ifdef NO_CONFIRM
    bel[me] = 1;
#else
    if
    :: gone[me] ->
       if
       :: hs[me] == H_FULL -> bel[me] = 1
       :: else -> res = NOTOWNED
       fi
    :: else -> bel[me] = 1
    fi;
#endif
    gone[me] = 0;
    printf("c%d reads owned -> %d\n", me, res); state()
  }
}
#endif

inline lifetime_end(me) {
  d_step {
    bel[me] = 0;
    if
    :: hs[me] == H_FULL -> hs[me] = H_NONE; lapsed = 1; dend()
    :: else -> skip
    fi;
    printf("c%d lifetime ends\n", me); state()
  }
}

inline blpop(me) {
  if
  :: wake[me] > 0 -> wake[me]--; printf("c%d BLPOP pops\n", me)
#ifdef NO_CHECKIN
  :: hinted[me] && dgone[me] -> printf("c%d BLPOP deadline wait passed\n", me)
#else
  :: true -> printf("c%d BLPOP times out\n", me)
#endif
  fi
}

#define DIE  if :: skip :: goto die fi

proctype Waiter(byte me) {
  byte res, jres;

  DIE; sem_acquire(me, TRYM, res);
  if
  :: res == OWNED ->
#ifdef STALL
     DIE; read_owned(me, res);
     if
     :: res != OWNED -> res = 0; goto join
     :: else -> skip
     fi;
#endif
     res = 0; goto hold
  :: else -> skip
  fi;
join:
  DIE; sem_acquire(me, JOIN, jres);
wait:
  DIE; blpop(me);
  DIE; sem_acquire(me, VISIT, res);
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
  :: goto wait
  :: DIE; sem_acquire(me, LEAVE, res);
     if
     :: res == OWNED ->
#ifdef STALL
        DIE; read_owned(me, res);
        if
        :: res != OWNED -> goto done
        :: else -> skip
        fi;
#endif
        res = 0; goto hold
     :: else -> goto done
     fi
  fi;
hold:
  DIE;
  if
  :: sem_release(me)
  :: lifetime_end(me);
     if
     :: skip
     :: DIE; sem_release(me)
     fi
  fi;
done:
  goto end;
die:
  atomic { dead[me] = 1; bel[me] = 0; waiting[me] = 0; res = 0; jres = 0;
#ifdef STALL
           inflight[me] = 0; gone[me] = 0;
#endif
           printf("c%d dies\n", me) };
end:
  skip
}

proctype Trier(byte me) {
  byte r = 0;
  byte res;
  do
  :: r < TROUNDS ->
     r++;
     DIE; sem_acquire(me, TRYM, res);
#ifdef STALL
     if
     :: res == OWNED -> DIE; read_owned(me, res)   /* never stalls long (no STALL_EXPIRE): believed */
     :: else -> skip
     fi;
#endif
     if
     :: res == OWNED ->
        res = 0;
        DIE;
        if
        :: sem_release(me)
        :: lifetime_end(me);
           if
           :: skip
           :: DIE; sem_release(me)
           fi
        fi
     :: else -> res = 0
     fi
  :: else -> break
  od;
  goto end;
die:
  atomic { dead[me] = 1; bel[me] = 0; printf("c%d dies\n", me) };
end:
  skip
}

#define EXPIRE(i) \
  :: d_step { (hs[i] == H_GRACE || (hs[i] == H_FULL && dead[i])) -> \
       printf("deadline of c%d passes\n", i); hs[i] = H_NONE; lapsed = 1; dend() }

#ifdef STALL
/* a stalled client's lifetime passes before it reads the answer that admitted it */
#define STALL_EXPIRE(i) \
  :: d_step { hs[i] == H_FULL && inflight[i] -> \
       printf("deadline of stalled c%d passes\n", i); hs[i] = H_NONE; gone[i] = 1; lapsed = 1; dend() }
#else
#define STALL_EXPIRE(i)
#endif

#define LATE(i) \
  :: d_step { T[i] == T_LIVE -> T[i] = T_LATE; printf("entry of c%d late\n", i) }

active proctype Env() {
end_env:
  do
  /* an unclaimed grant lapses; a lifetime passes unseen only for the dead */
  EXPIRE(1)
  EXPIRE(2)
  EXPIRE(3)
#if NW >= 3
  EXPIRE(4)
#endif
  STALL_EXPIRE(1)
  STALL_EXPIRE(2)
#if NW >= 3
  STALL_EXPIRE(3)
#endif
  LATE(1)
  LATE(2)
#if NW >= 3
  LATE(3)
#endif
  :: d_step { qlen > 0 && ALLLATE ->
       i_ = 0;
       do
       :: i_ < QMAX -> T[Q[i_]] = T_NONE; Q[i_] = 0; i_++
       :: else -> break
       od;
       qlen = 0; i_ = 0; printf("Q and T expire\n") }
  od
}

active proctype Monitor() {
end_mon:
  atomic {
#ifdef MUTANT
    !BOUNDED -> assert(BOUNDED)
#else
    !(BOUNDED && KEPT) -> assert(BOUNDED && KEPT)
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
