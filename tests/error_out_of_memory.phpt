--TEST--
Error codes: an allocation that fails in the client (a malloc() shim preloaded into a child, with the extension behind it, refuses the one the release's wait keys need) is a RedisLockException OUT_OF_MEMORY, counted in stats(); nothing was sent, the lock is still held and ours, and the next release frees it
--SKIPIF--
<?php
require __DIR__ . '/skipif.inc';
require_once __DIR__ . '/config.inc';
if (rl_under_valgrind()) die('skip valgrind replaces malloc(): the shim would not be called');
if (str_contains((string)getenv('LD_PRELOAD'), 'asan')) die('skip the sanitizer runtime owns malloc() here');
exec('command -v cc 2>/dev/null', $o, $rc);
if ($rc !== 0) die('skip no C compiler for the malloc() shim');
?>
--FILE--
<?php
require __DIR__ . '/config.inc';

// fails the first malloc() of exactly RLOOM_FAIL_SIZE bytes once the file RLOOM_ARMED exists
$dir = sys_get_temp_dir() . '/rl-oom-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/shim.c", <<<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>
static void *(*real_malloc)(size_t);
static int used;
void *malloc(size_t n)
{
    static size_t fail_size;
    static const char *armed;
    if (!real_malloc) {
        real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
        const char *s = getenv("RLOOM_FAIL_SIZE");
        fail_size = s ? (size_t)strtoul(s, NULL, 10) : 0;
        armed = getenv("RLOOM_ARMED");
    }
    if (!used && fail_size && n == fail_size && armed && access(armed, F_OK) == 0) {
        used = 1;
        return NULL;
    }
    return real_malloc(n);
}
C);
exec('cc -shared -fPIC -O1 -o ' . escapeshellarg("$dir/shim.so") . ' ' . escapeshellarg("$dir/shim.c") . ' -ldl 2>&1', $out, $rc);
if ($rc !== 0) {
    echo "cannot build the shim: ", implode("\n", $out), "\n";
}

// the release's wait keys are one malloc() of 5 x (8 + strlen(key)) bytes ("Lock:" . name, untagged:
// the queue, the served list, the wake-list prefix, the fence counter, and the wake list with no member)
$name = str_pad(rl_unique('oom'), 1234, 'x');
$size = 5 * (8 + strlen("Lock:$name"));
$child = <<<'PHP'
<?php
$l = new RedisLock(getenv('RLOOM_SERVER'));
$name = getenv('RLOOM_NAME');
var_dump($l->lock($name, 0, 30));
touch(getenv('RLOOM_ARMED'));
try {
    var_dump($l->unlock($name));
} catch (RedisLockException $e) {
    echo get_class($e), ' ', $e->getCode() === RedisLockException::OUT_OF_MEMORY ? 'OUT_OF_MEMORY' : $e->getCode(), ': ',
        $e->getMessage(), "\n";
}
echo "counted: ", RedisLock::stats()['errors']['OUT_OF_MEMORY'], "\n";
var_dump($l->isLocking($name), $l->unlock($name), $l->isLocking($name));
PHP;
file_put_contents("$dir/child.php", $child);
// (names of this test's own: the suite's scripts export RL_SERVER and the like, and a union keeps theirs)
$env = ['RLOOM_SERVER' => RL_TEST_SERVER, 'RLOOM_NAME' => $name, 'RLOOM_FAIL_SIZE' => (string)$size,
    'RLOOM_ARMED' => "$dir/armed"] + rl_child_env();
// PHP opens extensions with RTLD_DEEPBIND, so the extension's malloc() would bind to libc's
// whatever is preloaded: preloaded itself, behind the shim, it binds to the shim (and PHP's
// dlopen() of it then finds it loaded)
$env['LD_PRELOAD'] = "$dir/shim.so " . RL_TEST_EXT;
$proc = proc_open([RL_TEST_PHP, '-n', '-d', 'extension=' . RL_TEST_EXT, "$dir/child.php"],
    [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env);
echo stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo "exit: ", proc_close($proc), "\n";
var_dump((new RawRedis())->cmd('EXISTS', "Lock:$name"));
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECTF--
bool(true)
RedisLockException OUT_OF_MEMORY: out of memory
counted: 1
bool(true)
bool(true)
bool(false)
exit: 0
int(0)
