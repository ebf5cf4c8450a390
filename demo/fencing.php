<?php
/**
 * Fencing: a lock holder paused past its lock's lifetime (a GC pause, a swapped-out FPM
 * worker, a VM migration; here SIGSTOP) still believes it holds the lock when it resumes.
 * Meanwhile another process took the lock and wrote. This demo runs that story twice with two
 * holder processes, A and B, and a small store in Redis (a hash: value, writer, fence):
 *
 *   1. the store checks the fence: it accepts a write only with a fence greater than the last
 *      one it accepted, so A's late write, made with its old fence, is refused;
 *   2. the store does not check (a plain write): A's late write lands over B's.
 *
 * Each holder is a RedisLock with ['fencing' => true]; $lock->fence($name) gives the number of
 * its acquisition, greater than every earlier acquisition's of that name (README, "Fences").
 *
 *   php -d extension=modules/redislock.so demo/fencing.php [--server tcp://127.0.0.1:6379]
 *       [--lifetime 1.0] [--ext path/to/redislock.so]
 *
 * --lifetime is A's lock lifetime in seconds (A stays paused a little longer than that);
 * --ext defaults to the "-d extension=...redislock..." on this process's command line.
 * The holders are started as "php -n -d extension=<ext> demo/fencing.php --holder ...".
 *
 * Exit status: 0 if the fence-checking store refused the paused holder's late write; 1 if it
 * accepted it; 2 on a usage or run error. The demo's own Redis access (the store) uses the tiny
 * RESP client of demo/web/resp.php. Its keys are deleted at the end, the lock's fence counter
 * (rl:{Lock:<name>}:lf) too: a counter has no lifetime, by design, but this name is the demo's own.
 */

declare(strict_types=1);

require __DIR__ . '/web/resp.php'; // RlWebResp, the demos' tiny RESP client
require __DIR__ . '/cli.php';      // parse_args(), extension_path()

function usage(string $msg = ''): never
{
    usage_exit('fencing', $msg, "php -d extension=redislock.so demo/fencing.php [--server tcp://127.0.0.1:6379]\n"
        . "       [--lifetime 1.0] [--ext path/to/redislock.so]");
}

/* ------------------------------------------------------------------ the store */

/**
 * The store's one write: KEYS[1] the hash, ARGV value, writer, fence ('' = a plain write, not
 * checked). A checked write is accepted only if its fence is greater than the last accepted
 * one. Returns {1 accepted / 0 refused, the last accepted fence}.
 */
const STORE_WRITE = <<<'LUA'
local last = redis.call('HGET', KEYS[1], 'fence') or '0'
if ARGV[3] ~= '' then
  if tonumber(ARGV[3]) <= tonumber(last) then return {0, last} end
  last = ARGV[3]
  redis.call('HSET', KEYS[1], 'fence', last)
end
redis.call('HSET', KEYS[1], 'value', ARGV[1], 'writer', ARGV[2])
return {1, last}
LUA;

/* ------------------------------------------------------------------ holder */

/**
 * One holder process: answers one JSON line per JSON command on stdin:
 *   {"do":"lock","timeout":s,"lifetime":s}  -> {"ok":bool,"fence":int|null,"waited":s}
 *   {"do":"write","value":v,"checked":bool}  -> {"accepted":bool,"last":fence}
 *   {"do":"unlock"}                          -> {"ok":bool}
 */
function holder(string $who, string $server, string $name, string $storeKey): void
{
    $lock = new RedisLock($server, ['fencing' => true]);
    $store = RlWebResp::connect($server);
    $fence = null;
    echo json_encode(['pid' => getmypid()]), "\n";
    while (($line = fgets(STDIN)) !== false) {
        $cmd = json_decode($line, true);
        try {
            switch ($cmd['do']) {
                case 'lock':
                    $t0 = microtime(true);
                    $ok = $lock->lock($name, $cmd['timeout'], $cmd['lifetime']);
                    $waited = microtime(true) - $t0;
                    $fence = $ok ? $lock->fence($name) : null;
                    $out = ['ok' => $ok, 'fence' => $fence, 'waited' => $waited];
                    break;
                case 'write':
                    // the holder writes with the fence of its lock as it remembers it: it does not
                    // (and, paused at any instant, cannot) know whether the lock is still its own
                    $r = $store->cmd('EVAL', STORE_WRITE, '1', $storeKey, $cmd['value'], $who,
                        $cmd['checked'] ? (string)$fence : '');
                    $out = ['accepted' => $r[0] === 1, 'last' => $r[1]];
                    break;
                case 'unlock':
                    $out = ['ok' => $lock->unlock($name)];
                    break;
                default:
                    $out = ['error' => 'unknown command'];
            }
        } catch (Throwable $e) {
            $out = ['error' => get_class($e) . ': ' . $e->getMessage()];
        }
        echo json_encode($out), "\n";
    }
}

