/*
 * The lock's wait protocol (ext/core/lua/README.md, "The lock"), one resource:
 * a grant the grantee's block takes, checked by its granter.
 *
 * Each d_step below is one Lua script call (or one plain command: SET NX,
 * BRPOPLPUSH, the granter's LREM): Redis runs it atomically, so nothing may
 * interleave inside it, and nothing finer is worth modelling. Redis serves a
 * blocked BRPOPLPUSH right after the script whose push made its list
 * non-empty, before any other command: serve() at the end of each script's
 * d_step. Time is gone: a TTL that may pass is an Env step that may fire at
 * any moment; a block's timeout is a choice the waiter may take at any moment.
 *
 * Build switches (scripts/model-check.sh uses them):
 *   NW=2|3          waiters (ids 1..NW); the try-lock client is NW+1
 *   TROUNDS=n       the try-lock client's attempts (2; 0: no try-lock client)
 *   NO_CHECKIN      drop the CHECKIN_MS bound on a block: a block ends only on
 *                   a note, or (the head) when the lock it read a PTTL of has
 *                   ended (progress must fail: why every waiter checks in)
 *   ONE_FAILURE     at most one failure: a client dies, a holder lets its
 *                   lifetime run out without releasing, or a grantee is so
 *                   slow that its grant's lifetime passes before it takes it
 *                   (with NO_CHECKIN: the fast path)
 *   STALL           a waiter may stall (alive, not running) between what made
 *                   it the owner (a script's answer 1 or 3, a grant its block
 *                   took) and its reading of the answer: its lifetime may pass
 *                   meanwhile. The C client then confirms (lock extend) before
 *                   it believes, and queues again if the lock is gone
 *                   (php_redislock_lifetime_may_have_ended())
 *   NO_CONFIRM      with STALL: the answer is believed as read (mutual
 *                   exclusion must fail)
 *   CONFIRM_KEEPS_ENTRY a confirm that finds the lock lost leaves the token
 *                   queued (no LREM Q). It fails nothing any more: whatever
 *                   made a waiter the owner took it out of the queue, and
 *                   nothing queues it again before its confirm (asserted in
 *                   read_owned(): the LREM finds nothing)
 *   SHORTEN         a holder may shorten its lifetime once (expire() to less
 *                   than K's PTTL): "lock extend" tells the head, whose block
 *                   until the PTTL it read would end after K. With NO_CHECKIN
 *                   such a stale block is modelled as no block on K at all (it
 *                   ends up to CHECKIN_MS late, as a check-in would)
 *   EXTEND_NO_TELL  with SHORTEN: "lock extend" tells nobody (the fast path
 *                   must fail: issue 20's second defect)
 *   RELEASE_LITERAL "if K == token: hand on, else DEL K" read literally
 *                   (mutual exclusion must fail)
 *   HANDED_NO_NOTE_CHECK "lock handed" undoes the grant without checking
 *                   that its note is still on wake(w) (mutual exclusion must
 *                   fail: it undoes grants already taken)
 *   GRANT_NO_TELL   a grant does not tell the new head ("h") (the fast path
 *                   must fail)
 *   GRANT_NO_CLOCK  a waiter believes a grant its block took as is, though its
 *                   own clock says the lifetime may have ended (mutual
 *                   exclusion must fail)
 *   GRANT_NO_FENCE  a grant (grant_next(): a release's hand-over, "lock
 *                   handed", a visit or a leave) gives K to its grantee
 *                   without counting the fence (no INCR F) (the fence
 *                   property (g) must fail)
 *   VISIT_DROPS_GRANT a visit never answers 3 (K == me): it deletes a waiting
 *                   "g" and queues again instead; the granter's "lock handed"
 *                   then finds the note gone and takes it as taken (progress
 *                   must fail: K stays with a live waiter that never believes)
 *   NO_HANDED       a granter whose check finds nothing sends no "lock
 *                   handed" (the fast path must fail: a grant to a dead
 *                   waiter keeps the lock for its lifetime)
 *   QLAPSE          Q may lapse once while live waiters wait (all of them
 *                   late: a stall, a slow server); each visit queues its
 *                   caller again if its entry is gone (safety and progress
 *                   must hold)
 *   VISIT_NO_REQUEUE with QLAPSE: a visit does not queue its caller again
 *                   (the assertion (f) must fail: it waits outside the queue)
 *   STRICT_PROGRESS progress without its one assumption, that grants are lost
 *                   to live grantees (undone by "lock handed" while they were
 *                   between two calls, or lapsed before they came) only
 *                   finitely often: fails (a known limit, model/README.md)
 */

#ifndef NW
#define NW 2
#endif
#define TRY   (NW + 1)
#define NC    (NW + 2)          /* ids 1..NW+1; 0 = nobody */
#define QMAX  NW                /* only waiters queue, each at most once */
#define WMAX  3                 /* notes on one wake list (asserted) */
#define SGMAX 3                 /* one granter's "g" notes in S (asserted) */

