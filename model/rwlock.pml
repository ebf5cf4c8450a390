/*
 * The read/write lock's wait protocol (model/rwlock.md), one resource: the
 * exclusive lock's protocol (lock.pml) with a reader set beside the write key,
 * a queue whose entries have a kind, and grants of a batch of consecutive
 * readers at the queue's head.
 *
 * As in lock.pml, each d_step is one script call (or one plain command: SET
 * NX, BRPOPLPUSH, the granter's LREM): Redis runs it atomically. Redis serves
 * a blocked BRPOPLPUSH right after the script whose push filled its list:
 * serve() at the end of each script's d_step. Time is gone: a lifetime that
 * may end is an Env step that may fire at any moment, a block's timeout is a
 * choice its waiter may take at any moment.
 *
 * Server state:
 *   K        the write key: 0 (missing), a writer's token, or RD, the readers'
 *            marker (rwlock.md: K = "*r" PX the last reader's end + 1 ms)
 *   R[c]     c is in the reader set (a member whose lifetime runs)
 *   Q        entries in order; an entry's kind is its client's role
 *   wake(c)  the notes on c's wake list: "g<granter>" (1..NCL), "x" (NX)
 *   sg[g]    how many "g<g>" notes the served list S holds
 *
 * Clients 1..NR are readers, NR+1..NCL writers (a role is what the client
 * queues as; a holder may change what it holds: promotion, demotion). Each
 * calls acquire once (a reader: acquireRead(), its join admits it at once
 * when nobody is queued and no writer holds; a writer: SET NX, then the
 * queue), holds, and releases or lets its lifetime end; a holder may promote
 * (PROMOTE) or demote (DEMOTE) once (SWITCHES). Any client may die before
 * any command.
 *
 * Build switches (scripts/model-check-rw.sh uses them):
 *   NR=n, NW=n        readers and writers (2 and 1)
 *   PROMOTE           a reader holding may call acquire() (promotion): it
 *                     becomes the writer if it is the only reader, else refused
 *   DEMOTE            a writer holding may call acquireRead() (demotion)
 *   SWITCHES=n        promotions and demotions per acquisition (1): with 2
 *                     and both switches a writer may demote, then promote
 *                     again (K written to it a second time: a new fence)
 *   ROUNDS_W=n, ROUNDS_R=n acquisitions per writer, per reader (1)
 *   MAXDEAD=n         at most n deaths (default: any client may die)
 *   TRIER             one more writer that only tries (SET NX), twice
 *   ONE_FAILURE       at most one failure: a death, a lifetime that ends
 *                     without a release, a grant that lapses before its
 *                     grantee comes, a granter that stops its rounds. Progress
 *                     then counts a grant to a dead grantee as idle: its
 *                     granter must undo it
 *   STRICT_PROGRESS   progress without the excuse of grants lost to live
 *                     grantees forever (a known limit, as in lock.pml)
 * Mutants (each must fail; model-check-rw.sh names the property):
 *   READER_PAST_WRITER  a reader's join is admitted while a writer is queued
 *                     (when no writer holds): (c) fails
 *   BATCH_PAST_WRITER the batch grant goes on past a queued writer to the
 *                     readers behind it: (c) fails
 *   PROMOTE_WITH_OTHERS promotion does not check that the caller is the only
 *                     reader: (a) fails
 *   DEMOTE_FREE_FIRST demotion deletes the write key, then (next call) adds
 *                     the reader: (a) fails (someone takes K in between)
 *   HANDED_NO_NOTE_CHECK "rw handed" undoes the reader set's grants without
 *                     taking each one's note off its wake list: (a) fails
 *   CHECK_ONE         the granter's check of a batch is content with one
 *                     note ("LREM S 1"): a dead reader's grant is never
 *                     undone: progress with ONE_FAILURE fails
 *   WRITER_IGNORES_READERS a writer is granted K when K is free, without
 *                     looking at the reader set (K's marker missing: a
 *                     reader admitted without SET K): (a) fails
 *   GRANT_NO_FENCE    a writer's grant (grant_next(): a release's, a
 *                     demotion's, "rw handed"'s, a visit's, its own entry
 *                     too, or a leave's) gives K without counting the fence
 *                     (no INCR F; the join's take, rw_wait.lua's own SET K,
 *                     still counts): the fence assertion (e) fails (with
 *                     NR=1 NW=2: a write belief before the grant's)
 *   PROMOTE_NO_FENCE  "rw promote" gives K to the reader without counting the
 *                     fence (with PROMOTE): the fence assertion (e) fails
 */

