<?php
/**
 * The request log of demo/web/buy.php, read back: with RLWEB_RUN_DIR set, each
 * request appends "<outcome> <lock wait µs> <unlock>" to <dir>/req-<pid>.log
 * (outcome sold, soldout, busy or error; wait -1 when there was no lock; unlock
 * 1, 0 when the lock had expired under the request, - when there was none).
 * Read by the web demo (demo/web/sale.php) and the web tests (tests/web.inc).
 */

declare(strict_types=1);

/**
 * The requests logged in $runDir: 'outcomes' (outcome => count, sold, soldout,
 * busy and error always there), 'waits' (the lock waits in µs, ascending; a
 * request without a lock has none), 'lost' (unlocks that found the lock
 * expired), 'pids' (the workers that logged). $remove: delete the log files
 * once read.
 *
 * @return array{outcomes: array<string, int>, waits: list<int>, lost: int, pids: list<int>}
 */
function rlweb_request_log(string $runDir, bool $remove = false): array
{
    $log = ['outcomes' => ['sold' => 0, 'soldout' => 0, 'busy' => 0, 'error' => 0], 'waits' => [], 'lost' => 0,
            'pids' => []];
    foreach (glob("$runDir/req-*.log") ?: [] as $f) {
        $log['pids'][] = (int)substr(basename($f, '.log'), 4);
        foreach (file($f, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
            [$outcome, $wait, $unlocked] = explode(' ', $line) + ['?', '-1', ''];
            $log['outcomes'][$outcome] = ($log['outcomes'][$outcome] ?? 0) + 1;
            if ((int)$wait >= 0) {
                $log['waits'][] = (int)$wait;
            }
            if ($unlocked === '0') {
                $log['lost']++;
            }
        }
        if ($remove) {
            unlink($f);
        }
    }
    sort($log['waits']);
    return $log;
}
