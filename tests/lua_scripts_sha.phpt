--TEST--
Protocol scripts: each script in ext/core/rl_scripts_lua.h loads into Redis under the SHA1 the generator wrote (the SHA1 the extension sends with EVALSHA), and the header is what scripts/gen-lua.php makes of ext/core/lua/
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
$raw = new RawRedis();
$root = dirname(__DIR__);
$header = file_get_contents("$root/ext/core/rl_scripts_lua.h");

/* Each macro's body: string literals and fragment macros (RL_LUA_FRAGMENT_*), which C joins into one literal. */
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

/* The committed header is current (the same check CI runs, without luac). */
$out = shell_exec(escapeshellarg(PHP_BINARY) . ' -n ' . escapeshellarg("$root/scripts/gen-lua.php") . ' --check 2>&1');
var_dump(str_contains($out, 'header is stale'));
?>
--EXPECT--
RL_LUA_LOCK_EXTEND
RL_LUA_LOCK_HANDED
RL_LUA_LOCK_RELEASE
RL_LUA_LOCK_REMAINING
RL_LUA_LOCK_WAIT
RL_LUA_REDLOCK_ACQUIRE
RL_LUA_REDLOCK_EXTEND
RL_LUA_REDLOCK_RELEASE
RL_LUA_SEMAPHORE_ACQUIRE
RL_LUA_SEMAPHORE_COUNT
RL_LUA_SEMAPHORE_REFRESH
RL_LUA_SEMAPHORE_RELEASE
bool(false)