#ifndef NR
#define NR 2
#endif
#ifndef NW
#define NW 1
#endif
#ifdef TRIER
#define NCL (NR + NW + 1)        /* the try-only writer is the last id */
#define TRY NCL
#else
#define NCL (NR + NW)
#endif
#ifndef ROUNDS_W
#define ROUNDS_W 1               /* acquisitions per writer */
#endif
#ifndef ROUNDS_R
#define ROUNDS_R 1               /* acquisitions per reader */
#endif
#define RD   (NCL + 1)           /* K = the readers' marker */
#define QMAX (NR + NW)           /* only waiters queue, each at most once */
#define WMAX 3
#ifndef SWITCHES
#define SWITCHES 1               /* promotions and demotions per acquisition */
#endif
#define SGMAX (2 + SWITCHES)     /* a granter that stopped its rounds leaves notes in S; each switch may grant again */
#define ISW(t) ((t) > NR)        /* a writer's entry (the try-only writer never queues) */

/* answers: the caller's state ... */
#define NOTOWNED 0               /* 0: not owned: block a check-in period */
#define OWNED    1               /* 1: owned, made so by this call */
#define OWNED3   3               /* 3: owned by a grant made before this call */
#define HEAD     4               /* -n: not owned, the head: block n ms */
#define REFUSED  5               /* promotion refused: other readers hold */
/* ... and the number of grants to others the call made (the caller checks them) */

/* belief */
#define BR 1                     /* believes it reads */
#define BW 2                     /* believes it writes */

mtype = { JOIN, VISIT, REQUEUE, LEAVE }

#define NX 9                     /* "x": your grant was undone, you are out of the queue */
#define ISG(n) ((n) >= 1 && (n) <= NCL)

#if defined(PROMOTE_WITH_OTHERS) || defined(DEMOTE_FREE_FIRST) || defined(HANDED_NO_NOTE_CHECK) || defined(WRITER_IGNORES_READERS)
#define MUTANT
#endif

/* ---- server state ---- */
byte K;
bool R[NCL + 1];
byte Q[QMAX];
byte qlen;
byte wk[(NCL + 1) * WMAX];
#define WK(w, k) wk[(w) * WMAX + (k)]
byte wlen[NCL + 1];
byte sg[NCL + 1];

/* ---- ghosts ---- */
byte bel[NCL + 1];               /* 0, BR, BW */
bool hb[NCL + 1];                /* the holder has believed what it holds (K == c or R[c]) */
bool dead[NCL + 1];
bool waiting[NCL + 1];
bool blocked[NCL + 1];
bool tookx[NCL + 1];
bool inflight[NCL + 1];          /* took a grant that lapsed: confirms first */
bool lapsed[NCL + 1];
bool lost;
bool Fmoved;                     /* F (the fence counter) has been INCRed since the last write belief:
                                    F only grows, so "greater than every earlier write belief's fence"
                                    is exactly "F moved since the last write belief" (e) */
byte waitw;                      /* bit w: writer w joined and has not been granted since (nor left) */
byte before[NCL + 1];            /* reader r: the writers waiting when r joined, each until its wait ends */
#ifdef ONE_FAILURE
bool failed;
#endif
#ifdef MAXDEAD
byte ndead;                      /* deaths so far */
#endif

/* scratch (each written before it is read, and zero between steps): hidden,
   except for a breadth-first search (pan -DBFS refuses hidden variables) */
#ifdef NOHIDDEN
#define HIDDEN
#else
#define HIDDEN hidden
#endif
HIDDEN byte i_;
HIDDEN byte j_;
HIDDEN byte c_;
HIDDEN byte w_;
HIDDEN byte f_;
HIDDEN byte n_;
HIDDEN byte s_;
HIDDEN byte d_;

#if NCL == 3
#define ALL(P) (P(1) && P(2) && P(3))
#define ANY(P) (P(1) || P(2) || P(3))
#define SUM(P) (P(1) + P(2) + P(3))
#elif NCL == 4
#define ALL(P) (P(1) && P(2) && P(3) && P(4))
#define ANY(P) (P(1) || P(2) || P(3) || P(4))
#define SUM(P) (P(1) + P(2) + P(3) + P(4))
#elif NCL == 5
#define ALL(P) (P(1) && P(2) && P(3) && P(4) && P(5))
#define ANY(P) (P(1) || P(2) || P(3) || P(4) || P(5))
#define SUM(P) (P(1) + P(2) + P(3) + P(4) + P(5))
#endif

#define HOLDS(c) (K == (c) || R[c])
#define hb_or_out(c) (!R[c] || hb[c])
#define RIN(c) (R[c])
#define RNONE (!ANY(RIN))
#define ISBW(c) (bel[c] == BW)
#define ISBR(c) (bel[c] == BR)