/* ------------------------------------------------------------------ parent */

/** A holder process of the parent's. */
final class Holder
{
    public readonly int $pid;
    private $proc;
    private array $pipes;

    public function __construct(public readonly string $who, string $ext, string $server, string $name, string $storeKey)
    {
        $cmd = [PHP_BINARY, '-n', '-d', "extension=$ext", __FILE__, '--holder', $who, '--server', $server,
            '--name', $name, '--store', $storeKey];
        $this->proc = proc_open($cmd, [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
        $this->pipes = $pipes;
        if (!is_resource($this->proc)) {
            throw new RuntimeException("cannot start holder $who");
        }
        $this->pid = $this->reply()['pid'] ?? throw new RuntimeException("holder $who did not start");
    }

    public function send(array $cmd): void
    {
        fwrite($this->pipes[0], json_encode($cmd) . "\n");
        fflush($this->pipes[0]);
    }

    public function reply(float $timeout = 30.0): array
    {
        $r = [$this->pipes[1]];
        $w = $e = null;
        if (!stream_select($r, $w, $e, (int)$timeout, 0)) {
            throw new RuntimeException("holder {$this->who}: no answer within $timeout s");
        }
        $line = fgets($this->pipes[1]);
        $out = $line === false ? null : json_decode($line, true);
        if (!is_array($out)) {
            throw new RuntimeException("holder {$this->who}: " . ($line === false ? 'ended' : trim($line)));
        }
        if (isset($out['error'])) {
            throw new RuntimeException("holder {$this->who}: {$out['error']}");
        }
        return $out;
    }

    public function call(array $cmd): array
    {
        $this->send($cmd);
        return $this->reply();
    }

    /** 19 SIGSTOP, 18 SIGCONT */
    public function signal(int $sig): void
    {
        proc_terminate($this->proc, $sig);
    }

    public function __destruct()
    {
        proc_terminate($this->proc, 18);   // never leave one stopped
        fclose($this->pipes[0]);
        fclose($this->pipes[1]);
        proc_close($this->proc);
    }
}

/** A fence for the eye: its last 4 digits, the part that changes ("...9388"). */
function short(int|string|null $fence): string
{
    return $fence === null ? '-' : '...' . substr((string)$fence, -4);
}

function say(string $who, string $what): void
{
    printf("  %-15s %s\n", $who, $what);
}

/** One run of the story; returns [A's late write accepted, what the store kept]. */
function run(string $ext, string $server, float $lifetime, bool $checked): array
{
    $id = getmypid() . '-' . bin2hex(random_bytes(3));
    $name = "fencing-demo:$id";
    $storeKey = "fencing-demo:$id:store";
    $redis = RlWebResp::connect($server);
    $a = new Holder('A', $ext, $server, $name, $storeKey);
    $b = new Holder('B', $ext, $server, $name, $storeKey);

    $ra = $a->call(['do' => 'lock', 'timeout' => 0, 'lifetime' => $lifetime]);
    if (!$ra['ok']) {
        throw new RuntimeException("A could not take the lock $name");
    }
    say("A (pid {$a->pid})", sprintf('lock() true for %.1f s, fence %d', $lifetime, $ra['fence']));
    $b->send(['do' => 'lock', 'timeout' => $lifetime * 10 + 5, 'lifetime' => 30]);
    usleep(100000);   // B queues behind A (it would take the lock at A's expiry anyway)
    $a->signal(19);
    $paused = microtime(true);
    say('A', 'paused (SIGSTOP) while holding the lock: a GC pause, a swapped-out worker...');
    $rb = $b->reply($lifetime * 10 + 10);
    if (!$rb['ok']) {
        throw new RuntimeException('B was not handed the lock');
    }
    say("B (pid {$b->pid})", sprintf("lock() true after waiting %.2f s (A's lifetime ran out), fence %s", $rb['waited'],
        short($rb['fence'])));
    $wb = $b->call(['do' => 'write', 'value' => "B's order", 'checked' => $checked]);
    say('B', sprintf('writes "B\'s order"%s: %s', $checked ? ' with fence ' . short($rb['fence']) : '',
        $wb['accepted'] ? 'accepted' : 'REFUSED'));
    $a->signal(18);
    say('A', sprintf('resumed (SIGCONT) after %.2f s; it still believes it holds the lock', microtime(true) - $paused));
    $wa = $a->call(['do' => 'write', 'value' => "A's order", 'checked' => $checked]);
    say('A', sprintf('writes "A\'s order"%s: %s', $checked ? ' with fence ' . short($ra['fence']) : '',
        $wa['accepted'] ? 'accepted' . ($checked ? '' : ", over B's") : 'REFUSED (the store took fence ' . short($wa['last']) . ')'));
    $ua = $a->call(['do' => 'unlock']);
    say('A', 'unlock() ' . json_encode($ua['ok']) . ($ua['ok'] ? '' : ': its lock had expired while it was paused'));
    $ub = $b->call(['do' => 'unlock']);
    say('B', 'unlock() ' . json_encode($ub['ok']));
    $kept = $redis->cmd('HGET', $storeKey, 'value');
    $writer = $redis->cmd('HGET', $storeKey, 'writer');
    say('store keeps', "\"$kept\" (from $writer)" . ($writer === 'A' ? ": B's write is lost, the paused holder's stale write landed" : ''));
    // the demo's name is its own: its fence counter (no lifetime, by design) can go with the store
    $redis->cmd('DEL', $storeKey, "rl:{Lock:$name}:lf");
    return [$wa['accepted'], $kept];
}

$opts = parse_args($argv, ['server' => 'v', 'lifetime' => 'v', 'ext' => 'v', 'help' => 'flag',
                           'holder' => 'v', 'name' => 'v', 'store' => 'v']);
if (isset($opts['help'])) {
    usage();
}
$server = $opts['server'] ?? 'tcp://127.0.0.1:6379';
if (isset($opts['holder'])) {
    holder($opts['holder'], $server, $opts['name'] ?? usage('--name missing'), $opts['store'] ?? usage('--store missing'));
    exit(0);
}
if (!class_exists('RedisLock')) {
    usage('the redislock extension is not loaded (php -d extension=/path/to/redislock.so ...)');
}
$ext = extension_path($opts) ?? usage('cannot tell where redislock.so is: pass --ext /path/to/redislock.so');
$lifetime = (float)($opts['lifetime'] ?? 1.0);
if (!is_numeric($opts['lifetime'] ?? '1') || $lifetime < 0.1 || $lifetime > 60) {
    usage('--lifetime must be between 0.1 and 60 seconds');
}

printf("Fencing demo on %s: holder A takes a lock for %.1f s and is paused past it; B waits and takes it.\n"
    . "Both then write to a small store in Redis (a hash), B first, A after it resumes.\n\n", $server, $lifetime);
try {
    echo "== 1. the store checks the fence: it accepts a write only with a fence above the last one it took\n";
    [$lateAccepted] = run($ext, $server, $lifetime, true);
    echo "\n== 2. the store does not check: a plain write\n";
    [$lateAcceptedPlain] = run($ext, $server, $lifetime, false);
} catch (Throwable $e) {
    fwrite(STDERR, 'fencing: ' . $e->getMessage() . "\n");
    exit(2);
}
echo "\n";
if ($lateAccepted) {
    echo "FAIL: the store that checks fences accepted the paused holder's late write.\n";
    exit(1);
}
echo "With the fence checked, the paused holder's late write was refused and B's write stayed.\n";
echo $lateAcceptedPlain ? "Without it, the paused holder's late write overwrote B's: the lock alone cannot stop a holder it\n"
    . "no longer protects; the fence lets the store do it.\n" : "Without it, nothing stopped the late write either (it lost a race this time).\n";
exit(0);
