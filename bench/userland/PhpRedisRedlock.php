<?php
/**
 * A careful userland Redlock on phpredis, the baseline the extension's
 * multi-master mode is measured against in bench/redlock.php. It is the
 * algorithm of the Redlock seed (seed 003), written the way a careful PHP
 * user would write it today:
 *
 *   lock:   one round sends  SET <resource> <token> NX PX <ttl>  to each master
 *           in turn (one round trip after the other: phpredis has no fan-out),
 *           the token 128 random bits (random_bytes, not uniqid). The round wins
 *           iff at least quorum = intdiv(N, 2) + 1 masters said OK and the
 *           validity left, ttl - elapsed - (ttl * 0.01 + 2) ms, is positive
 *           (elapsed on the monotonic clock, from before the first SET to after
 *           the last reply). A lost round deletes the token (compare-and-delete)
 *           on every master, then sleeps a random retryDelay/2..retryDelay ms
 *           before the next round; up to $retryCount rounds.
 *   unlock: compare-and-delete on every master, one after the other; true iff
 *           a majority still held the token.
 *
 * The compare-and-delete runs as EVALSHA, with EVAL when a master answers
 * NOSCRIPT (a new master, SCRIPT FLUSH, a restart). A master that cannot be
 * reached, times out or answers an error counts as a "no" (as in the seed); its
 * connection is dropped and made anew on the next use.
 *
 * tryLock() is one round without the retry loop: the pollers of
 * bench/redlock.php's waiting-cost part call it at a fixed interval.
 */

declare(strict_types=1);

require_once __DIR__ . '/PhpRedisScript.php';

final class PhpRedisRedlock
{
    private const CLOCK_DRIFT_FACTOR = 0.01;

    /** @var list<array{0: string, 1: int, 2: float}> host, port, connect timeout (s) of each master */
    private array $servers = [];

    /** @var list<?Redis> one connection per master, null until used or after a failure */
    private array $redis = [];

    private readonly int $quorum;

    /**
     * @param list<array{0: string, 1: int, 2?: int|float}> $servers  [host, port, connect timeout in s]
     * @param int $retryDelay  ms: a lost round sleeps a random retryDelay/2..retryDelay ms
     * @param int $retryCount  rounds at most
     * @param float $readTimeout  s: phpredis' read timeout on each master (0: none)
     */
    public function __construct(
        array $servers,
        private readonly int $retryDelay = 200,
        private readonly int $retryCount = 3,
        private readonly float $readTimeout = 2.0,
    ) {
        if (!$servers) {
            throw new ValueError('PhpRedisRedlock::__construct(): Argument #1 ($servers) must not be empty');
        }
        foreach (array_values($servers) as $i => $s) {
            if (!is_array($s) || !isset($s[0], $s[1]) || !is_string($s[0]) || !is_int($s[1])) {
                throw new ValueError('PhpRedisRedlock::__construct(): Argument #1 ($servers) element #' . ($i + 1)
                    . ' must be [host, port, timeout]');
            }
            $this->servers[] = [$s[0], $s[1], (float)($s[2] ?? 0)];
            $this->redis[] = null;
        }
        if ($retryDelay < 0) {
            throw new ValueError('PhpRedisRedlock::__construct(): Argument #2 ($retryDelay) must be greater than or equal to 0');
        }
        if ($retryCount < 1) {
            throw new ValueError('PhpRedisRedlock::__construct(): Argument #3 ($retryCount) must be greater than 0');
        }
        $this->quorum = intdiv(count($this->servers), 2) + 1;
    }

    /**
     * Up to $retryCount rounds, with a random pause between them.
     *
     * @return array{validity: int, resource: string, token: string}|false
     */
    public function lock(string $resource, int $ttl): array|false
    {
        for ($round = 1; ; $round++) {
            $lock = $this->tryLock($resource, $ttl);
            if ($lock !== false || $round >= $this->retryCount) {
                return $lock;
            }
            usleep(mt_rand(intdiv($this->retryDelay, 2), $this->retryDelay) * 1000);
        }
    }