/* (a) never a writer believing together with any other believer */
#define MUTEX (SUM(ISBW) <= 1 && (SUM(ISBW) == 0 || SUM(ISBR) == 0))
/* (b) a believer's hold is its own: no grant undone after its grantee believed */
#define KEPTC(c) (bel[c] == 0 || (bel[c] == BW && K == (c)) || (bel[c] == BR && R[c]))
#define KEPT ALL(KEPTC)
/* no grant lost: a hold its live holder has not believed has its "g" on its wake list */
#define GNOTE(w) (ISG(WK(w, 0)) || ISG(WK(w, 1)) || ISG(WK(w, 2)))
#define PENDC(c) (!HOLDS(c) || hb[c] || dead[c] || GNOTE(c))
#define PENDING ALL(PENDC)
/* a believer is not queued */
#if QMAX == 2
#define INQ(i) ((qlen > 0 && Q[0] == (i)) || (qlen > 1 && Q[1] == (i)))
#elif QMAX > 3
#define INQ(i) ((qlen > 0 && Q[0] == (i)) || (qlen > 1 && Q[1] == (i)) || (qlen > 2 && Q[2] == (i)) || (qlen > 3 && Q[3] == (i)))
#else
#define INQ(i) ((qlen > 0 && Q[0] == (i)) || (qlen > 1 && Q[1] == (i)) || (qlen > 2 && Q[2] == (i)))
#endif
#define UNQ(c) (bel[c] == 0 || !INQ(c))
#define OUTQ ALL(UNQ)
/* K is the marker exactly while the reader set is not empty */
#define MARKER ((K == RD) == !RNONE)
/* (c) a reader granted (admitted) only when every writer that was waiting at its join has been granted since */
#define FIFO_OK(r) (before[r] == 0)

/* (e) fences (ext/core/lua/README.md, "Fences"): every write belief gets a
   fence greater than every earlier write belief's. F (KEYS[5], the exclusive
   lock's counter too) is INCRed by each step that gives K to a writer: the
   free path's take ("lock take fenced", set_nx here), "rw wait"'s take (its
   join, made here through grant_next()), every writer's grant (grant_next())
   and "rw promote". A writer's fence is F as that step left it ("lock
   fence": GET K == token, GET F), the same F: nothing moves F while K holds
   a token (every step that counts writes K, and finds it free or the
   marker). Asserted at each write belief, which fixes its fence (Fmoved = 0):
   a take, an answer 1 or 3, a grant its block took, a confirm, a promotion.
   Each is one acquisition: a belief's K is its own (b), and at every earlier
   write belief K was that believer's and left it before the write that gave
   K to this one; an answer 3 or a confirm believes a K written before the
   call, with no write belief in between (K was this client's all along).
   Readers neither count nor fix anything; a demotion keeps F (K becomes the
   marker), a promotion after it counts again. Fmoved starts at 0: F holds
   the fences of acquisitions before the model's, so the first write belief
   needs its count too. */
inline fenced(me) {
  assert(Fmoved);
  Fmoved = 0
}

/* (d) progress: the lock idle (everything held is held by live clients that
   have not believed it) while a live client waits does not stay so. With
   ONE_FAILURE a dead grantee's hold counts as idle too (its granter must undo
   it). "lost" excuses runs that lose grants to live grantees forever, as in
   lock.pml. */
#ifdef ONE_FAILURE
#define IDLEC(c) (!HOLDS(c) || !hb[c])
#else
#define IDLEC(c) (!HOLDS(c) || (!hb[c] && !dead[c]))
#endif
#define IDLE ALL(IDLEC)
#define WAITC(c) (waiting[c])
#define WAITING ANY(WAITC)
#ifdef STRICT_PROGRESS
#define EXCUSED false
#else
#define EXCUSED lost
#endif
ltl progress { [] ((IDLE && WAITING) -> <> (!IDLE || !WAITING || EXCUSED)) }

#if NCL > 3
#define C4 4
#else
#define C4 0
#endif
#if QMAX > 2
#define Q3 2
#else
#define Q3 0
#endif
#if QMAX > 3
#define Q4 3
#else
#define Q4 0
#endif
inline state() {
  printf("      K=%d R=%d%d%d%d Q=[%d %d %d %d] wake=[%d %d][%d %d][%d %d][%d %d] S=%d%d%d%d bel=%d%d%d%d hb=%d%d%d%d blk=%d%d%d%d waitw=%d Fmoved=%d\n",
         K, R[1], R[2], R[3], R[C4], Q[0], Q[1], Q[Q3], Q[Q4],
         WK(1, 0), WK(1, 1), WK(2, 0), WK(2, 1), WK(3, 0), WK(3, 1), WK(C4, 0), WK(C4, 1),
         sg[1], sg[2], sg[3], sg[C4], bel[1], bel[2], bel[3], bel[C4],
         hb[1], hb[2], hb[3], hb[C4], blocked[1], blocked[2], blocked[3], blocked[C4], waitw, Fmoved)
}

