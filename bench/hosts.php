<?php
/*
 * Two hosts on one machine, one hot lock (issue 21): half the processes run
 * in this host's IPC and mount namespaces, half in another's, with a /dev/shm
 * of its own (so the local hand-over's segment is not shared between the two
 * groups, as between two web servers). Each process is a child of
 * bench/contended.php (lock, hold, unlock, think, its holds recorded).
 * Prints, per implementation, each host's share of the acquisitions,
 * overlapping holds (mutual exclusion, from the holds' monotonic times: one
 * clock for both namespaces), utilization, and Redis's commands and CPU per
 * acquisition. Needs root (unshare, nsenter); otherwise says so and exits 0.
 *
 * With --data-dir DIR (bench/run.sh passes it for the plots, bench/plots.sh) it
 * also writes DIR/hosts.tsv: per implementation a key, a label, host A's and
 * host B's acquisitions, the smaller host's share and the overlapping holds;
 * the window and the share target as params; what it prints is the same.
 *
 *   php bench/hosts.php --server tcp://127.0.0.1:PORT [--procs 16] [--duration 10] [--impls ext-local,ext,userland]
 *       [--data-dir DIR]
 * Run by bench/run.sh (section 2c).
 */
require_once __DIR__ . '/lib.php';

$o = bench_options([
    'server' => null, 'procs' => 16, 'duration' => 10.0, 'impls' => 'ext-local,ext,userland',
    'hold-ms' => 1.0, 'think-ms' => 5.0, 'timeout' => 10.0, 'expire' => 15.0, 'data-dir' => '',
], ['server' => 'tcp://host:port', 'impls' => 'LIST']);
if ($o['procs'] < 2 || $o['procs'] % 2) {
    bench_usage('--procs must be an even number >= 2');
}

