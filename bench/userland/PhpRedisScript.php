<?php
/**
 * What the userland peers share, as any careful author of one would write it:
 * the compare-and-delete script a Redis lock is released with, and running a
 * one-key script by its SHA1 (EVALSHA), sending the body (EVAL) only when the
 * server answers NOSCRIPT (after SCRIPT FLUSH, a restart, on a new master).
 * Each peer stays a class a user could have written; this is the part every
 * one of them would write the same way.
 */

declare(strict_types=1);

final class PhpRedisScript
{
    /** Deletes KEYS[1] only while it holds ARGV[1], the caller's token: never someone else's lock. */
    public const COMPARE_AND_DELETE = <<<'LUA'
        if redis.call('GET', KEYS[1]) == ARGV[1] then
            return redis.call('DEL', KEYS[1])
        end
        return 0
        LUA;

    /** @var array<string, string> script => its SHA1 */
    private static array $sha = [];

    /**
     * Runs the one-key script $lua with $args ([key, argv...]) on $redis and
     * returns its reply. phpredis answers false to an error reply and keeps the
     * error aside: that is a RuntimeException here, its message naming $who.
     */
    public static function run(Redis $redis, string $lua, array $args, string $who): mixed
    {
        $r = $redis->evalSha(self::$sha[$lua] ??= sha1($lua), $args, 1);
        if ($r === false) {
            $err = $redis->getLastError();
            $redis->clearLastError();
            if ($err === null || !str_starts_with($err, 'NOSCRIPT')) {
                throw new RuntimeException("$who: EVALSHA failed: " . ($err ?? 'false'));
            }
            $r = $redis->eval($lua, $args, 1);
            if ($r === false && ($err = $redis->getLastError()) !== null) {
                $redis->clearLastError();
                throw new RuntimeException("$who: EVAL failed: $err");
            }
        }
        return $r;
    }
}