/* ---- fragments ---- */

/* RPUSH wake(w) x: only a "g" on a dead client's list matters */
inline push(w, x) {
  if
  :: dead[w] && !ISG(x) -> skip
  :: else ->
     assert(wlen[w] < WMAX);
     WK(w, wlen[w]) = x;
     wlen[w]++
  fi
}

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

/* c's hold ends (its release, expiry, an undone or lapsed grant); the
   marker goes with the last reader (its PX is the last reader's end) */
inline unhold(c) {
  if
  :: K == c -> K = 0
  :: else -> skip
  fi;
  R[c] = 0;
  if
  :: K == RD && RNONE -> K = 0
  :: else -> skip
  fi;
  hb[c] = 0
}

/* a script made the caller the holder (answer 1 or 3) */
inline owned_now(me) {
  waiting[me] = 0;
  hb[me] = 1;
  if
  :: K == me -> bel[me] = BW; fenced(me)
  :: else -> assert(R[me]); bel[me] = BR
  fi
}

/* a block took a grant: believed, unless its lifetime passed first (the
   client's clock says so): then confirmed ("rw extend") */
inline granted(i) {
  waiting[i] = 0;
  if
  :: lapsed[i] -> inflight[i] = 1
  :: else ->
     assert(HOLDS(i));
     hb[i] = 1;
     if
     :: K == i -> bel[i] = BW; fenced(i)
     :: else -> bel[i] = BR
     fi
  fi
}

inline take(i) {                 /* BRPOPLPUSH wake(i) S: the newest note */
  wlen[i]--;
  n_ = WK(i, wlen[i]);
  WK(i, wlen[i]) = 0;
  tookx[i] = (n_ == NX);
  if
  :: ISG(n_) -> assert(sg[n_] < SGMAX); sg[n_]++; granted(i)
  :: else -> skip
  fi;
  n_ = 0
}

inline serve() {
  j_ = 1;
  do
  :: j_ <= NCL ->
     if
     :: blocked[j_] && wlen[j_] > 0 -> blocked[j_] = 0; take(j_)
     :: else -> skip
     fi;
     j_++
  :: else -> break
  od;
  j_ = 0
}

