/*
 * A TCP proxy on loopback that delays every chunk of bytes by a fixed one-way
 * delay, to give bench/redlock.php masters that are "a network away": with the
 * default 1000 us each way, every request/reply round trip through it takes
 * about 2 ms more than on bare loopback.
 *
 *   delay_proxy LISTEN_PORT TARGET_PORT [DELAY_US [LIFETIME_S]]
 *
 * listens on 127.0.0.1:LISTEN_PORT (0: a free port, chosen by the kernel) and,
 * for each client that connects, opens a connection to 127.0.0.1:TARGET_PORT.
 * Once listening it prints one line on stdout, "port=N", and flushes it.
 * Bytes read from either side are queued with a due time (read time + DELAY_US)
 * and written to the other side when due, in order; an EOF is passed on (as a
 * half-close) once the bytes before it are written. Many connections, one
 * process, one thread: epoll for the sockets, a timerfd (absolute
 * CLOCK_MONOTONIC, nanosecond resolution, timer slack 1 ns) for the next due
 * chunk. All sockets are TCP_NODELAY, so the proxy adds no Nagle delay of its own.
 *
 * It stops by itself: when its parent dies (PR_SET_PDEATHSIG, and a check that
 * the parent did not die before that was set), after LIFETIME_S seconds
 * (default 3600: alarm()), or on SIGTERM/SIGINT.
 *
 * Built by bench/run.sh: cc -O2 -Wall -o delay_proxy bench/delay_proxy.c
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

/* Stop reading a side while this many bytes from it wait to be written. */
#define MAX_PENDING (1 << 20)
#define READ_SIZE 65536

struct conn;

/* Bytes read at one time from one side, waiting for their due time, then to be written. */
struct chunk {
    struct chunk *next_due;  /* the global queue, in due order (one delay for all: arrival order) */
    struct chunk *next_out;  /* its direction's queue of chunks ready to be written */
    struct pipe_dir *dir;
    uint64_t due_ns;
    size_t len, off;
    int eof;                 /* not bytes: the source's EOF, passed on as shutdown(SHUT_WR) */
    char data[];
};

/* One direction of a connection: bytes from src to dst. */
struct pipe_dir {
    struct conn *conn;
    int src, dst;
    size_t pending;          /* bytes read from src, not yet written to dst */
    int reading;             /* src is in the epoll set for EPOLLIN */
    int src_eof;             /* EOF read from src */
    int done;                /* EOF passed on to dst: nothing more this way */
    struct chunk *out_head, *out_tail;
};

struct conn {
    struct pipe_dir up;      /* client -> server */
    struct pipe_dir down;    /* server -> client */
    int client_fd, server_fd;
    int connecting;          /* the connection to the server is not established yet */
    int dead;                /* closed; freed once no chunk points at it */
    int chunks;              /* chunks of this connection in the due queue or the out queues */
    struct conn *next_dead;  /* the list of closed connections not freed yet */
};

/* What epoll reports carries one of these. */
struct watch {
    int kind;                /* 0 listener, 1 timer, 2 client side, 3 server side */
    struct conn *conn;
};

static int ep, listen_fd, timer_fd;
static uint64_t delay_ns;
static struct chunk *due_head, *due_tail;
static uint64_t timer_armed_ns;   /* the due time the timer is set for, 0: none */
static unsigned long n_conns;
static struct conn *dead_list;

