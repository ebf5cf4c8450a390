<?php
/*
 * What the command-line demos share (demo/flash_sale.php, demo/fencing.php): their
 * options, and the redislock.so they were started with, to start their child
 * processes the same way. Each demo defines usage(), which these call on bad input.
 */

declare(strict_types=1);

/** What a demo's usage() does: $msg (if any) and the usage on stderr, exit status 2. */
function usage_exit(string $demo, string $msg, string $usage): never
{
    if ($msg !== '') {
        fwrite(STDERR, "$demo: $msg\n");
    }
    fwrite(STDERR, "usage: $usage\n");
    exit(2);
}

/** --name value / --name=value options. */
function parse_args(array $argv, array $known): array
{
    $opts = [];
    for ($i = 1; $i < count($argv); $i++) {
        $a = $argv[$i];
        if (!str_starts_with($a, '--')) {
            usage("unexpected argument $a");
        }
        $a = substr($a, 2);
        if (str_contains($a, '=')) {
            [$k, $v] = explode('=', $a, 2);
        } else {
            $k = $a;
            if (!isset($known[$k])) {
                usage("unknown option --$k");
            }
            if ($known[$k] === 'flag') {
                $v = '1';
            } else {
                if ($i + 1 >= count($argv)) {
                    usage("--$k needs a value");
                }
                $v = $argv[++$i];
            }
        }
        if (!isset($known[$k])) {
            usage("unknown option --$k");
        }
        $opts[$k] = $v;
    }
    return $opts;
}

/**
 * The redislock.so this process was started with: --ext, else the "-d extension=..." on our
 * command line (Linux /proc) that names redislock, else the only one there.
 */
function extension_path(array $opts): ?string
{
    if (isset($opts['ext'])) {
        return $opts['ext'];
    }
    $cmdline = @file_get_contents('/proc/self/cmdline');
    $found = [];
    if ($cmdline !== false) {
        $args = explode("\0", rtrim($cmdline, "\0"));
        foreach ($args as $i => $a) {
            $v = null;
            if ($a === '-d' && isset($args[$i + 1])) {
                $v = $args[$i + 1];
            } elseif (str_starts_with($a, '-d')) {
                $v = substr($a, 2);
            }
            if ($v !== null && preg_match('/^extension\s*=\s*(.+)$/', $v, $m)) {
                $found[] = trim($m[1], "\"' ");
            }
        }
    }
    $named = array_values(array_filter($found, fn ($f) => str_contains(basename($f), 'redislock')));
    return $named[0] ?? (count($found) === 1 ? $found[0] : null);
}
