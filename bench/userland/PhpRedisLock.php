<?php
/**
 * A careful userland distributed lock on phpredis, the baseline the extension
 * is measured against in bench/cycles.php. Same semantics as RedisLock for the
 * parts the benchmark uses:
 *
 *   lock:   SET <prefix><name> <token> NX PX <ms>, the token 128 random bits
 *           (random_bytes). While the lock is busy it retries until $timeout
 *           with randomized exponential backoff: the n-th pause is drawn
 *           uniformly from [p/2, p] where p = 1 ms * 2^(n-1), capped at
 *           $waitIntervalUs (default 100 ms). Starting small keeps the wait short
 *           when the holder is about to release; doubling keeps the polling
 *           traffic bounded when it is not; the jitter keeps waiters that
 *           started together from retrying in lockstep (and the same one
 *           winning every time). Never beyond the deadline.
 *           Re-locking a name this object still owns extends it (compare-and-PEXPIRE).
 *   unlock: compare-and-delete in Lua (EVALSHA; EVAL when the server answers
 *           NOSCRIPT, e.g. after SCRIPT FLUSH or a restart), so a lock that
 *           expired and was taken by someone else is never deleted.
 */

declare(strict_types=1);

require_once __DIR__ . '/PhpRedisScript.php';

final class PhpRedisLock
{
    private const EXTEND_LUA = <<<'LUA'
        if redis.call('GET', KEYS[1]) == ARGV[1] then
            return redis.call('PEXPIRE', KEYS[1], ARGV[2])
        end
        return 0
        LUA;

    /** The first pause while the lock is busy, in microseconds; it doubles up to $waitIntervalUs. */
    private const FIRST_PAUSE_US = 1000;

    /** @var array<string, string> name => token of the locks this object holds */
    private array $held = [];

    public function __construct(
        private readonly Redis $redis,
        private readonly string $prefix = 'Lock:',
    ) {}

    public function lock(string $name, float $timeout = 0, float $expire = 15, int $waitIntervalUs = 100000): bool
    {
        if ($name === '') {
            throw new ValueError('PhpRedisLock::lock(): Argument #1 ($name) must not be empty');
        }
        if (!($timeout >= 0 && $timeout <= 1e9)) {
            throw new ValueError('PhpRedisLock::lock(): Argument #2 ($timeout) must be between 0 and 1000000000 (seconds)');
        }
        if (!($expire > 0 && $expire <= 1e9)) {
            throw new ValueError('PhpRedisLock::lock(): Argument #3 ($expire) must be greater than 0 and at most 1000000000 (seconds)');
        }
        if ($waitIntervalUs < 0) {
            throw new ValueError('PhpRedisLock::lock(): Argument #4 ($waitIntervalUs) must be greater than or equal to 0');
        }
        $key = $this->prefix . $name;
        $ms = (int)ceil($expire * 1000);

        if (isset($this->held[$name])) {
            if ($this->script(self::EXTEND_LUA, [$key, $this->held[$name], (string)$ms]) === 1) {
                return true;
            }
            unset($this->held[$name]); /* expired or taken over: acquire anew */
        }

        $token = bin2hex(random_bytes(16));
        $deadline = hrtime(true) + (int)($timeout * 1e9);
        $pauseUs = self::FIRST_PAUSE_US;
        while (true) {
            $ok = $this->redis->set($key, $token, ['NX', 'PX' => $ms]);
            if ($ok === true) {
                $this->held[$name] = $token;
                return true;
            }
            if ($ok !== false || ($err = $this->redis->getLastError()) !== null) {
                $this->redis->clearLastError();
                throw new RuntimeException('PhpRedisLock: SET failed: ' . ($err ?? var_export($ok, true)));
            }
            $left = $deadline - hrtime(true);
            if ($left <= 0) {
                return false;
            }
            $cap = max(1, min($pauseUs, $waitIntervalUs));
            usleep((int)min(mt_rand(intdiv($cap + 1, 2), $cap), intdiv($left, 1000) + 1));
            $pauseUs = min($pauseUs * 2, max($waitIntervalUs, self::FIRST_PAUSE_US));
        }
    }

    public function unlock(string $name): bool
    {
        if ($name === '') {
            throw new ValueError('PhpRedisLock::unlock(): Argument #1 ($name) must not be empty');
        }
        if (!isset($this->held[$name])) {
            return false;
        }
        $token = $this->held[$name];
        unset($this->held[$name]);
        return $this->script(PhpRedisScript::COMPARE_AND_DELETE, [$this->prefix . $name, $token]) === 1;
    }

    public function unlockAll(): bool
    {
        $ok = true;
        foreach (array_keys($this->held) as $name) {
            $ok = $this->unlock((string)$name) && $ok;
        }
        return $ok;
    }

    private function script(string $lua, array $args): mixed
    {
        return PhpRedisScript::run($this->redis, $lua, $args, 'PhpRedisLock');
    }

    public function __destruct()
    {
        try {
            $this->unlockAll();
        } catch (Throwable) {
            /* the connection may already be gone at shutdown; the keys expire */
        }
    }
}
