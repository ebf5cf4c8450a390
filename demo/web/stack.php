<?php
/**
 * A real web stack on loopback, shared by the web demo (demo/web/sale.php) and
 * the load tests (tests/web_*.phpt): nginx in front of a static php-fpm pool,
 * both started in the foreground with proc_open on free ports, all their files
 * (configuration, pid files, logs, nginx's temp paths) in one work directory,
 * so that it runs as root or as a user and never touches /etc or /var.
 *
 *   $stack = RlWebStack::start([
 *       'docroot' => '/path/to/scripts',          // nginx's root: /buy.php runs docroot/buy.php
 *       'ext'     => '/path/to/redislock.so',     // loaded with -n, like every extension here
 *       'workers' => 32,                          // pm = static
 *       'pool'    => ['pm.max_requests = 20'],    // more pool lines (win over the defaults)
 *       'ini'     => ['redislock.persistent' => '1'],
 *       'env'     => ['SHOP_REDIS' => 'tcp://127.0.0.1:6379'],   // seen by the workers
 *   ]);
 *   $ab = $stack->ab('/buy.php', 2000, 64, ['tick' => fn () => ...]);   // apache bench
 *   $stack->workerPids();
 *   $stack->stop();                               // also at shutdown, and on a signal (stopOnSignals)
 *
 * Start-up failures are one-line RuntimeExceptions: a binary missing, a port in
 * use, a server that exits at start (with the last line of its error log) or
 * does not listen within 10 s.
 */

declare(strict_types=1);

/* rl_fpm_binary() and rl_free_port(): the tests' php-fpm finder and free port (they live in tests/: the release
   tarball ships tests/ without demo/). The web tests have them already, from the copy of tests/ scripts/test.sh
   runs them in. */
if (!function_exists('rl_fpm_binary')) {
    require_once __DIR__ . '/../../tests/host.inc';
}

final class RlWebStack
{
    /** Stacks not stopped yet, for the signal handler (stopOnSignals). */
    private static array $live = [];
    /** Set while a signal handler stops everything, so a second Ctrl-C does not cut that short. */
    private static bool $stopping = false;
    /** The ab process running now, if any (a signal handler may want to end it). */
    public static $abRunning = null;

    private $fpm = null;
    private $nginx = null;
    private bool $stopped = false;

    private function __construct(
        public readonly string $dir,
        public readonly string $docroot,
        public readonly int $port,
        public readonly int $fpmPort,
        public readonly int $workers,
        private readonly bool $keepDir,
    ) {}

