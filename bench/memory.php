<?php
/**
 * 4. Memory: the resident set size (VmRSS of /proc/self/status, cross-checked
 * with Rss of /proc/self/smaps_rollup) and memory_get_usage() of one PHP
 * process running the extension, after --first
 * lock+unlock cycles (default 1,000) and again after --cycles in all (default
 * 1,000,000), on one RedisLock object and one connection. Anything the
 * extension leaked per cycle (a reply, a token, a registry entry) would show as
 * growth between the two samples: 1,000,000 cycles turn even 1 byte per cycle
 * into ~1 MiB. The first sample comes after 1,000 cycles so that one-time
 * allocations (connection, buffers, script cache, PHP's own arenas) are
 * already in it.
 *
 *   php -n -d extension=modules/redislock.so bench/memory.php --server tcp://127.0.0.1:PORT
 *       [--cycles 1000000] [--first 1000]
 */

declare(strict_types=1);

require __DIR__ . '/lib.php';

$o = bench_options(['server' => null, 'cycles' => 1000000, 'first' => 1000], ['server' => 'tcp://host:port']);
if ($o['first'] < 1 || $o['cycles'] <= $o['first']) {
    bench_usage('--first must be >= 1 and --cycles greater than --first');
}
if (!class_exists('RedisLock')) {
    bench_usage('the redislock extension is not loaded (-d extension=/path/to/redislock.so)');
}

$lock = new RedisLock($o['server']);
$name = 'bench:memory:' . getmypid() . ':' . bin2hex(random_bytes(3));

function run_cycles(RedisLock $lock, string $name, int $n): void
{
    for ($i = 0; $i < $n; $i++) {
        if (!$lock->lock($name, 0, 15) || !$lock->unlock($name)) {
            throw new RuntimeException("lock+unlock cycle $i failed");
        }
    }
}

/** @return array{vmrss: int, rss: int, anon: int, usage: int, real: int} */
function sample(): array
{
    gc_collect_cycles();
    return bench_memory_kib() + ['usage' => memory_get_usage(), 'real' => memory_get_usage(true)];
}

/* Sampling itself touches code (PCRE's compiler and JIT, file reads) whose
 * library pages then count in the RSS: sample once for nothing, so that this
 * does not show up as growth between the two real samples. */
sample();
run_cycles($lock, $name, $o['first']);
$a = sample();
$t0 = hrtime(true);
run_cycles($lock, $name, $o['cycles'] - $o['first']);
$seconds = (hrtime(true) - $t0) / 1e9;
$b = sample();

printf("4. Memory of one PHP process running the extension: lock+unlock on one RedisLock, one connection\n"
    . "   (%s cycles/s in the long stretch)\n\n", bench_fmt(($o['cycles'] - $o['first']) / $seconds));
$first = bench_fmt($o['first']);
$all = bench_fmt($o['cycles']);
$kib = fn(int $v) => bench_fmt($v / 1024, 1);
$grow = fn(string $k) => $b[$k] - $a[$k];
$rows = [
    ['VmRSS (/proc/self/status), KiB', bench_fmt($a['vmrss']), bench_fmt($b['vmrss']), bench_fmt($grow('vmrss')),
     ...bench_target('memory', "VmRSS growth, $first -> $all cycles", $grow('vmrss'), '<=', 64, 0, ' KiB')],
    ['Rss (/proc/self/smaps_rollup), KiB', bench_fmt($a['rss']), bench_fmt($b['rss']), bench_fmt($grow('rss')), '', ''],
    ['  of which anonymous (heap, stacks), KiB', bench_fmt($a['anon']), bench_fmt($b['anon']), bench_fmt($grow('anon')), '', ''],
    ['memory_get_usage(), KiB', $kib($a['usage']), $kib($b['usage']), $kib($grow('usage')), '', ''],
    ['memory_get_usage(true), KiB', $kib($a['real']), $kib($b['real']), $kib($grow('real')), '', ''],
];
echo bench_table(['figure', "after $first cycles", "after $all cycles", 'growth', 'target (growth)', 'met?'], $rows);
echo "   smaps_rollup's Rss (a page-table walk) cross-checks VmRSS; its anonymous part is where a leak of\n"
    . "   malloc'ed memory (hiredis replies, the extension's own buffers) would show; memory_get_usage() is\n"
    . "   PHP's allocator only.\n";
