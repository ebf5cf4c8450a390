<?php
/**
 * A fair counting semaphore on phpredis, built the way PHP applications build
 * one today (the "counter + owner zset + timeout zset" design), the baseline
 * RedisSemaphore is measured against in bench/semaphore.php. Keys, for a
 * semaphore $name (one hash tag, so they could live in one cluster slot):
 *
 *   {<prefix><name>}:timeout  zset id => deadline (client clock, seconds)
 *   {<prefix><name>}:owner    zset id => ticket (arrival order)
 *   {<prefix><name>}:counter  the ticket counter
 *   {<prefix><name>}:lock     a short lock that serialises acquirers
 *
 * acquire: take the short lock (SET NX PX), then pipeline
 *            ZREMRANGEBYSCORE timeout -inf now        drop expired holders
 *            ZINTERSTORE owner 2 owner timeout WEIGHTS 1 0   ... from owner too
 *            INCR counter                             a ticket
 *          then pipeline
 *            ZADD timeout now+expire id, ZADD owner ticket id, ZRANK owner id
 *          admitted if the rank is below the limit, else ZREM both (pipelined);
 *          finally release the short lock (EVALSHA compare-and-delete).
 *          Retried (1 ms, doubling up to 100 ms) until $timeout.
 * release: ZREM owner id, ZREM timeout id (pipelined); true if it was a holder.
 * refresh: ZADD timeout XX CH now+expire id (only if still there).
 *
 * Its known weak spots, kept on purpose because they are what the design has:
 * time comes from each client's clock (skew admits early or keeps dead holders),
 * the keys never expire, and an acquirer that dies holding the short lock
 * stalls everyone for the lock's lifetime.
 */

declare(strict_types=1);

require_once __DIR__ . '/PhpRedisScript.php';

final class PhpRedisFairSemaphore
{
    /** How long the short acquire lock lives (ms) if its owner dies. */
    private const LOCK_MS = 1000;

    /** @var array<string, list<string>> name => ids this object holds, oldest first */
    private array $held = [];

    public function __construct(
        private readonly Redis $redis,
        private readonly string $prefix = 'SemU:',
    ) {}

    /** @return array{string, string, string, string} timeout, owner, counter, lock */
    private function keys(string $name): array
    {
        $base = '{' . $this->prefix . $name . '}';
        return ["$base:timeout", "$base:owner", "$base:counter", "$base:lock"];
    }

    public function acquire(string $name, int $limit, float $expire = 10, float $timeout = 0): string|false
    {
        if ($name === '') {
            throw new ValueError('PhpRedisFairSemaphore::acquire(): Argument #1 ($name) must not be empty');
        }
        if ($limit < 1) {
            throw new ValueError('PhpRedisFairSemaphore::acquire(): Argument #2 ($limit) must be greater than 0');
        }
        if (!($expire > 0 && $expire <= 1e9)) {
            throw new ValueError('PhpRedisFairSemaphore::acquire(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)');
        }
        if (!($timeout >= 0 && $timeout <= 1e9)) {
            throw new ValueError('PhpRedisFairSemaphore::acquire(): Argument #4 ($timeout) must be between 0 and 1000000000 (seconds)');
        }
        $id = bin2hex(random_bytes(16));
        $deadline = hrtime(true) + (int)($timeout * 1e9);
        $pauseUs = 1000;
        while (true) {
            $admitted = $this->tryAcquire($name, $id, $limit, $expire, $deadline);
            if ($admitted) {
                $this->held[$name][] = $id;
                return $id;
            }
            $left = $deadline - hrtime(true);
            if ($left <= 0) {
                return false;
            }
            usleep((int)min($pauseUs, intdiv($left, 1000) + 1));
            $pauseUs = min($pauseUs * 2, 100000);
        }
    }

