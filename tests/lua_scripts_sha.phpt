--TEST--
Protocol scripts: each script in ext/core/rl_scripts_lua.h loads into Redis under the SHA1 the generator wrote (the SHA1 the extension sends with EVALSHA), and the header is what scripts/gen-lua.php makes of ext/core/lua/
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--INI--
pcre.jit=0
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$root = dirname(__DIR__);
$header = file_get_contents("$root/ext/core/rl_scripts_lua.h");

/* (pcre.jit=0: PCRE's JIT reads up to 16 bytes past a subject's end, which the valgrind pass
 * reports when the string's block ends there.) Each macro's body: string literals and fragment macros (RL_LUA_FRAGMENT_*), which C joins into one literal. */
preg_match_all('/#define (RL_LUA_\w+) \\\\\n((?:\t(?:".*"|RL_LUA_\w+)(?: \\\\)?\n)+)/', $header, $m, PREG_SET_ORDER);
$bodies = [];
foreach ($m as [, $macro, $body]) {
    $bodies[$macro] = explode("\n", rtrim($body, "\n"));
}
/* A macro turned back into the bytes C makes of it (a function, not a closure that calls itself: that cycle leaks). */
function macro_bytes(array $bodies, string $macro): string
{
    $source = '';
    foreach ($bodies[$macro] as $line) {
        $line = trim($line);
        if (str_ends_with($line, ' \\')) {
            $line = substr($line, 0, -2);
        }
        $source .= $line[0] === '"' ? stripcslashes(substr($line, 1, -1)) : macro_bytes($bodies, $line);
    }
    return $source;
}
preg_match_all('/#define (RL_LUA_\w+)_SHA1 "([0-9a-f]{40})"/', $header, $m, PREG_SET_ORDER);
$names = [];
foreach ($m as [, $macro, $sha]) {
    $source = macro_bytes($bodies, $macro);
    $loaded = $raw->cmd('SCRIPT', 'LOAD', $source);
    if ($loaded !== $sha) {
        echo "$macro: header says $sha, Redis loaded it as ", var_export($loaded, true), "\n";
    }
    $names[] = $macro;
}
echo implode("\n", $names), "\n";

/* The committed header is current: CI's check (scripts/gen-lua.php --check), run as a helper
 * (RL_HELPER_ARG: a build script, no code of the extension, which the valgrind pass need not
 * trace with the luac5.1 and shells it starts). Its message names the header, and whether
 * luac5.1 is installed here or not, it never says the header is stale. */
$gen = proc_open([PHP_BINARY, '-n', '-d', RL_HELPER_ARG, "$root/scripts/gen-lua.php", '--check'],
    [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
$out = stream_get_contents($pipes[1]);
proc_close($gen);
var_dump(str_contains($out, 'gen-lua: '), str_contains($out, 'rl_scripts_lua.h is stale'));
?>
--EXPECT--
RL_LUA_LOCK_EXTEND
RL_LUA_LOCK_FENCE
RL_LUA_LOCK_HANDED
RL_LUA_LOCK_RELEASE
RL_LUA_LOCK_RELEASE_FREE
RL_LUA_LOCK_REMAINING
RL_LUA_LOCK_TAKE_FENCED
RL_LUA_LOCK_WAIT
RL_LUA_REDLOCK_ACQUIRE
RL_LUA_REDLOCK_EXTEND
RL_LUA_REDLOCK_FENCE
RL_LUA_REDLOCK_RELEASE
RL_LUA_RW_DEMOTE
RL_LUA_RW_EXTEND
RL_LUA_RW_HANDED
RL_LUA_RW_PROMOTE
RL_LUA_RW_RELEASE
RL_LUA_RW_REMAINING
RL_LUA_RW_WAIT
RL_LUA_SEMAPHORE_ACQUIRE
RL_LUA_SEMAPHORE_COUNT
RL_LUA_SEMAPHORE_REFRESH
RL_LUA_SEMAPHORE_RELEASE
bool(true)
bool(false)