#ifndef TROUNDS
#define TROUNDS 2               /* try-lock attempts: a second one races a hand-over */
#endif

/* answers ("lock wait", "lock release", "lock handed", the check) */
#define NOTOWNED 0              /* 0: not owned */
#define OWNED    1              /* 1: owned, made so by this call (also: the check found the note, "lock handed" is done) */
#define GRANTED  2              /* 2: granted to another: check it */
#define OWNED3   3              /* 3: owned by a grant made before this call (K == me) */
#define HEAD     4              /* -n: not owned, the head: block until K's PTTL ends */

/* modes of "lock wait" */
mtype = { JOIN, VISIT, REQUEUE, LEAVE }

/* notes on a wake list: 1..NC-1 "g<granter>", and */
#define NH  6                   /* "h<ms>": look again (block at most ms next) */
#define NH1 7                   /* "h1": a visit's note to itself after a grant: look at once */
#define NX  8                   /* "x": your grant was undone, you are out of the queue */
#define ISG(n) ((n) >= 1 && (n) < NC)

#if defined(RELEASE_LITERAL) || defined(HANDED_NO_NOTE_CHECK) || defined(NO_CONFIRM) || defined(GRANT_NO_CLOCK)
#define MUTANT
#endif

/* ---- server state ---- */
byte K;                         /* holder's token (a lifetime PX), 0 = key missing */
byte Q[QMAX];                   /* entries, the token standing for "token:ttl" */
byte qlen;
byte wk[(NW + 1) * WMAX];       /* wake(t): WK(t, 0..wlen[t]-1), oldest first (RPUSH); a block pops the newest */
#define WK(w, k) wk[(w) * WMAX + (k)]
byte wlen[NW + 1];
byte sg[NC];                    /* S: "g<granter>" notes in the served list, by granter (other notes need no count) */

/* ---- ghosts: what clients believe, what the properties talk about ---- */
bool bel[NC];                   /* believes it holds the lock */
bool dead[NC];
bool waiting[NC];               /* in lock()'s wait, alive, not yet owned nor left */
bool blocked[NW + 1];           /* its BRPOPLPUSH is blocked on an empty wake list */
bool tookx[NW + 1];             /* its last block took "x" */
bool inflight[NC];              /* owned, the answer not read yet (STALL), or a taken grant to confirm */
bool lapsed[NC];                /* the lifetime of what made it the owner passed before it read it */
bool Kown;                      /* K's holder has believed K (or holds an unread answer of it) */
bool lost;                      /* a grant was just lost to a live grantee (undone, or lapsed unseen) */
bool Fmoved;                    /* F has been incremented since the last belief's fence was fixed; F only
                                   grows, so "greater than every earlier believed fence" is exactly "F
                                   moved since the last belief" (g) */
#ifdef QLAPSE
bool qlapsed;                   /* Q has lapsed once */
#endif
#ifdef ONE_FAILURE
bool failed;                    /* a client died, overran its lifetime, or was too slow for its grant */
#endif
#ifdef NO_CHECKIN
/* the block a waiter has written (bh, bg) and the one it will write next (nh, ng) */
bool bh[NW + 1];                /* ends when the K it read a PTTL of ends (else: only on a note) */
bool bg[NW + 1];                /* ... and that K has ended */
bool nh[NW + 1];
bool ng[NW + 1];
#endif

/* scratch for the scripts (hidden: not state; each written before it is read) */
hidden byte i_;
hidden byte j_;
hidden byte w_;
hidden byte b_;
hidden byte f_;
hidden byte n_;

#if NW == 2
#define NBEL (bel[1] + bel[2] + bel[3])
#define WAITING (waiting[1] || waiting[2])
#else
#define NBEL (bel[1] + bel[2] + bel[3] + bel[4])
#define WAITING (waiting[1] || waiting[2] || waiting[3])
#endif

/* (a) mutual exclusion */
#define MUTEX (NBEL <= 1)
/* (b) a believer's K is its own */
#define CLAIMED(i) (!bel[i] || K == i)
#if NW == 2
#define KEPT (CLAIMED(1) && CLAIMED(2) && CLAIMED(3))
#else
#define KEPT (CLAIMED(1) && CLAIMED(2) && CLAIMED(3) && CLAIMED(4))
#endif
/* (c) no grant lost: a K its live holder has not believed has its "g" waiting on wake(K) */
#define GNOTE(w) (ISG(WK(w, 0)) || ISG(WK(w, 1)) || ISG(WK(w, 2)))
#define PENDING (K == 0 || K > NW || Kown || dead[K] || GNOTE(K))
/* (d) a believer is not queued (its release would grant the lock to itself) */
#define INQ(i) ((qlen > 0 && Q[0] == i) || (qlen > 1 && Q[1] == i) || (qlen > 2 && Q[QMAX - 1] == i))
#define UNQ(i) (!bel[i] || !INQ(i))
#if NW == 2
#define OUTQ (UNQ(1) && UNQ(2))
#else
#define OUTQ (UNQ(1) && UNQ(2) && UNQ(3))
#endif