    /**
     * Starts php-fpm, then nginx; see the file's comment for the options. Others:
     * 'dir' (parent of the work directory, default the temp dir), 'port' and
     * 'fpm_port' (0: a free one), 'extensions' (more extension= after 'ext', e.g.
     * self::phpredisExtensions()), 'opcache' (bool), 'fpm_env' (the whole
     * environment of php-fpm; default this process's plus 'env'), 'nginx_workers'
     * (default 1), 'fpm_bin', 'nginx_bin', 'keep_dir' (leave the work directory
     * for a look; also RLWEB_KEEP_DIR=1).
     * nginx opens one FastCGI connection per request (no fastcgi_keep_conn): a
     * php-fpm worker serves a kept connection until nginx closes it, so with kept
     * connections every worker ends up waiting on an idle one while the burst's
     * requests wait, sent on new connections, in the listen backlog (tried: ab
     * stalls until its timeout).
     */
    public static function start(array $o): self
    {
        $fpmBin = $o['fpm_bin'] ?? rl_fpm_binary();
        $nginxBin = $o['nginx_bin'] ?? self::binary('nginx', ['/usr/sbin/nginx', '/usr/local/sbin/nginx']);
        if ($nginxBin === null) {
            throw new RuntimeException('nginx is not installed (apt-get install nginx)');
        }
        if ($fpmBin === null) {
            throw new RuntimeException('no php-fpm of PHP ' . PHP_VERSION . ' found (apt-get install php-fpm)');
        }
        foreach ([$nginxBin, $fpmBin] as $bin) {
            if (!is_file($bin) || !is_executable($bin)) {
                throw new RuntimeException("no such program: $bin");
            }
        }
        $docroot = realpath($o['docroot'] ?? '') ?: throw new RuntimeException('docroot: no such directory: '
            . var_export($o['docroot'] ?? null, true));
        $workers = (int)($o['workers'] ?? 32);
        // a port rl_free_port() found free is free only until someone else is given it (suites run
        // side by side in CI): a stack that lost one to another process starts again on new ones
        for ($attempt = 1; ; $attempt++) {
            $port = (int)($o['port'] ?? 0) ?: rl_free_port();
            $fpmPort = (int)($o['fpm_port'] ?? 0) ?: rl_free_port();
            foreach ([$port => 'nginx', $fpmPort => 'php-fpm'] as $p => $who) {
                self::assertPortFree($p, $who);
            }
            $dir = rtrim($o['dir'] ?? sys_get_temp_dir(), '/') . '/rlweb-' . getmypid() . '-' . bin2hex(random_bytes(3));
            if (!@mkdir("$dir/tmp", 0700, true)) {
                throw new RuntimeException("cannot create $dir");
            }
            $stack = new self($dir, $docroot, $port, $fpmPort, $workers, (bool)($o['keep_dir'] ?? getenv('RLWEB_KEEP_DIR')));
            self::$live[spl_object_id($stack)] = $stack;
            register_shutdown_function([$stack, 'stop']);
            try {
                $stack->startFpm($fpmBin, $o);
                $stack->startNginx($nginxBin, $o);
                return $stack;
            } catch (Throwable $e) {
                $stack->stop();
                $portTaken = str_contains($e->getMessage(), 'Address already in use');
                if (!$portTaken || $attempt >= 3 || isset($o['port']) || isset($o['fpm_port'])) {
                    throw $e;
                }
            }
        }
    }

    /** "http://127.0.0.1:<port><path>" */
    public function url(string $path = '/'): string
    {
        return "http://127.0.0.1:$this->port$path";
    }

    public function fpmPid(): ?int
    {
        return is_resource($this->fpm) ? proc_get_status($this->fpm)['pid'] : null;
    }

    /** The pids of php-fpm's workers (the master's children), sorted. */
    public function workerPids(): array
    {
        $pid = $this->fpmPid();
        return $pid === null ? [] : self::childPids($pid);
    }

    /** Waits (up to $seconds) until the pool has all its workers again (after a kill, a recycle). */
    public function waitForWorkers(float $seconds = 10.0): array
    {
        $deadline = microtime(true) + $seconds;
        while (count($pids = $this->workerPids()) < $this->workers && microtime(true) < $deadline) {
            usleep(20000);
        }
        return $pids;
    }

    /** What php-fpm, its workers and nginx logged (for failure messages). */
    public function logs(): string
    {
        $out = '';
        foreach (['fpm.log', 'fpm.stderr', 'php-errors.log', 'nginx-error.log', 'nginx.stderr'] as $f) {
            if (is_file("$this->dir/$f") && filesize("$this->dir/$f") > 0) {
                $out .= "--- $f\n" . file_get_contents("$this->dir/$f");
            }
        }
        return $out;
    }

    /**
     * Runs apache bench against $path on this stack; see runAb().
     */
    public function ab(string $path, int $requests, int $concurrency, array $o = []): array
    {
        return self::runAb($this->url($path), $requests, $concurrency, $o + ['dir' => $this->dir]);
    }