static void die(const char *what)
{
    fprintf(stderr, "delay_proxy: %s: %s\n", what, strerror(errno));
    exit(1);
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void set_nodelay_nonblock(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* The epoll interest of one socket of c: EPOLLIN while its reading side reads, EPOLLOUT while its writing side has bytes. */
static void update_events(struct conn *c, int fd)
{
    struct pipe_dir *in = fd == c->client_fd ? &c->up : &c->down;     /* reads from fd */
    struct pipe_dir *out = fd == c->client_fd ? &c->down : &c->up;    /* writes to fd */
    struct epoll_event ev = {0};
    if (c->connecting && fd == c->server_fd) {
        ev.events = EPOLLOUT;
    } else {
        if (in->reading) {
            ev.events |= EPOLLIN | EPOLLRDHUP;
        }
        if (out->out_head) {
            ev.events |= EPOLLOUT;
        }
    }
    ev.data.ptr = fd == c->client_fd ? (struct watch *)c - 1 : (struct watch *)c - 2;
    if (epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev) < 0) {
        die("epoll_ctl MOD");
    }
}

/*
 * A connection lives in one allocation: [watch server][watch client][conn],
 * so the epoll data of each socket finds its conn with pointer arithmetic.
 */
static struct conn *conn_new(void)
{
    struct watch *w = calloc(1, 2 * sizeof(struct watch) + sizeof(struct conn));
    if (!w) {
        die("calloc");
    }
    struct conn *c = (struct conn *)(w + 2);
    w[0].kind = 3;
    w[0].conn = c;
    w[1].kind = 2;
    w[1].conn = c;
    return c;
}

/*
 * Closed connections are freed here, between two rounds of events, once no
 * chunk points at them: an event of the same round may still name one.
 */
static void free_dead(void)
{
    struct conn **p = &dead_list;
    while (*p) {
        struct conn *c = *p;
        if (c->chunks == 0) {
            *p = c->next_dead;
            free((struct watch *)c - 2);
        } else {
            p = &c->next_dead;
        }
    }
}

static void conn_close(struct conn *c)
{
    if (c->dead) {
        return;
    }
    c->dead = 1;
    n_conns--;
    close(c->client_fd);   /* closing removes them from the epoll set */
    close(c->server_fd);
    /* drop the chunks ready to be written; those still in the due queue are dropped when due */
    struct pipe_dir *dirs[2] = {&c->up, &c->down};
    for (int i = 0; i < 2; i++) {
        struct chunk *k = dirs[i]->out_head;
        while (k) {
            struct chunk *next = k->next_out;
            free(k);
            c->chunks--;
            k = next;
        }
        dirs[i]->out_head = dirs[i]->out_tail = NULL;
    }
    c->next_dead = dead_list;
    dead_list = c;
}

static void arm_timer(void)
{
    uint64_t want = due_head ? due_head->due_ns : 0;
    if (want == timer_armed_ns) {
        return;
    }
    struct itimerspec its = {0};
    if (want) {
        its.it_value.tv_sec = (time_t)(want / 1000000000u);
        its.it_value.tv_nsec = (long)(want % 1000000000u);
    }
    if (timerfd_settime(timer_fd, TFD_TIMER_ABSTIME, &its, NULL) < 0) {
        die("timerfd_settime");
    }
    timer_armed_ns = want;
}

/* Writes what is ready in d; on EOF passed on and both ways done, closes. Returns 0 if the connection was closed. */
static int flush_dir(struct pipe_dir *d)
{
    struct conn *c = d->conn;
    while (d->out_head) {
        struct chunk *k = d->out_head;
        if (k->eof) {
            shutdown(d->dst, SHUT_WR);
            d->done = 1;
        } else {
            while (k->off < k->len) {
                ssize_t n = send(d->dst, k->data + k->off, k->len - k->off, MSG_NOSIGNAL);
                if (n < 0) {
                    if (errno == EAGAIN || errno == EWOULDBLOCK) {
                        return 1;   /* EPOLLOUT is set by the caller's update_events */
                    }
                    if (errno == EINTR) {
                        continue;
                    }
                    conn_close(c);
                    return 0;
                }
                k->off += (size_t)n;
                d->pending -= (size_t)n;
            }
        }
        d->out_head = k->next_out;
        if (!d->out_head) {
            d->out_tail = NULL;
        }
        free(k);
        c->chunks--;
    }
    if (c->up.done && c->down.done) {
        conn_close(c);
        return 0;
    }
    /* below the limit again: read again */
    if (!d->reading && !d->src_eof && d->pending < MAX_PENDING) {
        d->reading = 1;
    }
    return 1;
}

static void queue_chunk(struct pipe_dir *d, const char *data, size_t len, int eof)
{
    struct chunk *k = malloc(sizeof *k + len);
    if (!k) {
        die("malloc");
    }
    k->next_due = k->next_out = NULL;
    k->dir = d;
    k->due_ns = now_ns() + delay_ns;
    k->len = len;
    k->off = 0;
    k->eof = eof;
    if (len) {
        memcpy(k->data, data, len);
    }
    d->pending += len;
    d->conn->chunks++;
    if (due_tail) {
        due_tail->next_due = k;
    } else {
        due_head = k;
    }
    due_tail = k;
}

/* Reads what src has; returns 0 if the connection was closed. */
static int read_side(struct pipe_dir *d)
{
    static char buf[READ_SIZE];
    while (d->reading) {
        ssize_t n = recv(d->src, buf, sizeof buf, 0);
        if (n > 0) {
            queue_chunk(d, buf, (size_t)n, 0);
            if (d->pending >= MAX_PENDING) {
                d->reading = 0;
            }
            continue;
        }
        if (n == 0) {
            d->src_eof = 1;
            d->reading = 0;
            queue_chunk(d, NULL, 0, 1);
            break;
        }
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            break;
        }
        if (errno == EINTR) {
            continue;
        }
        conn_close(d->conn);
        return 0;
    }
    return 1;
}