/* (e) progress: the lock idle (free, or held by a client that has not
   believed it) while a live client waits does not stay so. With ONE_FAILURE
   a grant to a dead waiter counts as idle (its granter undoes it); without,
   two failures (a dead grantee, a granter that dies before its check) may
   leave it until its lifetime passes, as for a dead holder. Nothing forces
   time to pass for a live grantee (Env's stutter): its own steps must settle
   its grant. Excused: runs that lose grants to live grantees forever (each
   grant made while its grantee is between two calls and undone by "lock
   handed" before it comes, or lapsing before it comes), a race the protocol
   does not exclude (STRICT_PROGRESS shows it). "lost" is set by the step
   that loses such a grant and cleared by every other step. */
#ifdef ONE_FAILURE
#define IDLE (K == 0 || !Kown)
#else
#define IDLE (K == 0 || (!Kown && !dead[K]))
#endif
#ifdef STRICT_PROGRESS
#define EXCUSED false
#else
#define EXCUSED lost
#endif
ltl progress { [] ((IDLE && WAITING) -> <> (!IDLE || !WAITING || EXCUSED)) }

/* (g) fences: every belief gets a fence greater than every earlier belief's.
   F (the fence counter, KEYS[4]) is INCRed by each step that gives K to a new
   holder: the free path's take ("lock take fenced", set_nx here), "lock
   wait"'s two takes, and every grant (grant_next(): the release's hand-over,
   "lock handed", a visit's or a leave's grant). A holder's fence is F as that
   step left it: the take's answer, or "lock fence" (GET K == token: GET F),
   which is the same F, as nothing moves F while K stays with one holder.
   Asserted at each belief, which fixes its fence (Fmoved = 0). Each belief
   is one acquisition: its K is its own (b), and at every earlier belief K was
   that believer's, and left it (a release, a lifetime's end) before the write
   that gave K to this one; a confirm after a stall, or an answer 3, believes
   a K written before the call, with no belief in between (K was this
   client's all along). Tokens are fixed per client: K written again for the
   same token (a confirm that found K lost queues again) is a new write,
   counted again. */
inline fenced(me) {
#ifdef MUTANT
  /* a mutant breaks (b) by design: a believer whose K is not its own has no
     fence ("lock fence" answers 0) and fixes none; (a) must be seen to fail */
  if
  :: K == me -> assert(Fmoved); Fmoved = 0
  :: else -> skip
  fi
#else
  assert(Fmoved);
  Fmoved = 0
#endif
}

/* replaying a trail (spin -t) prints these; pan does not run printf */
inline state() {
#if NW == 2
  printf("      K=%d own=%d Q=[%d %d] wake1=[%d %d %d] wake2=[%d %d %d] S=%d%d%d blk=%d%d bel=%d%d%d Fmoved=%d\n",
         K, Kown, Q[0], Q[1], WK(1, 0), WK(1, 1), WK(1, 2), WK(2, 0), WK(2, 1),
         WK(2, 2), sg[1], sg[2], sg[3], blocked[1], blocked[2], bel[1], bel[2], bel[3], Fmoved)
#else
  printf("      K=%d own=%d Q=[%d %d %d] wake=[%d %d %d][%d %d %d][%d %d %d] S=%d%d%d%d blk=%d%d%d bel=%d%d%d%d Fmoved=%d\n",
         K, Kown, Q[0], Q[1], Q[2], WK(1, 0), WK(1, 1), WK(1, 2), WK(2, 0), WK(2, 1),
         WK(2, 2), WK(3, 0), WK(3, 1), WK(3, 2), sg[1], sg[2], sg[3], sg[4],
         blocked[1], blocked[2], blocked[3], bel[1], bel[2], bel[3], bel[4], Fmoved)
#endif
}

/* ---- pieces of the scripts (ext/core/lua/_lock_queue.lua, _waiters.lua) ---- */

inline kend() {                 /* K's instance ended: a block until its PTTL ends returns */
#ifdef NO_CHECKIN
  i_ = 1;
  do
  :: i_ <= NW -> bg[i_] = 1; ng[i_] = 1; i_++
  :: else -> break
  od;
  i_ = 0
#else
  skip
#endif
}

/* RPUSH wake(w) x (wake() or note()). An "h" on an "h" replaces it: a
   block takes the newest note, the visit after it reads and deletes the
   rest, and an "h" it reads means nothing. A dead waiter's list matters only
   for the "g" that "lock handed" looks for. */
#define ISH(n) ((n) == NH || (n) == NH1)
inline push(w, x) {
  if
  :: dead[w] && !ISG(x) -> skip
  :: wlen[w] > 0 && ISH(x) && ISH(WK(w, wlen[w] - 1)) -> WK(w, wlen[w] - 1) = x
  :: else ->
     assert(wlen[w] < WMAX);
     WK(w, wlen[w]) = x;
     wlen[w]++
  fi
}

/* An "h" note. With check-ins it is not modelled: all it does is end a
   block (or make the next one return at once), and any block may end at any
   moment anyway; it never sits above a "g" or an "x" (a waiter with either
   is out of the queue, and only the head is told), so a block that takes
   the newest note takes the same "g" or "x" without it. */