    /**
     * Stops nginx, then php-fpm: SIGQUIT (a graceful stop: php-fpm's workers finish
     * their request and run PHP's shutdown, which the sanitizer pass checks), then
     * SIGTERM, then SIGKILL, each with a bounded wait; then kills any worker that
     * outlived its master and removes the work directory. Idempotent.
     */
    public function stop(): void
    {
        if ($this->stopped) {
            return;
        }
        $this->stopped = true;
        unset(self::$live[spl_object_id($this)]);
        /* the workers of now, not every pid ever seen: a recycled worker's pid may be someone else's by now */
        $workers = $this->workerPids();
        foreach (['nginx', 'fpm'] as $which) {
            if (is_resource($this->$which)) {
                self::terminate($this->$which, [3 => 5.0, 15 => 3.0, 9 => 2.0]);
                $this->$which = null;
            }
        }
        foreach ($workers as $pid) {
            if (self::isFpmProcess($pid)) {   // orphaned by a SIGKILLed master
                rlweb_kill($pid, 9);
            }
        }
        if (!$this->keepDir) {
            self::removeTree($this->dir);
        }
    }

    /**
     * Ctrl-C (SIGINT), SIGTERM and SIGHUP stop every stack still running, then exit
     * with 128 + the signal (needs pcntl; without it the shutdown functions still
     * run on a normal exit). $also runs first (e.g. to stop a running ab).
     */
    public static function stopOnSignals(?callable $also = null): bool
    {
        if (!function_exists('pcntl_signal')) {
            return false;
        }
        pcntl_async_signals(true);
        $handler = function (int $sig) use ($also) {
            if (self::$stopping) {
                return;   // already stopping: let it finish
            }
            self::$stopping = true;
            fwrite(STDERR, "\nsignal $sig: stopping nginx and php-fpm\n");
            if ($also) {
                $also();
            }
            foreach (self::$live as $stack) {
                $stack->stop();
            }
            exit(128 + $sig);
        };
        foreach ([SIGINT, SIGTERM, SIGHUP] as $sig) {
            pcntl_signal($sig, $handler);
        }
        return true;
    }

    /* ------------------------------------------------------------ apache bench */