    /**
     * One round: SET NX PX on each master in turn; on a loss, the token is
     * deleted on every master.
     *
     * @return array{validity: int, resource: string, token: string}|false
     */
    public function tryLock(string $resource, int $ttl): array|false
    {
        if ($resource === '') {
            throw new ValueError('PhpRedisRedlock::lock(): Argument #1 ($resource) must not be empty');
        }
        if ($ttl <= 0) {
            throw new ValueError('PhpRedisRedlock::lock(): Argument #2 ($ttl) must be greater than 0');
        }
        $token = bin2hex(random_bytes(16));
        $t0 = hrtime(true);
        $yes = 0;
        foreach ($this->servers as $i => $_) {
            if ($this->setNx($i, $resource, $token, $ttl)) {
                $yes++;
            }
        }
        $elapsedMs = (hrtime(true) - $t0) / 1e6;
        $validity = (int)floor($ttl - $elapsedMs - ($ttl * self::CLOCK_DRIFT_FACTOR + 2));
        if ($yes >= $this->quorum && $validity > 0) {
            return ['validity' => $validity, 'resource' => $resource, 'token' => $token];
        }
        foreach ($this->servers as $i => $_) {
            $this->compareAndDelete($i, $resource, $token);
        }
        return false;
    }

    /**
     * Compare-and-delete on every master, one after the other.
     *
     * @param array{resource: string, token: string} $lock
     * @return bool  true iff a majority still held the token
     */
    public function unlock(array $lock): bool
    {
        if (!is_string($lock['resource'] ?? null) || !is_string($lock['token'] ?? null)) {
            throw new ValueError('PhpRedisRedlock::unlock(): Argument #1 ($lock) must have string elements "resource" and "token"');
        }
        $deleted = 0;
        foreach ($this->servers as $i => $_) {
            if ($this->compareAndDelete($i, $lock['resource'], $lock['token'])) {
                $deleted++;
            }
        }
        return $deleted >= $this->quorum;
    }

    /** The quorum: intdiv(N, 2) + 1 masters. */
    public function quorum(): int
    {
        return $this->quorum;
    }

    /** Master $i's connection, made on first use (or after a failure); null if it cannot be made. */
    private function conn(int $i): ?Redis
    {
        if ($this->redis[$i] !== null) {
            return $this->redis[$i];
        }
        [$host, $port, $timeout] = $this->servers[$i];
        $r = new Redis();
        try {
            if (!$r->connect($host, $port, $timeout)) {
                return null;
            }
            if ($this->readTimeout > 0) {
                $r->setOption(Redis::OPT_READ_TIMEOUT, $this->readTimeout);
            }
        } catch (RedisException) {
            return null;
        }
        return $this->redis[$i] = $r;
    }

    /** SET NX PX on master $i: true only for OK; a failure drops the connection. */
    private function setNx(int $i, string $key, string $token, int $ttl): bool
    {
        $r = $this->conn($i);
        if ($r === null) {
            return false;
        }
        try {
            $ok = $r->set($key, $token, ['NX', 'PX' => $ttl]);
        } catch (RedisException) {
            $this->redis[$i] = null;
            return false;
        }
        if ($ok !== true && $r->getLastError() !== null) {
            $r->clearLastError(); /* an error reply: a "no", the connection is still fine */
        }
        return $ok === true;
    }

    /** The compare-and-delete script on master $i: true iff it deleted our token. */
    private function compareAndDelete(int $i, string $key, string $token): bool
    {
        $r = $this->conn($i);
        if ($r === null) {
            return false;
        }
        try {
            $n = PhpRedisScript::run($r, PhpRedisScript::COMPARE_AND_DELETE, [$key, $token], 'PhpRedisRedlock');
        } catch (RedisException) {
            $this->redis[$i] = null;
            return false;
        } catch (RuntimeException) {
            return false; /* an error reply: a "no", the connection is still fine */
        }
        return $n === 1;
    }
}