#ifdef NO_CHECKIN
#define hnote(w, x) push(w, x)
#else
#define hnote(w, x) skip
#endif

/* LREM wake(w) 1 g<g>: f_ says whether it removed one */
inline wrem(w, g) {
  f_ = 0;
  i_ = 0;
  do
  :: i_ < wlen[w] && WK(w, i_) != g -> i_++
  :: else -> break
  od;
  if
  :: i_ < wlen[w] ->
     f_ = 1;
     do
     :: i_ + 1 < wlen[w] -> WK(w, i_) = WK(w, i_ + 1); i_++
     :: else -> break
     od;
     wlen[w]--;
     WK(w, wlen[w]) = 0
  :: else -> skip
  fi;
  i_ = 0
}

/* A waiter took a grant: owned from its step's write (the grant came after
   that step's script, which would have taken one made before). Its clock says
   the lifetime may have ended when it has (lapsed): it confirms first. */
inline granted(i) {
  waiting[i] = 0;
#ifdef GRANT_NO_CLOCK
  lapsed[i] = 0;
#endif
#ifdef STALL
  inflight[i] = 1;
#else
  if
  :: lapsed[i] -> inflight[i] = 1
  :: else -> bel[i] = 1; fenced(i)
  fi;
#endif
  if
  :: K == i -> Kown = 1
  :: else -> skip
  fi
}

/* BRPOPLPUSH wake(i) S takes the newest note on wake(i) into S */
inline take(i) {
  wlen[i]--;
  n_ = WK(i, wlen[i]);
  WK(i, wlen[i]) = 0;
  tookx[i] = (n_ == NX);
  if
  :: ISG(n_) ->
     assert(sg[n_] < SGMAX);
     sg[n_]++;
     granted(i)
#ifdef NO_CHECKIN
  :: n_ == NH -> nh[i] = 1; ng[i] = 0     /* h<PTTL+1> of the K now: the next block watches it */
  :: n_ == NH1 -> nh[i] = 1; ng[i] = 1    /* h1: the next block ends at once */
#endif
  :: else -> skip
  fi;
  n_ = 0
}