    /** One attempt under the short lock; false if the semaphore is full (or the lock stays busy until $deadline). */
    private function tryAcquire(string $name, string $id, int $limit, float $expire, int $deadline): bool
    {
        [$timeoutKey, $ownerKey, $counterKey, $lockKey] = $this->keys($name);

        $token = bin2hex(random_bytes(16));
        while (($ok = $this->redis->set($lockKey, $token, ['NX', 'PX' => self::LOCK_MS])) !== true) {
            $this->check($ok, 'SET NX');
            if (hrtime(true) >= $deadline) {
                return false;
            }
            usleep(1000);
        }
        try {
            $now = microtime(true);
            $r = $this->redis->multi(Redis::PIPELINE)
                ->zRemRangeByScore($timeoutKey, '-inf', (string)$now)
                ->zInterStore($ownerKey, [$ownerKey, $timeoutKey], [1, 0])
                ->incr($counterKey)
                ->exec();
            $this->checkAll($r, 3);
            $ticket = $r[2];

            $r = $this->redis->multi(Redis::PIPELINE)
                ->zAdd($timeoutKey, $now + $expire, $id)
                ->zAdd($ownerKey, $ticket, $id)
                ->zRank($ownerKey, $id)
                ->exec();
            $this->checkAll($r, 3);
            if (is_int($r[2]) && $r[2] < $limit) {
                return true;
            }
            $r = $this->redis->multi(Redis::PIPELINE)
                ->zRem($ownerKey, $id)
                ->zRem($timeoutKey, $id)
                ->exec();
            $this->checkAll($r, 2);
            return false;
        } finally {
            PhpRedisScript::run($this->redis, PhpRedisScript::COMPARE_AND_DELETE, [$lockKey, $token], 'PhpRedisFairSemaphore');
        }
    }

    public function release(string $name, ?string $id = null): bool
    {
        if ($name === '') {
            throw new ValueError('PhpRedisFairSemaphore::release(): Argument #1 ($name) must not be empty');
        }
        $id ??= $this->latest($name);
        if ($id === null) {
            return false;
        }
        $this->forget($name, $id);
        [$timeoutKey, $ownerKey] = $this->keys($name);
        $r = $this->redis->multi(Redis::PIPELINE)
            ->zRem($ownerKey, $id)
            ->zRem($timeoutKey, $id)
            ->exec();
        $this->checkAll($r, 2);
        return $r[1] === 1;
    }

    public function refresh(string $name, ?string $id = null, float $expire = 10): bool
    {
        $id ??= $this->latest($name);
        if ($id === null) {
            return false;
        }
        [$timeoutKey] = $this->keys($name);
        $r = $this->redis->zAdd($timeoutKey, ['XX', 'CH'], microtime(true) + $expire, $id);
        $this->check($r, 'ZADD XX');
        return $r === 1;
    }

    public function releaseAll(): bool
    {
        $ok = true;
        foreach ($this->held as $name => $ids) {
            foreach ($ids as $id) {
                $ok = $this->release((string)$name, $id) && $ok;
            }
        }
        return $ok;
    }

    private function latest(string $name): ?string
    {
        $ids = $this->held[$name] ?? [];
        return $ids ? $ids[count($ids) - 1] : null;
    }

    private function forget(string $name, string $id): void
    {
        $this->held[$name] = array_values(array_diff($this->held[$name] ?? [], [$id]));
        if (!$this->held[$name]) {
            unset($this->held[$name]);
        }
    }

    private function check(mixed $reply, string $what): void
    {
        if ($reply === false && ($err = $this->redis->getLastError()) !== null) {
            $this->redis->clearLastError();
            throw new RuntimeException("PhpRedisFairSemaphore: $what failed: $err");
        }
    }

    private function checkAll(mixed $replies, int $n): void
    {
        if (!is_array($replies) || count($replies) !== $n || in_array(false, $replies, true)) {
            $err = $this->redis->getLastError();
            $this->redis->clearLastError();
            throw new RuntimeException('PhpRedisFairSemaphore: pipeline failed: ' . ($err ?? var_export($replies, true)));
        }
    }

    public function __destruct()
    {
        try {
            $this->releaseAll();
        } catch (Throwable) {
            /* the connection may already be gone at shutdown */
        }
    }
}