/* the other host: a process holding new IPC and mount namespaces with a tmpfs on /dev/shm */
function start_other_host(): ?array
{
    $euid = function_exists('posix_geteuid') ? posix_geteuid() : (int)trim((string)shell_exec('id -u'));
    if ($euid !== 0 || !is_executable('/usr/bin/unshare') || !is_executable('/usr/bin/nsenter')) {
        return null;
    }
    $proc = proc_open(['/usr/bin/unshare', '--ipc', '--mount', '--propagation', 'private', '--fork', '--kill-child', 'sh', '-c',
        'mount -t tmpfs -o mode=1777 tmpfs /dev/shm && echo ready && exec sleep 100000'],
        [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $pipes);
    if (!is_resource($proc) || fgets($pipes[1]) !== "ready\n") {
        return null;
    }
    /* the sh's pid is unshare's child: the one in the new namespaces */
    $unsharePid = proc_get_status($proc)['pid'];
    $children = trim((string)@file_get_contents("/proc/$unsharePid/task/$unsharePid/children"));
    $pid = (int)(explode(' ', $children)[0] ?? 0);
    if ($pid <= 0) {
        proc_terminate($proc);
        return null;
    }
    return ['proc' => $proc, 'out' => $pipes[1], 'pid' => $pid];
}

$other = start_other_host();
if ($other === null) {
    echo "2c. Two hosts: not run (needs root, unshare and nsenter for a second IPC and mount namespace).\n";
    exit(0);
}
$check = bench_phpredis($o['server']);
$procs = (int)$o['procs'];
$window = (float)$o['duration'];
$tag = getmypid();
$tmp = sys_get_temp_dir() . "/rl-hosts-$tag";
@mkdir($tmp, 0700, true);
$results = [];

foreach (explode(',', $o['impls']) as $impl) {
    $key = "bench:hosts:$impl:$tag";
    $start = hrtime(true) + (int)((0.5 + 0.1 * $procs) * 1e9);
    $end = $start + (int)($window * 1e9);
    $kids = [];
    for ($i = 0; $i < $procs; $i++) {
        $kids[$i] = bench_spawn(__DIR__ . '/contended.php', [
            '--server', $o['server'], '--mode', 'lock', '--child', $impl, '--key', $key,
            '--start', $start, '--end', $end, '--out', "$tmp/$impl.$i.json",
            '--hold-ms', $o['hold-ms'], '--think-ms', $o['think-ms'], '--limit', 1,
            '--timeout', $o['timeout'], '--expire', $o['expire'],
        ], $i % 2 ? ['/usr/bin/nsenter', '-t', (string)$other['pid'], '--ipc', '--mount'] : []);
    }
    foreach ($kids as $i => $k) {
        if (fgets($k['out']) !== "ready\n") {
            throw new RuntimeException("$impl: child $i did not start");
        }
    }
    $before = bench_server_counters($check);
    bench_sleep_until($end);
    $holds = [];
    $byHost = [0, 0];
    $timeouts = $lost = 0;
    foreach ($kids as $i => $k) {
        fclose($k['out']);
        if (($rc = proc_close($k['proc'])) !== 0) {
            throw new RuntimeException("$impl: child $i exited with $rc");
        }
        $d = json_decode((string)file_get_contents("$tmp/$impl.$i.json"), true, 512, JSON_THROW_ON_ERROR);
        unlink("$tmp/$impl.$i.json");
        for ($j = 0; $j + 2 < count($d['rec']); $j += 3) {
            $holds[] = [$d['rec'][$j + 1], $d['rec'][$j + 2]];
        }
        $byHost[$i % 2] += intdiv(count($d['rec']), 3);
        $timeouts += $d['timeouts'];
        $lost += $d['lost'];
    }
    $after = bench_server_counters($check);
    sort($holds);
    $overlaps = 0;
    $held = 0.0;
    for ($j = 0; $j < count($holds); $j++) {
        if ($j > 0 && $holds[$j][0] < $holds[$j - 1][1]) {
            $overlaps++;
        }
        $held += max(0, min($holds[$j][1], $end) - max($holds[$j][0], $start));
    }
    $n = count($holds);
    $results[$impl] = [
        'n' => $n, 'a' => $byHost[0], 'b' => $byHost[1],
        'share' => $n ? min($byHost) / $n : 0.0,
        'overlaps' => $overlaps, 'timeouts' => $timeouts, 'lost' => $lost,
        'util' => $held / ($end - $start),
        'commands' => $n ? ($after['commands'] - $before['commands'] - 2) / $n : NAN,
        'cpu' => $n ? ($after['cpu'] - $before['cpu']) * 1e6 / $n : NAN,
    ];
    $check->del($key);
}
exec('kill -9 ' . (int)$other['pid']);   /* the namespaces' holder (unshare's child), then unshare */
proc_terminate($other['proc'], 9);
fclose($other['out']);
proc_close($other['proc']);
@rmdir($tmp);

$names = ['ext-local' => 'redislock, local hand-over', 'ext' => 'redislock', 'userland' => 'userland'];
/* issue 21's target on the local hand-over: neither host starved by the other's hand-overs */
$shareTarget = 0.4;
if ($o['data-dir'] !== '') {
    /* the rows of the table the plot shows, as computed here: plots.sh computes none again */
    $data = [];
    foreach ($results as $impl => $r) {
        $data[] = [$impl, $names[$impl] ?? $impl, $r['a'], $r['b'], sprintf('%.2f', $r['share']), $r['overlaps']];
    }
    bench_write_data($o['data-dir'], 'hosts.tsv', 'two hosts: key, label, acquisitions of host A, of host B,'
        . " the smaller host's share, overlapping holds",
        ['procs' => $procs, 'window_s' => $window, 'hold_ms' => $o['hold-ms'], 'think_ms' => $o['think-ms'],
         'share_target' => sprintf('%.2f', $shareTarget)], $data);
}
printf("2c. Two hosts, one hot lock: %d processes, %d in this host's namespaces and %d in another IPC and mount\n"
    . "   namespace with its own /dev/shm (a second web server); %s s window, hold %s ms, think %s ms.\n"
    . "   Overlaps: holds of any two processes that intersect (0 = mutual exclusion held).\n\n",
    $procs, $procs / 2, $procs / 2, bench_fmt($window, 1), $o['hold-ms'], $o['think-ms']);
$rows = [];
$fig = [
    ['acquisitions, host A', 'a', 0], ['acquisitions, host B', 'b', 0], ['smaller host\'s share', 'share', 2],
    ['overlapping holds', 'overlaps', 0], ['timed out waits', 'timeouts', 0], ['releases that found it lost', 'lost', 0],
    ['lock utilization', 'util', 2], ['Redis commands per acquisition', 'commands', 1],
    ['Redis server CPU per acquisition, us', 'cpu', 1],
];
foreach ($fig as [$label, $k, $dec]) {
    $r = [$label];
    foreach ($results as $impl => $res) {
        $r[] = bench_fmt((float)$res[$k], $dec);
    }
    $rows[] = $r;
}
echo bench_table(['figure', ...array_map(fn ($i) => $names[$i] ?? $i, array_keys($results))], $rows);
if (isset($results['ext-local'])) {
    $l = $results['ext-local'];
    [, $met] = bench_target('two hosts', "smaller host's share (local hand-over)", $l['share'], '>=', $shareTarget);
    bench_target('two hosts', 'overlapping holds (local hand-over)', (float)$l['overlaps'], '==', 0.0, 0);
    printf("\n   local hand-over: the smaller host got %.2f of the acquisitions (target >= %.2f: %s), %d overlaps.\n",
        $l['share'], $shareTarget, $met === 'yes' ? 'met' : 'NOT met', $l['overlaps']);
}
exit(array_sum(array_column($results, 'overlaps')) > 0 ? 1 : 0);