/* Redis serves the blocked BRPOPLPUSHes whose lists the script filled */
inline serve() {
  j_ = 1;
  do
  :: j_ <= NW ->
     if
     :: blocked[j_] && wlen[j_] > 0 -> blocked[j_] = 0; take(j_)
     :: else -> skip
     fi;
     j_++
  :: else -> break
  od;
  j_ = 0
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

inline qnot(x) {                /* a token is never queued twice */
  i_ = 0;
  do
  :: i_ < qlen -> assert(Q[i_] != x); i_++
  :: else -> break
  od;
  i_ = 0
}

inline qtail(x) {               /* RPUSH Q x */
  qnot(x);
  assert(qlen < QMAX);
  Q[qlen] = x;
  qlen++
}

inline qhead(x) {               /* LPUSH Q x */
  qnot(x);
  assert(qlen < QMAX);
  i_ = qlen;
  do
  :: i_ > 0 -> Q[i_] = Q[i_ - 1]; i_--
  :: else -> break
  od;
  Q[0] = x;
  qlen++
}

inline tell_head(me) {          /* "h" to the head, unless it is the caller */
  if
  :: qlen > 0 && Q[0] != me -> hnote(Q[0], NH)
  :: else -> skip
  fi
}

/* grant_next(granter): LPOP Q -> w_ (0: nobody waits); K = w_ PX w_'s whole
   lifetime; "g<granter>" on wake(w_); every lifetime here is shorter than a
   check-in period, so the new head is always told */
inline grant_next(g) {
  if
  :: qlen > 0 ->
     qpop();
     K = w_; Kown = 0; kend();
#ifndef GRANT_NO_FENCE
     Fmoved = 1;                                 /* INCR F */
#endif
     push(w_, g);
#ifndef GRANT_NO_TELL
     tell_head(w_)
#else
     skip
#endif
  :: else -> w_ = 0
  fi
}

/* A script made the caller the owner (answer 1 or 3) */
inline owned_now(me) {
  waiting[me] = 0;
#ifdef STALL
  inflight[me] = 1;             /* believed when read: read_owned() */
#else
  bel[me] = 1;
  fenced(me);
#endif
  Kown = 1
}

/* the head watches K's PTTL; a block written longer is ended by a note to
   itself. The block behind a join was written for a check-in period, longer
   than any lifetime here; a visit's, for the -n or "h" before it (NO_CHECKIN:
   bh), else a check-in period. With check-ins these notes are not modelled:
   the block they end may end at any moment anyway (and nothing is on a
   joining waiter's list that its block could take instead). */
inline as_head(me, mode) {
  res = HEAD;
#ifdef NO_CHECKIN
  if
  :: !bh[me] -> hnote(me, NH)
  :: else -> skip
  fi
#else
  skip
#endif
}

/* ---- the scripts and commands ---- */

/* SET K token NX PX ttl */
inline set_nx(me, res) {
  d_step {
    lost = 0;
    if
    :: K == 0 -> K = me; Fmoved = 1; Kown = 1; kend(); bel[me] = 1; fenced(me); res = OWNED
    :: else -> res = NOTOWNED
    fi;
    printf("c%d SET NX -> %d\n", me, res); state()
  }
}

/* "lock wait" (ext/core/lua/lock_wait.lua), mode JOIN | VISIT | REQUEUE | LEAVE.
   With answer 1 (join, visit) the script also ends the caller's own block
   ("o"); nothing else can reach an owner's wake list, so its block takes
   that note at once: neither the note nor that block is modelled. */
inline lock_wait(me, mode, res) {
  d_step {
    lost = 0;
    res = NOTOWNED;
#ifdef NO_CHECKIN
    bh[me] = (nh[me] && mode != JOIN); bg[me] = ng[me];   /* the block written with this step */
#endif
    if
    :: mode == JOIN ->
       qtail(me);                                         /* RPUSH Q me:ttl */
       if
       :: qlen > 1 -> skip                                /* others first: 0, whatever K is */
       :: else ->
          if
          :: K == 0 -> qpop(); K = me; Fmoved = 1; kend(); res = OWNED
          :: else -> as_head(me, mode)
          fi
       fi
    :: else ->
       /* the notes no block took: LRANGE, DEL. A "g" or "x": popped while first */
       f_ = (mode == REQUEUE);
       i_ = 0;
       do
       :: i_ < wlen[me] ->
          if
          :: ISG(WK(me, i_)) || WK(me, i_) == NX -> f_ = 1
          :: else -> skip
          fi;
          WK(me, i_) = 0;
          i_++
       :: else -> break
       od;
       wlen[me] = 0;
       i_ = 0;
       lapsed[me] = 0;                                    /* a lapsed grant read here is nothing believed */
       if
#ifdef VISIT_DROPS_GRANT
       :: K == me && mode == LEAVE -> res = OWNED3
#else
       :: K == me -> res = OWNED3                         /* a grant waiting for me */
#endif
       :: else ->
          if
          :: mode == LEAVE ->
             b_ = (qlen > 0 && Q[0] == me);
             qrem(me);
             if
             :: K == 0 ->
                grant_next(me);
                if
                :: w_ != 0 -> res = GRANTED
                :: else -> skip
                fi
             :: else ->
                if
                :: b_ -> tell_head(me)                    /* the next one must watch K's PTTL now */
                :: else -> skip
                fi
             fi
          :: else ->
             if
             :: f_ -> qrem(me); qhead(me)                 /* first again, never twice */
             :: else ->
#ifndef VISIT_NO_REQUEUE
                /* not queued: the queue lapsed while I was late (QLAPSE): at the end again */
                i_ = 0;
                do
                :: i_ < qlen && Q[i_] != me -> i_++
                :: else -> break
                od;
                if
                :: i_ == qlen -> qtail(me)
                :: else -> skip
                fi;
                i_ = 0
#else
                skip
#endif
             fi;
             /* (f) past a grant waiting for it, a visit finds its caller queued: it never waits outside Q */
             b_ = 0;
             do
             :: b_ < qlen && Q[b_] != me -> b_++
             :: else -> break
             od;
             assert(b_ < qlen);
             b_ = 0;
             if
             :: K == 0 ->
                if
                :: qlen == 0 || Q[0] == me ->
                   if
                   :: qlen > 0 -> qpop()
                   :: else -> skip
                   fi;
                   K = me; Fmoved = 1; kend(); res = OWNED
                :: else ->
                   grant_next(me);
                   hnote(me, NH1);                        /* "h1": my block ends, I check my grant */
                   res = GRANTED
                fi
             :: else ->
                if
                :: qlen > 0 && Q[0] == me -> as_head(me, mode)
                :: else -> skip
                fi
             fi
          fi
       fi
    fi;
    if
    :: res == OWNED || res == OWNED3 -> owned_now(me)
    :: else -> waiting[me] = (mode != LEAVE)
    fi;
#ifdef NO_CHECKIN
    nh[me] = (res == HEAD); ng[me] = 0;
#endif
    serve();
    printf("c%d lock wait %e -> %d\n", me, mode, res); state();
    w_ = 0;
    b_ = 0;
    f_ = 0
  }
}

/* BRPOPLPUSH wake(me) S b: takes the newest note at once, or blocks */
inline brpoplpush(me) {
  d_step {
    lost = 0;
    if
    :: wlen[me] > 0 -> take(me)
    :: else -> blocked[me] = 1
    fi;
    printf("c%d BRPOPLPUSH (blocked %d, x %d)\n", me, blocked[me], tookx[me]); state()
  }
}

#ifdef NO_CHECKIN
#define TIMEOUT_OK(me) (bh[me] && bg[me])   /* only a block until a PTTL, after that K ended */
#else
#define TIMEOUT_OK(me) true                 /* b <= CHECKIN_MS: it always may */
#endif

/* "lock release" (ext/core/lua/lock_release.lua): 2 granted (check it), 1 deleted, 0 not mine */
inline lock_release(me, res) {
  d_step {
    lost = 0;
    bel[me] = 0;
    res = NOTOWNED;
    if
    :: K == me ->
       grant_next(me);
       if
       :: w_ != 0 -> res = GRANTED
       :: else -> K = 0; Kown = 0; kend(); res = OWNED
       fi
#ifdef RELEASE_LITERAL
    :: K != 0 && K != me -> K = 0; Kown = 0; kend()
#endif
    :: else -> skip                                       /* not mine any more: never touch another's K */
    fi;
    serve();
    printf("c%d lock release -> %d\n", me, res); state();
    w_ = 0
  }
}

/* the check: LREM S 1 g<me>. Found: res = OWNED (done; behind a "lock
   handed" that answered 1 it may still remove an older note of mine) */
inline check(me, res) {
  d_step {
    lost = 0;
    if
    :: sg[me] > 0 -> sg[me]--; res = OWNED
    :: else -> skip
    fi;
    printf("c%d LREM S g%d -> %d\n", me, me, res); state()
  }
}

/* "lock handed" (ext/core/lua/lock_handed.lua): w = GET K; g<me> still on
   wake(w): w was not blocked, can never take it now: "x" to w, DEL K, grant
   to the next (2) or 1. Else w took it: LREM S 1 g<me>, 1. */
inline lock_handed(me, res) {
  d_step {
    lost = 0;
    b_ = K;
    f_ = 0;
    if
    :: b_ >= 1 && b_ <= NW -> wrem(b_, me)
    :: else -> skip
    fi;
    if
#ifdef HANDED_NO_NOTE_CHECK
    :: b_ != 0 ->
#else
    :: f_ ->
#endif
       if
       :: b_ <= NW -> push(b_, NX)
       :: else -> skip
       fi;
       if
       :: !dead[b_] -> lost = 1
       :: else -> skip
       fi;
       K = 0; Kown = 0; kend();
       grant_next(me);
       if
       :: w_ != 0 -> res = GRANTED
       :: else -> res = OWNED
       fi
    :: else ->
       if
       :: sg[me] > 0 -> sg[me]--
       :: else -> skip
       fi;
       res = OWNED
    fi;
    serve();
    printf("c%d lock handed (K was c%d, note there %d) -> %d\n", me, b_, f_, res); state();
    w_ = 0;
    b_ = 0;
    f_ = 0
  }
}

#ifdef SHORTEN
/* "lock extend" (ext/core/lua/lock_extend.lua) to a lifetime shorter than K's
   PTTL: K == me: PEXPIRE, and "h" to the head, which blocks until the PTTL it
   read, now after K's end. */
inline lock_extend_shorter(me) {
  d_step {
    lost = 0;
    if
    :: K == me ->
#ifdef NO_CHECKIN
       i_ = 1;
       do
       :: i_ <= NW -> bh[i_] = 0; nh[i_] = 0; i_++   /* every PTTL read before ends too late now */
       :: else -> break
       od;
       i_ = 0;
#endif
#ifdef EXTEND_NO_TELL
       skip
#else
       tell_head(me)
#endif
    :: else -> skip                                   /* not mine any more: 0, nothing changes */
    fi;
    serve();
    printf("c%d lock extend (shorter)\n", me); state()
  }
}
#endif

/* The client reads an owned answer (or a taken grant). If the lifetime may
   have passed since (lapsed: the C client knows it by its own clock), it
   confirms with "lock extend" (K == me: PEXPIRE) before it believes; the lock
   gone, res = NOTOWNED, and the extend takes its token out of the queue. */
inline read_owned(me, res) {
  d_step {
    lost = 0;
    inflight[me] = 0;
    res = OWNED;
#ifdef NO_CONFIRM
    bel[me] = 1;
    fenced(me);
#else
    if
    :: lapsed[me] ->
       if
       :: K == me -> bel[me] = 1; fenced(me)
       :: else ->
          res = NOTOWNED;
          qnot(me);                                    /* never queued here (see CONFIRM_KEEPS_ENTRY) */
#ifndef CONFIRM_KEEPS_ENTRY
          qrem(me)                                     /* LREM Q 1 me:ttl */
#else
          skip
#endif
       fi
    :: else -> bel[me] = 1; fenced(me)
    fi;
#endif
    lapsed[me] = 0;
    printf("c%d reads owned -> %d\n", me, res); state()
  }
}

/* The holder's lifetime ends: it must stop using the lock at that moment,
   which is also when its PX passes on the server (clocks taken as equal). */
inline lifetime_end(me) {
  d_step {
#ifdef ONE_FAILURE
    !failed;                    /* a failure: not released */
    failed = 1;
#endif
    lost = 0;
    bel[me] = 0;
    if
    :: K == me -> K = 0; Kown = 0; kend()
    :: else -> skip
    fi;
    printf("c%d lifetime ends\n", me); state()
  }
}

/* A client may die before any command reaches the server (a command that
   reached it and then the client died is the same as dying right after; a
   block that dies is a block never sent: nothing is served to it). */
#ifdef ONE_FAILURE
#define DIE  if :: skip :: atomic { !failed -> failed = 1 }; goto die fi
#else
#define DIE  if :: skip :: goto die fi
#endif

/* A granter may stop its rounds with its grant unsettled: the C client
   stops after RL_LOCK_SETTLE_ROUNDS "lock handed" rounds in a row (the model
   cannot count them: it may stop before any round). To the server that is a
   granter that died before its next round; the client lives on. With
   ONE_FAILURE it is the one failure (it takes that many grantees in a row
   that were not blocked). */
#ifdef ONE_FAILURE
#define GIVE_UP(me, res)  atomic { res == GRANTED && !failed -> failed = 1; res = 0; printf("c%d stops its rounds\n", me) }; break
#else
#define GIVE_UP(me, res)  res == GRANTED -> res = 0; printf("c%d stops its rounds\n", me); break
#endif

/* The granter's check of its grant (res == GRANTED): LREM S 1 g<me>, then
   while it finds nothing, ["lock handed"][LREM S 1 g<me>] until the check
   finds the note or "lock handed" answers 1 (rl_lock.c: settle_grant(); the
   LREM runs behind every "lock handed", whatever it answers). The release
   pipelines the first check right behind it; a visit, a leave and a batch
   release send it next: either way another client may run in between, and
   between the parts of each pipeline. Dying before a "lock handed" right
   after a check that found nothing is dying before that check. */
#ifdef NO_HANDED
#define HANDED(me, res) res = OWNED                  /* no "lock handed": the check alone */
#else
#define HANDED(me, res) lock_handed(me, res)
#endif
#define SETTLE(me, res) \
  if \
  :: res == GRANTED -> \
     DIE; check(me, res); \
     do \
     :: res == GRANTED -> HANDED(me, res); check(me, res); \
        if \
        :: res == GRANTED -> DIE \
        :: else -> skip \
        fi \
     :: GIVE_UP(me, res) \
     :: else -> break \
     od \
  :: else -> skip \
  fi

/* unlock() ("lock release free" first for a lock taken without a wait: the
   same outcomes, one round trip earlier) */
#define RELEASE(me, res)  lock_release(me, res); SETTLE(me, res)

/* ---- clients ---- */

/* the C client's lock() with $timeout > 0: SET NX, then php_redislock_wait_in_queue():
   [lock wait][BRPOPLPUSH] per step (join, then visits; leave when out of time),
   each command reaching the server later, in order */
proctype Waiter(byte me) {
  byte res;
  bool rq;                                        /* the last block took "x": the next visit requeues */

  DIE; set_nx(me, res);
  if
  :: res == OWNED -> goto hold
  :: else -> skip
  fi;
join:
  DIE; lock_wait(me, JOIN, res);
  goto step;
visit:
  DIE;
  if
  :: rq -> lock_wait(me, REQUEUE, res)
  :: else -> lock_wait(me, VISIT, res)
  fi;
  rq = 0;
step:
  if
  :: res == OWNED || res == OWNED3 -> goto owned
  :: res == GRANTED -> skip
  :: else -> res = 0
  fi;
#ifdef NO_CHECKIN
  DIE;                                            /* (with check-ins: the same as dying after a block that timed out) */
#endif
  brpoplpush(me);
  if
  :: !blocked[me] -> skip                         /* took a note, at once or served while blocked */
  :: d_step { blocked[me] && TIMEOUT_OK(me) -> blocked[me] = 0; lost = 0;
              printf("c%d block times out\n", me) }
  fi;
  SETTLE(me, res);                                /* the visit granted to another: check it */
  if
  :: inflight[me] || bel[me] -> goto owned        /* the block took a grant */
  :: else -> rq = tookx[me]; tookx[me] = 0
  fi;
  res = 0;
  if
  :: goto visit                                   /* time left */
  :: goto leave                                   /* out of time */
  fi;
leave:
  DIE; lock_wait(me, LEAVE, res);
  if
  :: res == OWNED3 -> goto owned                  /* a grant waiting for me, claimed */
  :: else -> SETTLE(me, res); goto done
  fi;
owned:
  if
  :: inflight[me] ->
     DIE; read_owned(me, res);
     if
     :: res != OWNED ->
        if
        :: goto join                              /* lost while it stalled: in line again */
        :: goto done                              /* lost, and out of time */
        fi
     :: else -> skip
     fi
  :: else -> skip
  fi;
hold:
  res = 0;
#ifdef SHORTEN
  if
  :: skip
  :: DIE; lock_extend_shorter(me)
  fi;
#endif
  DIE;
  if
  :: RELEASE(me, res)
  :: lifetime_end(me);
     if
     :: skip
     :: DIE; RELEASE(me, res)                     /* late: must be a no-op */
     fi
  fi;
done:
  goto end;
die:
  atomic {
    lost = 0;
    dead[me] = 1; bel[me] = 0; waiting[me] = 0; blocked[me] = 0; inflight[me] = 0; lapsed[me] = 0;
    tookx[me] = 0; res = 0; rq = 0;
#ifdef NO_CHECKIN
    bh[me] = 0; bg[me] = 0; nh[me] = 0; ng[me] = 0;
#endif
    /* only a "g" on a dead waiter's list matters ("lock handed" looks for it) */
    i_ = 0; j_ = 0;
    do
    :: i_ < wlen[me] ->
       if
       :: ISG(WK(me, i_)) -> WK(me, j_) = WK(me, i_); j_++
       :: else -> skip
       fi;
       i_++
    :: else -> break
    od;
    wlen[me] = j_;
    do
    :: j_ < WMAX -> WK(me, j_) = 0; j_++
    :: else -> break
    od;
    i_ = 0; j_ = 0;
    printf("c%d dies\n", me)
  };
end:
  skip
}

/* lock() with $timeout == 0: SET NX only */
proctype Trier(byte me) {
  byte r = 0;
  byte res;
  do
  :: r < TROUNDS ->
     r++;
     DIE; set_nx(me, res);
     if
     :: res == OWNED ->
        res = 0;
        DIE;
        if
        :: RELEASE(me, res)
        :: lifetime_end(me);
           if
           :: skip
           :: DIE; RELEASE(me, res)
           fi
        fi;
        res = 0
     :: else -> skip
     fi
  :: else -> break
  od;
  goto end;
die:
  atomic { dead[me] = 1; bel[me] = 0; res = 0; printf("c%d dies\n", me) };
end:
  skip
}

/* Q may vanish only when none of its entries is a live waiting client's */
#define QE(k) (qlen <= k || dead[Q[k]] || !waiting[Q[k]])
#if NW == 2
#define QDEAD (QE(0) && QE(1))
#else
#define QDEAD (QE(0) && QE(1) && QE(2))
#endif

#ifdef ONE_FAILURE
#define SLOW_OK   !failed               /* a slow grantee is the one failure */
#define SLOW_MARK failed = 1
#else
#define SLOW_OK   true
#define SLOW_MARK skip
#endif

/* Time passing on the server: TTLs that may run out. A live holder's
   lifetime ends in lifetime_end(), with its belief. Wake lists and S are
   not expired: nobody live reads them after their TTL (S keeping old notes
   is the worse case: a granter's check may find an old note of its own). */
active proctype Env() {
end_env:
  do
  /* a dead client's K passes */
  :: d_step { K != 0 && dead[K] -> lost = 0; printf("K of dead c%d expires\n", K); K = 0; Kown = 0; kend() }
  /* a grant's lifetime passes before its live grantee takes it (the grantee slow) */
  :: d_step { K != 0 && !Kown && !dead[K] && SLOW_OK ->
              SLOW_MARK; printf("grant to c%d lapses unseen\n", K); lapsed[K] = 1; lost = 1; K = 0; kend() }
  /* ... or time does not pass for a grant nobody has believed, the
     grantee's dead or alive: nothing forces it (the stutter keeps weak
     fairness from doing so: progress must not need a grant to lapse) */
  :: d_step { K != 0 && !Kown -> lost = 0 }
#ifdef STALL
  /* a stalled owner's lifetime passes before it reads its answer */
  :: d_step { K != 0 && inflight[K] -> lost = 0; printf("K of stalled c%d expires\n", K);
              lapsed[K] = 1; K = 0; Kown = 0; kend() }
#endif
  /* Q outlives every live waiter's check-in (each join and visit renews it) */
  :: d_step { qlen > 0 && QDEAD ->
              lost = 0;
              i_ = 0;
              do
              :: i_ < QMAX -> Q[i_] = 0; i_++
              :: else -> break
              od;
              qlen = 0; i_ = 0; printf("Q expires\n") }
#ifdef QLAPSE
  /* once: Q lapses while live waiters wait (all late: a stall, a slow server) */
  :: d_step { qlen > 0 && !qlapsed ->
              lost = 0;
              qlapsed = 1;
              i_ = 0;
              do
              :: i_ < QMAX -> Q[i_] = 0; i_++
              :: else -> break
              od;
              qlen = 0; i_ = 0; printf("Q lapses, live waiters late\n") }
#endif
  /* a state just after a lost grant is not an end state */
  :: d_step { lost -> lost = 0 }
  od
}

/* the invariants, in every state */
active proctype Monitor() {
end_mon:
  atomic {
#ifdef MUTANT
    /* a mutant breaks (b) by design; (a) is what must be seen to fail */
    !MUTEX -> assert(MUTEX)
#elif defined(VISIT_DROPS_GRANT)
    /* breaks (c) by design; progress is what must be seen to fail */
    !(MUTEX && KEPT && OUTQ) -> assert(MUTEX && KEPT && OUTQ)
#else
    !(MUTEX && KEPT && PENDING && OUTQ) -> assert(MUTEX && KEPT && PENDING && OUTQ)
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