static void accept_all(uint16_t target_port)
{
    for (;;) {
        int cfd = accept4(listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (cfd < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED || errno == EINTR) {
                return;
            }
            if (errno == EMFILE || errno == ENFILE) {
                fprintf(stderr, "delay_proxy: accept: %s\n", strerror(errno));
                return;
            }
            die("accept");
        }
        int sfd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (sfd < 0) {
            close(cfd);
            continue;
        }
        set_nodelay_nonblock(cfd);
        set_nodelay_nonblock(sfd);
        struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons(target_port)};
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        int connecting = 0;
        if (connect(sfd, (struct sockaddr *)&to, sizeof to) < 0) {
            if (errno != EINPROGRESS) {
                close(cfd);
                close(sfd);
                continue;
            }
            connecting = 1;
        }
        struct conn *c = conn_new();
        c->client_fd = cfd;
        c->server_fd = sfd;
        c->connecting = connecting;
        c->up = (struct pipe_dir){.conn = c, .src = cfd, .dst = sfd, .reading = 1};
        c->down = (struct pipe_dir){.conn = c, .src = sfd, .dst = cfd, .reading = 1};
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = (struct watch *)c - 1};
        if (connecting) {
            /* read nothing from the client before the server side is up */
            ev.events = 0;
        }
        if (epoll_ctl(ep, EPOLL_CTL_ADD, cfd, &ev) < 0) {
            die("epoll_ctl ADD client");
        }
        ev.events = connecting ? EPOLLOUT : EPOLLIN | EPOLLRDHUP;
        ev.data.ptr = (struct watch *)c - 2;
        if (epoll_ctl(ep, EPOLL_CTL_ADD, sfd, &ev) < 0) {
            die("epoll_ctl ADD server");
        }
        n_conns++;
    }
}

/* Moves every due chunk to its direction's out queue and writes what can be written. */
static void run_due(void)
{
    uint64_t now = now_ns();
    while (due_head && due_head->due_ns <= now) {
        struct chunk *k = due_head;
        due_head = k->next_due;
        if (!due_head) {
            due_tail = NULL;
        }
        struct pipe_dir *d = k->dir;
        struct conn *c = d->conn;
        if (c->dead) {
            free(k);
            c->chunks--;
            continue;
        }
        k->next_out = NULL;
        if (d->out_tail) {
            d->out_tail->next_out = k;
        } else {
            d->out_head = k;
        }
        d->out_tail = k;
        if (d->out_head == k && flush_dir(d)) {
            update_events(c, c->client_fd);
            update_events(c, c->server_fd);
        }
    }
}