    /**
     * ab -r -l -k -n $requests -c $concurrency -g <tsv> -e <csv> $url, and its figures:
     * complete, failed (and failed_connect/receive/length/exceptions), non_2xx,
     * rps, seconds, pct (percent 0..100 => ms, from -e: microsecond resolution),
     * p50, p95, p99, max (ms), times (every request's total time in ms, sorted,
     * from -g: whole milliseconds), output (ab's text).
     * -r: a socket error counts as a failed request instead of ending the run;
     * -l: the bodies may differ in length ("sold", "soldout"): not a failure.
     * Options: 'keepalive' (default true), 'timeout' (s per request, default 60),
     * 'dir' (for ab's files), 'tick' (callable run about every 'tick_s' s, default
     * 0.02, while ab runs: sampling), 'env' (ab's environment).
     */
    public static function runAb(string $url, int $requests, int $concurrency, array $o = []): array
    {
        $ab = self::binary('ab', ['/usr/bin/ab', '/usr/sbin/ab']);
        if ($ab === null) {
            throw new RuntimeException('ab is not installed (apt-get install apache2-utils)');
        }
        $dir = $o['dir'] ?? sys_get_temp_dir();
        $tag = bin2hex(random_bytes(3));
        $tsv = "$dir/ab-$tag.tsv";
        $csv = "$dir/ab-$tag.csv";
        $cmd = [$ab, '-r', '-l', '-q', '-n', (string)$requests, '-c', (string)$concurrency,
                '-s', (string)($o['timeout'] ?? 60), '-g', $tsv, '-e', $csv];
        if ($o['keepalive'] ?? true) {
            $cmd[] = '-k';
        }
        $cmd[] = $url;
        $proc = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/ab-$tag.out", 'w'],
            2 => ['file', "$dir/ab-$tag.err", 'w']], $pipes, $dir, $o['env'] ?? self::helperEnv());
        if (!is_resource($proc)) {
            throw new RuntimeException('cannot start ab');
        }
        self::$abRunning = $proc;
        $tick = $o['tick'] ?? null;
        $every = (float)($o['tick_s'] ?? 0.02);
        try {
            /* poll rather than block: the tick samples, and a signal handler runs at once */
            while (($st = proc_get_status($proc))['running']) {
                if ($tick) {
                    $tick();
                }
                usleep((int)($every * 1e6));
            }
        } finally {
            self::$abRunning = null;
        }
        proc_close($proc);
        $out = (string)@file_get_contents("$dir/ab-$tag.out");
        $err = trim((string)@file_get_contents("$dir/ab-$tag.err"));
        if ($st['exitcode'] !== 0 || !str_contains($out, 'Complete requests:')) {
            $lines = array_filter(explode("\n", $err));
            throw new RuntimeException("ab failed (exit {$st['exitcode']}): " . (end($lines) ?: trim($out)));
        }
        $r = self::parseAb($out);
        $r['pct'] = self::parseAbCsv((string)@file_get_contents($csv));
        $r['times'] = self::parseAbTsv((string)@file_get_contents($tsv));
        foreach ([50, 95, 99] as $p) {
            $r["p$p"] = $r['pct'][$p] ?? null;
        }
        $r['max'] = $r['pct'][100] ?? null;
        $r['output'] = $out;
        foreach (["ab-$tag.out", "ab-$tag.err", "ab-$tag.tsv", "ab-$tag.csv"] as $f) {
            @unlink("$dir/$f");
        }
        return $r;
    }

    /** The figures of ab's summary. */
    public static function parseAb(string $out): array
    {
        $num = function (string $label) use ($out): ?float {
            return preg_match('/^' . preg_quote($label, '/') . ':\s+([\d.]+)/m', $out, $m) ? (float)$m[1] : null;
        };
        $r = [
            'complete' => (int)$num('Complete requests'),
            'failed' => (int)$num('Failed requests'),
            'non_2xx' => (int)($num('Non-2xx responses') ?? 0),   // ab prints it only when not 0
            'rps' => (float)$num('Requests per second'),
            'seconds' => (float)$num('Time taken for tests'),
            'keepalive_requests' => (int)($num('Keep-Alive requests') ?? 0),
            'failed_connect' => 0, 'failed_receive' => 0, 'failed_length' => 0, 'failed_exceptions' => 0,
        ];
        if (preg_match('/\(Connect: (\d+), Receive: (\d+), Length: (\d+), Exceptions: (\d+)\)/', $out, $m)) {
            [, $r['failed_connect'], $r['failed_receive'], $r['failed_length'], $r['failed_exceptions']]
                = array_map('intval', $m);
        }
        return $r;
    }

    /** ab -e: "percent,ms" lines => [percent => ms]. */
    public static function parseAbCsv(string $csv): array
    {
        $pct = [];
        foreach (explode("\n", $csv) as $line) {
            if (preg_match('/^(\d+),([\d.]+)$/', trim($line), $m)) {
                $pct[(int)$m[1]] = (float)$m[2];
            }
        }
        return $pct;
    }

    /** ab -g: every request's total time (column ttime, ms), sorted. */
    public static function parseAbTsv(string $tsv): array
    {
        $times = [];
        foreach (explode("\n", $tsv) as $i => $line) {
            $f = explode("\t", $line);
            if ($i === 0 || count($f) < 6) {
                continue;   // header "starttime seconds ctime dtime ttime wait"
            }
            $times[] = (int)$f[4];
        }
        sort($times);
        return $times;
    }

    /* ------------------------------------------------------------ start-up */

    private function startFpm(string $bin, array $o): void
    {
        $d = $this->dir;
        $conf = implode("\n", [
            '[global]',
            "pid = $d/fpm.pid",
            "error_log = $d/fpm.log",
            'log_level = notice',
            'daemonize = no',
            // on SIGQUIT (stop()) workers get this long to finish their request before a SIGTERM
            'process_control_timeout = 3',
            '',
            '[web]',
            "listen = 127.0.0.1:$this->fpmPort",
            // nginx opens one FastCGI connection per request: a burst queues in the backlog, not in errors
            'listen.backlog = 4096',
            'listen.allowed_clients = 127.0.0.1',
            'pm = static',
            "pm.max_children = $this->workers",
            'clear_env = no',
            'catch_workers_output = yes',
            'decorate_workers_output = no',
            'request_terminate_timeout = 60s',
            "php_admin_value[error_log] = $d/php-errors.log",
            'php_admin_flag[log_errors] = on',
            // later lines win: the caller's pool lines may override any of the above
            ...($o['pool'] ?? []),
            '',
        ]);
        file_put_contents("$d/php-fpm.conf", $conf);
        $cmd = [$bin, '-F', '-n', '-y', "$d/php-fpm.conf", '-p', $d, '-d', 'display_errors=0'];
        if ($o['opcache'] ?? false) {
            array_push($cmd, '-d', 'zend_extension=opcache', '-d', 'opcache.enable=1');
        }
        if (($o['ext'] ?? null) !== null) {
            $ext = realpath($o['ext']) ?: throw new RuntimeException("no such extension: {$o['ext']}");
            array_push($cmd, '-d', "extension=$ext");
        }
        foreach ($o['extensions'] ?? [] as $e) {
            array_push($cmd, '-d', "extension=$e");
        }
        foreach ($o['ini'] ?? [] as $k => $v) {
            array_push($cmd, '-d', "$k=$v");
        }
        if (self::euid() === 0) {
            $cmd[] = '-R';   // as root, php-fpm wants this to run the pool as root
        }
        $env = $o['fpm_env'] ?? getenv();
        foreach ($o['env'] ?? [] as $k => $v) {
            $env[$k] = (string)$v;
        }
        $this->fpm = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$d/fpm.stdout", 'w'],
            2 => ['file', "$d/fpm.stderr", 'w']], $pipes, $d, $env);
        if (!is_resource($this->fpm)) {
            throw new RuntimeException("cannot start $bin");
        }
        $this->awaitListen($this->fpm, 'php-fpm', $this->fpmPort, ["$d/fpm.log", "$d/fpm.stderr"]);
        // an extension that did not load is only a start-up warning: every request would then fail
        if (preg_match('/PHP Startup: (Unable to load dynamic library .*?)(?: in Unknown on line 0)?$/m',
                (string)@file_get_contents("$d/fpm.stderr"), $m)) {
            throw new RuntimeException("php-fpm: $m[1]");
        }
    }

    private function startNginx(string $bin, array $o): void
    {
        $d = $this->dir;
        $root = $this->docroot;
        $user = '';
        if (self::euid() === 0) {
            // a root master hands its workers to "nobody" by default, who may not read a 0700 docroot
            $user = 'user root;';
        }
        $nginxWorkers = (int)($o['nginx_workers'] ?? 1);
        $conf = <<<NGINX
            $user
            daemon off;
            master_process on;
            worker_processes $nginxWorkers;
            pid "$d/nginx.pid";
            error_log "$d/nginx-error.log" warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                default_type text/plain;
                # every temp path inside the work dir: nothing under /var/lib/nginx
                client_body_temp_path "$d/tmp/body";
                proxy_temp_path "$d/tmp/proxy";
                fastcgi_temp_path "$d/tmp/fastcgi";
                uwsgi_temp_path "$d/tmp/uwsgi";
                scgi_temp_path "$d/tmp/scgi";
                keepalive_timeout 65s;
                keepalive_requests 1000000;
                server {
                    listen 127.0.0.1:$this->port backlog=4096;
                    root "$root";
                    location = /metrics {
                        rewrite ^ /metrics.php last;   # Prometheus' usual path
                    }
                    location ~ \.php$ {
                        try_files \$fastcgi_script_name =404;
                        fastcgi_pass 127.0.0.1:$this->fpmPort;
                        fastcgi_read_timeout 120s;
                        fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
                        fastcgi_param SCRIPT_NAME \$fastcgi_script_name;
                        fastcgi_param QUERY_STRING \$query_string;
                        fastcgi_param REQUEST_METHOD \$request_method;
                        fastcgi_param CONTENT_TYPE \$content_type;
                        fastcgi_param CONTENT_LENGTH \$content_length;
                        fastcgi_param REQUEST_URI \$request_uri;
                        fastcgi_param DOCUMENT_URI \$document_uri;
                        fastcgi_param DOCUMENT_ROOT \$document_root;
                        fastcgi_param SERVER_PROTOCOL \$server_protocol;
                        fastcgi_param GATEWAY_INTERFACE CGI/1.1;
                        fastcgi_param SERVER_SOFTWARE nginx;
                        fastcgi_param REMOTE_ADDR \$remote_addr;
                        fastcgi_param REMOTE_PORT \$remote_port;
                        fastcgi_param SERVER_ADDR \$server_addr;
                        fastcgi_param SERVER_PORT \$server_port;
                        fastcgi_param SERVER_NAME \$server_name;
                        fastcgi_param REQUEST_ID \$request_id;
                    }
                }
            }

            NGINX;
        file_put_contents("$d/nginx.conf", $conf);
        // -e: the error log from the very start (before the configuration is read) is ours too
        $cmd = [$bin, '-p', "$d/", '-c', "$d/nginx.conf", '-e', "$d/nginx-error.log"];
        $this->nginx = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$d/nginx.stdout", 'w'],
            2 => ['file', "$d/nginx.stderr", 'w']], $pipes, $d, self::helperEnv());
        if (!is_resource($this->nginx)) {
            throw new RuntimeException("cannot start $bin");
        }
        $this->awaitListen($this->nginx, 'nginx', $this->port, ["$d/nginx-error.log", "$d/nginx.stderr"]);
    }

    /** Waits until $proc listens on $port: an exit or 10 s without it is a RuntimeException. */
    private function awaitListen($proc, string $who, int $port, array $logs): void
    {
        $deadline = microtime(true) + 10;
        while (true) {
            $st = proc_get_status($proc);
            if (!$st['running']) {
                throw new RuntimeException("$who exited at start (code {$st['exitcode']}): " . self::lastLine($logs));
            }
            $s = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $errstr, 0.5);
            if ($s) {
                fclose($s);
                // the port was free before the start, but make sure the listener is not gone again,
                // and is ours: nginx that finds its port taken logs so and retries for 2.5 s, while
                // whoever took the port answers this connect
                usleep(50000);
                $taken = preg_grep('/Address already in use/', array_map(fn ($f) => (string)@file_get_contents($f), $logs));
                if ($taken) {
                    throw new RuntimeException("$who: 127.0.0.1:$port was taken meanwhile (Address already in use): "
                        . self::lastLine($logs));
                }
                if (proc_get_status($proc)['running']) {
                    return;
                }
                continue;
            }
            if (microtime(true) > $deadline) {
                throw new RuntimeException("$who does not listen on 127.0.0.1:$port after 10 s: " . self::lastLine($logs));
            }
            usleep(20000);
        }
    }

    /* ------------------------------------------------------------ helpers */

    /**
     * The extension= list that loads phpredis in php-fpm -n: redis.so after the
     * serializers it was linked against (Debian: igbinary), found by asking
     * php-fpm -m until it loads. A RuntimeException if it does not.
     */
    public static function phpredisExtensions(?string $fpmBin = null): array
    {
        $fpmBin ??= rl_fpm_binary() ?? throw new RuntimeException('no php-fpm of PHP ' . PHP_VERSION . ' found');
        $deps = [];
        for ($i = 0; $i < 4; $i++) {
            $cmd = escapeshellarg($fpmBin) . ' -n';
            foreach ([...$deps, 'redis.so'] as $e) {
                $cmd .= ' -d ' . escapeshellarg("extension=$e");
            }
            $out = (string)shell_exec("$cmd -m 2>&1");
            if (preg_match('/^redis$/m', $out)) {
                return [...$deps, 'redis.so'];
            }
            if (!preg_match('/undefined symbol: ([a-z]+)_/', $out, $m) || in_array("$m[1].so", $deps, true)) {
                break;
            }
            $deps[] = "$m[1].so";
        }
        throw new RuntimeException('cannot load phpredis (redis.so) in php-fpm -n (apt-get install php-redis): '
            . trim(strtok($out, "\n")));
    }

    public static function binary(string $name, array $candidates): ?string
    {
        foreach ($candidates as $f) {
            if (is_file($f) && is_executable($f)) {
                return $f;
            }
        }
        $found = trim((string)shell_exec('command -v ' . escapeshellarg($name) . ' 2>/dev/null'));
        return $found !== '' ? $found : null;
    }

    private static function assertPortFree(int $port, string $who): void
    {
        $s = @stream_socket_server("tcp://127.0.0.1:$port", $errno, $errstr);
        if (!$s) {
            throw new RuntimeException("port $port (for $who) is in use: $errstr");
        }
        fclose($s);
    }

    /** The pids whose parent is $ppid (from /proc/<pid>/stat: this kernel may lack task/<tid>/children). */
    public static function childPids(int $ppid): array
    {
        $pids = [];
        foreach (glob('/proc/[0-9]*/stat') ?: [] as $f) {
            $stat = @file_get_contents($f);
            if ($stat === false || ($p = strrpos($stat, ')')) === false) {
                continue;   // gone meanwhile
            }
            $fields = explode(' ', substr($stat, $p + 2));   // state ppid ...
            if ((int)($fields[1] ?? 0) === $ppid) {
                $pids[] = (int)substr($f, 6, -5);
            }
        }
        sort($pids);
        return $pids;
    }

    private static function isFpmProcess(int $pid): bool
    {
        $comm = @file_get_contents("/proc/$pid/comm");
        return $comm !== false && str_starts_with($comm, 'php-fpm');
    }

    /** Signals $proc with each signal in turn, waiting up to its seconds for the exit. */
    private static function terminate($proc, array $plan): void
    {
        foreach ($plan as $sig => $wait) {
            if (!proc_get_status($proc)['running']) {
                break;
            }
            proc_terminate($proc, $sig);
            $deadline = microtime(true) + $wait;
            while (proc_get_status($proc)['running'] && microtime(true) < $deadline) {
                usleep(10000);
            }
        }
        proc_close($proc);
    }

    /**
     * The environment of nginx and ab: ours without the sanitizer runtime the
     * sanitizer pass (scripts/test-asan.sh) preloads into the PHP process tree:
     * their own leaks are not the extension's.
     */
    public static function helperEnv(): array
    {
        $env = getenv();
        unset($env['LD_PRELOAD'], $env['ASAN_OPTIONS'], $env['UBSAN_OPTIONS'], $env['LSAN_OPTIONS']);
        return $env;
    }

    private static function euid(): int
    {
        if (function_exists('posix_geteuid')) {
            return posix_geteuid();
        }
        return preg_match('/^Uid:\s+\d+\s+(\d+)/m', (string)@file_get_contents('/proc/self/status'), $m)
            ? (int)$m[1] : -1;
    }

    private static function lastLine(array $files): string
    {
        foreach ($files as $f) {
            $lines = array_values(array_filter(array_map('trim', explode("\n", (string)@file_get_contents($f)))));
            if ($lines) {
                return end($lines) . ' (' . basename($f) . ')';
            }
        }
        return '(nothing logged)';
    }

    private static function removeTree(string $dir): void
    {
        if (!is_dir($dir) || is_link($dir)) {
            @unlink($dir);
            return;
        }
        foreach (scandir($dir) ?: [] as $f) {
            if ($f !== '.' && $f !== '..') {
                self::removeTree("$dir/$f");
            }
        }
        @rmdir($dir);
    }
}

/** kill(2) without the posix extension (php -n has none): /bin/kill. */
function rlweb_kill(int $pid, int $sig): void
{
    if (function_exists('posix_kill')) {
        posix_kill($pid, $sig);
    } else {
        exec('kill -' . $sig . ' ' . $pid . ' 2>/dev/null');
    }
}
