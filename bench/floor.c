/*
 * The protocol floor of an uncontended lock+unlock cycle: a plain C program on
 * hiredis, no PHP at all, sending exactly what a careful Redis lock sends:
 *
 *   SET <key> <token> NX PX 15000                        (expects +OK)
 *   EVALSHA <sha1 of compare-and-delete> 1 <key> <token> (expects :1)
 *
 * with a fresh 128-bit token from the OS CSPRNG (getrandom) for every cycle,
 * one connection, one command at a time (no pipelining: a lock cannot pipeline
 * its unlock behind its lock). The script is loaded once (SCRIPT LOAD).
 *
 * It measures the wall time and the process's CPU time (getrusage user+sys)
 * around the loop and prints one line that bench/cycles.php parses:
 *
 *   cycles=20000 wall_s=2.512 cycles_per_s=7961.8 cpu_us_per_cycle=48.42 user_us_per_cycle=2.10
 *
 * Built by bench/run.sh: cc -O2 -o floor bench/floor.c $(pkg-config --libs hiredis || echo -lhiredis)
 * Usage: floor (-h host -p port | -s unix-socket) [-n cycles] [-w warmup] [-k key]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <hiredis/hiredis.h>

/* The same script the userland lock and the extension use to unlock. */
static const char UNLOCK_LUA[] =
    "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

static void die(const char *what, redisContext *c)
{
    fprintf(stderr, "floor: %s%s%s\n", what, c && c->err ? ": " : "", c && c->err ? c->errstr : "");
    exit(1);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU time of this process so far, in seconds: user in *user, user + system returned. */
static double cpu_s(double *user)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    *user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
    return *user + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* 16 random bytes from the kernel CSPRNG, as 32 lowercase hex digits. */
static void new_token(char out[33])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char b[16];
    size_t got = 0;
    while (got < sizeof b) {
        ssize_t r = getrandom(b + got, sizeof b - got, 0);
        if (r < 0) {
            if (errno == EINTR) {
                continue;
            }
            die("getrandom failed", NULL);
        }
        got += (size_t)r;
    }
    for (int i = 0; i < 16; i++) {
        out[2 * i] = hex[b[i] >> 4];
        out[2 * i + 1] = hex[b[i] & 15];
    }
    out[32] = '\0';
}

/* One lock+unlock cycle; exits on anything but the uncontended answers. */
static void cycle(redisContext *c, const char *key, const char *sha)
{
    char token[33];
    new_token(token);

    const char *set_argv[] = {"SET", key, token, "NX", "PX", "15000"};
    redisReply *r = redisCommandArgv(c, 6, set_argv, NULL);
    if (!r) {
        die("SET failed", c);
    }
    if (r->type != REDIS_REPLY_STATUS || strcmp(r->str, "OK") != 0) {
        die("SET NX was refused: is the key held by someone else?", NULL);
    }
    freeReplyObject(r);

    const char *eval_argv[] = {"EVALSHA", sha, "1", key, token};
    r = redisCommandArgv(c, 5, eval_argv, NULL);
    if (!r) {
        die("EVALSHA failed", c);
    }
    if (r->type != REDIS_REPLY_INTEGER || r->integer != 1) {
        die("EVALSHA did not delete the key", NULL);
    }
    freeReplyObject(r);
}

int main(int argc, char **argv)
{
    const char *host = "127.0.0.1", *sock = NULL, *key = "Lock:bench:floor";
    int port = 6379, opt;
    long cycles = 20000, warmup = 2000;

    while ((opt = getopt(argc, argv, "h:p:s:n:w:k:")) != -1) {
        switch (opt) {
        case 'h': host = optarg; break;
        case 'p': port = atoi(optarg); break;
        case 's': sock = optarg; break;
        case 'n': cycles = atol(optarg); break;
        case 'w': warmup = atol(optarg); break;
        case 'k': key = optarg; break;
        default:
            fprintf(stderr, "usage: floor (-h host -p port | -s socket) [-n cycles] [-w warmup] [-k key]\n");
            return 2;
        }
    }
    if (cycles < 1 || warmup < 0) {
        fprintf(stderr, "floor: -n must be >= 1 and -w >= 0\n");
        return 2;
    }

    redisContext *c = sock ? redisConnectUnix(sock) : redisConnect(host, port);
    if (!c || c->err) {
        die("cannot connect", c);
    }

    /* load the script once; EVALSHA then sends only its 40-hex name */
    redisReply *r = redisCommand(c, "SCRIPT LOAD %s", UNLOCK_LUA);
    if (!r || r->type != REDIS_REPLY_STRING || r->len != 40) {
        die("SCRIPT LOAD failed", c);
    }
    char sha[41];
    memcpy(sha, r->str, 40);
    sha[40] = '\0';
    freeReplyObject(r);

    for (long i = 0; i < warmup; i++) {
        cycle(c, key, sha);
    }

    double user0, user1;
    double cpu0 = cpu_s(&user0), t0 = now_s();
    for (long i = 0; i < cycles; i++) {
        cycle(c, key, sha);
    }
    double t1 = now_s(), cpu1 = cpu_s(&user1);

    printf("cycles=%ld wall_s=%.6f cycles_per_s=%.1f cpu_us_per_cycle=%.3f user_us_per_cycle=%.3f\n",
           cycles, t1 - t0, cycles / (t1 - t0), (cpu1 - cpu0) * 1e6 / cycles, (user1 - user0) * 1e6 / cycles);
    redisFree(c);
    return 0;
}