static void on_signal(int sig)
{
    (void)sig;
    _exit(0);
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 5) {
        fprintf(stderr, "usage: delay_proxy LISTEN_PORT TARGET_PORT [DELAY_US (default 1000) [LIFETIME_S (default 3600)]]\n");
        return 2;
    }
    pid_t parent = getppid();
    long listen_port = strtol(argv[1], NULL, 10);
    long target_port = strtol(argv[2], NULL, 10);
    long delay_us = argc > 3 ? strtol(argv[3], NULL, 10) : 1000;
    long lifetime = argc > 4 ? strtol(argv[4], NULL, 10) : 3600;
    if (listen_port < 0 || listen_port > 65535 || target_port < 1 || target_port > 65535
        || delay_us < 0 || delay_us > 10000000 || lifetime < 1) {
        fprintf(stderr, "delay_proxy: bad arguments\n");
        return 2;
    }
    delay_ns = (uint64_t)delay_us * 1000u;

    /* stop with the parent, or after the lifetime, whatever happens to the parent */
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGHUP, on_signal);
    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) {
        return 0;
    }
    alarm((unsigned)lifetime);   /* SIGALRM's default action ends the process */
    /* the timer fires when a chunk is due, not up to 50 us later (the default slack) */
    prctl(PR_SET_TIMERSLACK, 1UL);

    listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (listen_fd < 0) {
        die("socket");
    }
    int one = 1;
    setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)listen_port)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listen_fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        die("bind");
    }
    if (listen(listen_fd, 1024) < 0) {
        die("listen");
    }
    socklen_t alen = sizeof addr;
    getsockname(listen_fd, (struct sockaddr *)&addr, &alen);

    ep = epoll_create1(EPOLL_CLOEXEC);
    timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (ep < 0 || timer_fd < 0) {
        die("epoll_create1/timerfd_create");
    }
    static struct watch w_listen = {.kind = 0}, w_timer = {.kind = 1};
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &w_listen};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, listen_fd, &ev) < 0) {
        die("epoll_ctl listen");
    }
    ev.data.ptr = &w_timer;
    if (epoll_ctl(ep, EPOLL_CTL_ADD, timer_fd, &ev) < 0) {
        die("epoll_ctl timer");
    }

    printf("port=%u\n", ntohs(addr.sin_port));
    fflush(stdout);

    struct epoll_event evs[64];
    for (;;) {
        int n = epoll_wait(ep, evs, 64, -1);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            die("epoll_wait");
        }
        for (int i = 0; i < n; i++) {
            struct watch *w = evs[i].data.ptr;
            if (w->kind == 0) {
                accept_all((uint16_t)target_port);
                continue;
            }
            if (w->kind == 1) {
                uint64_t ticks;
                if (read(timer_fd, &ticks, sizeof ticks) < 0) {
                    /* EAGAIN: already read; nothing to do */
                }
                timer_armed_ns = 0;
                continue;    /* run_due() below */
            }
            struct conn *c = w->conn;
            if (c->dead) {
                continue;
            }
            int fd = w->kind == 2 ? c->client_fd : c->server_fd;
            uint32_t e = evs[i].events;
            if (c->connecting && fd == c->server_fd) {
                int err = 0;
                socklen_t el = sizeof err;
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el);
                if (err || (e & (EPOLLERR | EPOLLHUP))) {
                    conn_close(c);
                    continue;
                }
                c->connecting = 0;
                update_events(c, c->client_fd);
                update_events(c, c->server_fd);
                continue;
            }
            if (c->connecting) {
                /* the client side, before the server side is up: only a hang-up matters */
                if (e & (EPOLLERR | EPOLLHUP)) {
                    conn_close(c);
                }
                continue;
            }
            struct pipe_dir *in = fd == c->client_fd ? &c->up : &c->down;
            struct pipe_dir *out = fd == c->client_fd ? &c->down : &c->up;
            if (e & EPOLLOUT) {
                if (!flush_dir(out)) {
                    continue;
                }
            }
            if (e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) {
                if (in->reading) {
                    if (!read_side(in)) {
                        continue;
                    }
                } else if (e & (EPOLLERR | EPOLLHUP)) {
                    /* reset, or shut down both ways: nothing more can pass through this socket */
                    conn_close(c);
                    continue;
                }
            }
            update_events(c, c->client_fd);
            update_events(c, c->server_fd);
        }
        run_due();
        arm_timer();
        free_dead();
    }
}