inline qpop() {                  /* LPOP Q into w_ */
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

inline qremat(k) {               /* removes the entry at index k (i_ is k) */
  do
  :: i_ + 1 < qlen -> Q[i_] = Q[i_ + 1]; i_++
  :: else -> break
  od;
  qlen--;
  Q[qlen] = 0
}

inline qrem(x) {                 /* LREM Q 1 x */
  i_ = 0;
  do
  :: i_ < qlen && Q[i_] != x -> i_++
  :: else -> break
  od;
  if
  :: i_ < qlen -> qremat(i_)
  :: else -> skip
  fi;
  i_ = 0
}

inline qnot(x) {
  i_ = 0;
  do
  :: i_ < qlen -> assert(Q[i_] != x); i_++
  :: else -> break
  od;
  i_ = 0
}

inline qtail(x) {
  qnot(x);
  assert(qlen < QMAX);
  Q[qlen] = x;
  qlen++
}

inline qhead(x) {
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

/* writer w's wait ends (granted, left, its entry gone): the readers that
   joined after it are free of it */
inline discharge(w) {
  waitw = waitw & ~(1 << (w));
  d_ = 1;
  do
  :: d_ <= NCL -> before[d_] = before[d_] & ~(1 << (w)); d_++
  :: else -> break
  od;
  d_ = 0
}

/* one reader granted (the batch): ZADD R r now+ttl, K = marker, "g" to it
   (the caller itself, queued: it owns, no note) */
inline grant_reader(g, n) {
  assert(FIFO_OK(w_));                                  /* (c) */
  R[w_] = 1; K = RD; hb[w_] = 0;
  if
  :: w_ == g -> s_ = 1
  :: else -> push(w_, g); n++
  fi
}

/* grant_next(g): serves the queue's head. A writer: when K is free and the
   reader set empty, K = w PX ttl (INCR F) and "g<g>" to it. Readers: when no
   writer holds, every reader from the head up to the first writer entry, each
   with its own lifetime. The caller's own entry popped: s_ (it owns). n
   counts the grants to others (notes the caller checks). */
inline grant_next(g, n) {
  s_ = 0;
  if
#ifdef WRITER_IGNORES_READERS
  :: qlen > 0 && ISW(Q[0]) && K == 0 ->
#else
  :: qlen > 0 && ISW(Q[0]) && K == 0 && RNONE ->
#endif
     qpop();
     K = w_; hb[w_] = 0;
#ifndef GRANT_NO_FENCE
     Fmoved = 1;                                        /* INCR F */
#endif
     discharge(w_);
     if
     :: w_ == g -> s_ = 1
     :: else -> push(w_, g); n++
     fi
  :: qlen > 0 && !ISW(Q[0]) && (K == 0 || K == RD) ->
     do
     :: qlen > 0 && !ISW(Q[0]) -> qpop(); grant_reader(g, n)
     :: else -> break
     od;
#ifdef BATCH_PAST_WRITER
     /* ... and on past the writer: every reader queued */
     c_ = 0;
     do
     :: c_ < qlen && ISW(Q[c_]) -> c_++
     :: c_ < qlen && !ISW(Q[c_]) -> w_ = Q[c_]; i_ = c_; qremat(c_); i_ = 0; grant_reader(g, n)
     :: else -> break
     od;
     c_ = 0
#else
     skip
#endif
  :: else -> skip
  fi;
  w_ = 0
}

/* ---- the scripts and commands ---- */

/* SET K token NX PX ttl: the writer's free path (K is the marker while readers
   hold); a writer that wants a fence sends "lock take fenced" instead (GET K,
   SET K PX, INCR F), the same step */
inline set_nx(me, res) {
  d_step {
    lost = 0;
    if
    :: K == 0 -> K = me; Fmoved = 1; hb[me] = 1; bel[me] = BW; fenced(me); res = OWNED
    :: else -> res = NOTOWNED
    fi;
    printf("c%d SET NX -> %d\n", me, res); state()
  }
}

/* "rw wait" (rw_wait.lua), a waiter's call, mode JOIN | VISIT | REQUEUE | LEAVE,
   kind its role: res the caller's answer, n the grants to others it made */
#ifdef READER_PAST_WRITER
#define READER_ADMIT (K == 0 || K == RD)
#elif defined(WRITER_IGNORES_READERS)
#define READER_ADMIT (qlen == 0 && (K == 0 || K == RD))
#else
#define READER_ADMIT (qlen == 0 && (K == 0 || K == RD))
#endif
inline rw_wait(me, mode, res, n) {
  d_step {
    lost = 0;
    res = NOTOWNED;
    n = 0;
    if
    :: mode == JOIN ->
       if
       :: !ISW(me) && READER_ADMIT ->
          /* nobody queued, no writer: a member at once (ZADD R, K = marker) */
          before[me] = waitw;
          assert(FIFO_OK(me));                             /* (c) */
          R[me] = 1;
#ifdef WRITER_IGNORES_READERS
          if
          :: K == 0 -> skip                                /* the marker not written */
          :: else -> K = RD
          fi;
#else
          K = RD;
#endif
          res = OWNED
       :: else ->
          if
          :: ISW(me) -> waitw = waitw | (1 << me)
          :: else -> before[me] = waitw
          fi;
          qtail(me);                                       /* RPUSH Q kind.me:ttl */
          if
          :: qlen == 1 ->                                  /* first: served now, or the head */
             grant_next(me, n);                            /* served: rw_wait.lua's own take (SET K, INCR F) */
             if
             :: s_ -> res = OWNED;
#ifdef GRANT_NO_FENCE
                Fmoved = 1                                 /* the take is not a grant: it counts */
#else
                skip
#endif
             :: else -> res = HEAD
             fi
          :: else -> skip                                  /* others first: 0 */
          fi
       fi
    :: else ->
       /* the notes no block took: a "g" or "x" means popped while first */
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
       lapsed[me] = 0;
       if
       :: HOLDS(me) -> res = OWNED3                         /* a grant waiting for me */
       :: else ->
          if
          :: mode == LEAVE ->
             qrem(me);
             if
             :: ISW(me) -> discharge(me)
             :: else -> skip
             fi;
             grant_next(me, n);
             assert(!s_)
          :: else ->
             if
             :: f_ -> qrem(me); qhead(me)                   /* first again, never twice */
             :: else -> skip
             fi;
             /* (f) the caller is queued */
             c_ = 0;
             do
             :: c_ < qlen && Q[c_] != me -> c_++
             :: else -> break
             od;
             assert(c_ < qlen);
             c_ = 0;
             grant_next(me, n);
             if
             :: s_ -> res = OWNED
             :: !s_ && qlen > 0 && Q[0] == me -> res = HEAD
             :: else -> skip
             fi
          fi
       fi
    fi;
    if
    :: res == OWNED || res == OWNED3 -> owned_now(me)
    :: else -> waiting[me] = (mode != LEAVE)
    fi;
    serve();
    printf("c%d rw wait %e -> %d, %d granted\n", me, mode, res, n); state();
    s_ = 0;
    f_ = 0
  }
}

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

/* "rw release" (rw_release.lua), a writer's (K == me) or a reader's (R[me]):
   the hold ends, the queue is served; n grants to check. Not mine: nothing. */
inline rw_release(me, kind, res, n) {
  d_step {
    lost = 0;
    bel[me] = 0;
    res = NOTOWNED;
    n = 0;
    if
    :: (kind == BW && K == me) || (kind == BR && R[me]) ->
       unhold(me);
       grant_next(me, n);
       res = OWNED
    :: else -> skip
    fi;
    serve();
    printf("c%d rw release (%d) -> %d, %d granted\n", me, kind, res, n); state();
    s_ = 0
  }
}

/* the check: LREM S 0 g<me>, pipelined behind the granting call (or sent
   next): done when it removed at least n notes */
inline check(me, n) {
  d_step {
    lost = 0;
#ifdef CHECK_ONE
    if
    :: sg[me] >= 1 -> n = 0
    :: else -> skip
    fi;
#else
    if
    :: sg[me] >= n -> n = 0
    :: else -> skip
    fi;
#endif
    sg[me] = 0;
    printf("c%d LREM S 0 g%d -> %d left\n", me, me, n); state()
  }
}

/* "rw handed" (rw_handed.lua): the check missed. Every holder whose wake
   list still has "g<me>" was not blocked and can never take it now: the
   note removed, "x" to it, its hold undone. Then the queue is served again:
   n new grants (the caller itself, if queued and served: owned). */
inline rw_handed(me, res, n) {
  d_step {
    lost = 0;
    n = 0;
    sg[me] = 0;                                            /* LREM S 0 g<me>: a clean count behind */
    c_ = 1;
    do
    :: c_ <= NCL ->
       if
       :: c_ != me && HOLDS(c_) ->
#ifdef HANDED_NO_NOTE_CHECK
          wrem(c_, me);
          f_ = (f_ || R[c_]);                              /* undoes every reader */
#else
          wrem(c_, me);
#endif
          if
          :: f_ ->
             push(c_, NX);
             if
             :: !dead[c_] -> lost = 1
             :: else -> skip
             fi;
             unhold(c_)
          :: else -> skip
          fi
       :: else -> skip
       fi;
       c_++
    :: else -> break
    od;
    c_ = 0;
    f_ = 0;
    grant_next(me, n);
    if
    :: s_ -> res = OWNED; owned_now(me)
    :: else -> skip
    fi;
    serve();
    printf("c%d rw handed -> %d, %d granted\n", me, res, n); state();
    s_ = 0
  }
}

/* "rw promote" (rw_promote.lua): the caller reads; the only reader: K = me
   PX ttl (INCR F), out of the reader set, in one step; else refused (it keeps
   reading) */
#ifdef PROMOTE_NO_FENCE
#define PROMOTE_COUNTS skip
#else
#define PROMOTE_COUNTS Fmoved = 1                          /* INCR F */
#endif
inline rw_promote(me, res) {
  d_step {
    lost = 0;
#ifdef PROMOTE_WITH_OTHERS
    if
    :: R[me] -> R[me] = 0; K = me; PROMOTE_COUNTS; bel[me] = BW; fenced(me); res = OWNED
#else
    if
    :: R[me] && K == RD && SUM(RIN) == 1 -> R[me] = 0; K = me; PROMOTE_COUNTS; bel[me] = BW; fenced(me); res = OWNED
#endif
    :: else -> res = REFUSED
    fi;
    printf("c%d rw promote -> %d\n", me, res); state()
  }
}

/* "rw demote" (rw_demote.lua): the caller writes; in one step it becomes a
   reader (ZADD R me, K = marker) and the readers at the queue's head join it */
inline rw_demote(me, res, n) {
  d_step {
    lost = 0;
    n = 0;
    if
    :: K == me ->
#ifdef DEMOTE_FREE_FIRST
       K = 0;                                              /* DEL K, the reader added by the next call */
       res = OWNED
#else
       R[me] = 1; K = RD; bel[me] = BR;
       grant_next(me, n);
       res = OWNED
#endif
    :: else -> res = NOTOWNED
    fi;
    serve();
    printf("c%d rw demote -> %d, %d granted\n", me, res, n); state();
    s_ = 0
  }
}

#ifdef DEMOTE_FREE_FIRST
inline rw_demote_add(me, n) {
  d_step {
    R[me] = 1;
    if
    :: K == 0 -> K = RD
    :: else -> skip
    fi;
    bel[me] = BR; hb[me] = 1;
    grant_next(me, n);
    serve();
    printf("c%d rw demote, the reader added\n", me); state();
    s_ = 0
  }
}
#endif

/* a taken grant whose lifetime passed (the client's clock): "rw extend"
   confirms it (still mine: believed; else not, and nothing of it is queued) */
inline read_owned(me, res) {
  d_step {
    lost = 0;
    inflight[me] = 0;
    res = OWNED;
    if
    :: lapsed[me] && !HOLDS(me) -> res = NOTOWNED; qnot(me)
    :: else -> owned_now(me)
    fi;
    lapsed[me] = 0;
    printf("c%d reads owned -> %d\n", me, res); state()
  }
}

/* the holder's lifetime ends: it stops believing, its hold ends on the server */
inline lifetime_end(me) {
  d_step {
#ifdef ONE_FAILURE
    !failed;
    failed = 1;
#endif
    lost = 0;
    bel[me] = 0;
    if
    :: HOLDS(me) -> unhold(me)
    :: else -> skip
    fi;
    printf("c%d lifetime ends\n", me); state()
  }
}

#ifdef ONE_FAILURE
#define DIE  if :: skip :: atomic { !failed -> failed = 1 }; goto die fi
#define GIVE_UP(me, n)  atomic { n > 0 && !failed -> failed = 1; n = 0; printf("c%d stops its rounds\n", me) }; break
#elif defined(MAXDEAD)
#define DIE  if :: skip :: atomic { ndead < MAXDEAD -> ndead++ }; goto die fi
#define GIVE_UP(me, n)  n > 0 -> n = 0; printf("c%d stops its rounds\n", me); break
#else
#define DIE  if :: skip :: goto die fi
#define GIVE_UP(me, n)  n > 0 -> n = 0; printf("c%d stops its rounds\n", me); break
#endif

/* the granter's check of its n grants, then "rw handed" rounds until a
   check finds them all or nothing was granted again */
#define SETTLE(me, res, n) \
  if \
  :: n > 0 -> \
     DIE; check(me, n); \
     do \
     :: n > 0 -> rw_handed(me, res, n); check(me, n); \
        if \
        :: n > 0 -> DIE \
        :: else -> skip \
        fi \
     :: GIVE_UP(me, n) \
     :: else -> break \
     od \
  :: else -> skip \
  fi

/* ---- clients ---- */

proctype Client(byte me) {
  byte res;
  byte n;                        /* grants to others the last call made */
  byte kind;                     /* what it holds (BR, BW) */
  bool rq;
  byte changed;                  /* promotions and demotions so far (SWITCHES) */
  byte round;                    /* acquisitions made (ROUNDS_W, ROUNDS_R) */

start:
  if
  :: ISW(me) ->
     DIE; set_nx(me, res);
     if
     :: res == OWNED -> goto hold
     :: else -> skip
     fi
  :: else -> skip
  fi;
join:
  DIE; rw_wait(me, JOIN, res, n);
  goto step;
visit:
  DIE;
  if
  :: rq -> rw_wait(me, REQUEUE, res, n)
  :: else -> rw_wait(me, VISIT, res, n)
  fi;
  rq = 0;
step:
  if
  :: res == OWNED || res == OWNED3 -> SETTLE(me, res, n); goto hold
  :: else -> res = 0
  fi;
  brpoplpush(me);
  if
  :: !blocked[me] -> skip
  :: d_step { blocked[me] -> blocked[me] = 0; lost = 0; printf("c%d block times out\n", me) }
  fi;
  SETTLE(me, res, n);            /* the visit granted others: check them */
  if
  :: inflight[me] || bel[me] -> goto owned
  :: else -> rq = tookx[me]; tookx[me] = 0
  fi;
  res = 0;
  if
  :: goto visit
  :: goto leave
  fi;
leave:
  DIE; rw_wait(me, LEAVE, res, n);
  if
  :: res == OWNED3 -> goto hold
  :: else -> SETTLE(me, res, n); goto done
  fi;
owned:
  if
  :: inflight[me] ->
     DIE; read_owned(me, res);
     if
     :: res != OWNED ->
        if
        :: goto join
        :: goto done
        fi
     :: else -> skip
     fi
  :: else -> skip
  fi;
hold:
  res = 0;
  kind = bel[me];
  DIE;
  if
  :: rw_release(me, kind, res, n); SETTLE(me, res, n)
  :: lifetime_end(me);
     if
     :: skip
     :: DIE; rw_release(me, kind, res, n); SETTLE(me, res, n)    /* late: must change nothing */
     fi
#ifdef PROMOTE
  :: kind == BR && changed < SWITCHES -> changed++; rw_promote(me, res); goto hold
#endif
#ifdef DEMOTE
  :: kind == BW && changed < SWITCHES -> changed++; rw_demote(me, res, n);
#ifdef DEMOTE_FREE_FIRST
     rw_demote_add(me, n);
#endif
     SETTLE(me, res, n); goto hold
#endif
  fi;
done:
  round++;
  if
  :: (ISW(me) && round < ROUNDS_W) || (!ISW(me) && round < ROUNDS_R) ->
     res = 0; n = 0; kind = 0; rq = 0; changed = 0;
     goto start
  :: else -> skip
  fi;
  goto end;
die:
  atomic {
    lost = 0;
    dead[me] = 1; bel[me] = 0; waiting[me] = 0; blocked[me] = 0; inflight[me] = 0; lapsed[me] = 0;
    tookx[me] = 0; res = 0; n = 0; rq = 0; kind = 0; changed = 0;
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

#ifdef TRIER
/* acquire() without a wait: SET NX only, twice */
proctype Trier(byte me) {
  byte r = 0;
  byte res;
  byte n;
  do
  :: r < 2 ->
     r++;
     DIE; set_nx(me, res);
     if
     :: res == OWNED ->
        DIE;
        if
        :: rw_release(me, BW, res, n); SETTLE(me, res, n)
        :: lifetime_end(me)
        fi;
        res = 0
     :: else -> skip
     fi
  :: else -> break
  od;
  goto end;
die:
  atomic { dead[me] = 1; bel[me] = 0; res = 0; n = 0; printf("c%d dies\n", me) };
end:
  skip
}
#endif

/* Q may vanish only when none of its entries is a live waiting client's */
#define QE(k) (qlen <= k || dead[Q[k]] || !waiting[Q[k]])
#if QMAX == 2
#define QDEAD (QE(0) && QE(1))
#elif QMAX > 3
#define QDEAD (QE(0) && QE(1) && QE(2) && QE(3))
#else
#define QDEAD (QE(0) && QE(1) && QE(2))
#endif

#ifdef ONE_FAILURE
#define SLOW_OK   !failed
#define SLOW_MARK failed = 1
#else
#define SLOW_OK   true
#define SLOW_MARK skip
#endif

/* time passing: a dead holder's hold ends; a grant nobody took lapses (its
   grantee slow), or time need not pass for it; Q expires */
#define ENV(c) \
  :: d_step { HOLDS(c) && dead[c] -> lost = 0; printf("hold of dead c%d ends\n", c); unhold(c) } \
  :: d_step { HOLDS(c) && !hb[c] && !dead[c] && SLOW_OK -> \
              SLOW_MARK; printf("grant to c%d lapses unseen\n", c); lapsed[c] = 1; lost = 1; unhold(c) }

active proctype Env() {
end_env:
  do
  ENV(1)
  ENV(2)
  ENV(3)
#if NCL > 3
  ENV(4)
#endif
#if NCL > 4
  ENV(5)
#endif
  :: d_step { (K != 0 && K != RD && !hb[K]) || (K == RD && !ALL(hb_or_out)) -> lost = 0 }
  :: d_step { qlen > 0 && QDEAD ->
              lost = 0;
              i_ = 0;
              do
              :: i_ < qlen ->
                 if
                 :: ISW(Q[i_]) -> discharge(Q[i_])
                 :: else -> skip
                 fi;
                 Q[i_] = 0; i_++
              :: else -> break
              od;
              qlen = 0; i_ = 0; printf("Q expires\n") }
  :: d_step { lost -> lost = 0 }
  od
}
active proctype Monitor() {
end_mon:
  atomic {
#ifdef MUTANT
    !MUTEX -> assert(MUTEX)
#else
    !(MUTEX && KEPT && PENDING && OUTQ && MARKER) ->
       assert(MUTEX); assert(KEPT); assert(PENDING); assert(OUTQ); assert(MARKER)
#endif
  }
}

init {
  atomic {
    i_ = 1;
    do
    :: i_ <= NR + NW -> run Client(i_); i_++
    :: else -> break
    od;
    i_ = 0;
#ifdef TRIER
    run Trier(TRY)
#endif
  }
}
