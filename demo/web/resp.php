<?php
/**
 * A minimal RESP2 client over a stream socket (tcp:// or unix://), shared by the
 * CLI demo (demo/flash_sale.php), the web demo's driver (demo/web/sale.php), its
 * shop (demo/web/buy.php) and the tests/web_*.phpt tests, so that none of them
 * needs phpredis.
 *
 * RlWebResp::persistent() keeps the socket for the next request of the same FPM
 * worker (STREAM_CLIENT_PERSISTENT): the shop's stock and orders then cost no
 * connection per request, whichever lock the request uses, and the lock's own
 * connections stand out in the connection counts.
 */

declare(strict_types=1);

final class RlWebResp
{
    /** Commands sent on this connection (the driver subtracts its own from Redis's counters). */
    public int $sent = 0;

    private function __construct(private $sock) {}

    public static function connect(string $server, float $timeout = 2.0): self
    {
        $sock = @stream_socket_client($server, $errno, $errstr, $timeout);
        if (!$sock) {
            throw new RuntimeException("cannot connect to Redis at $server: $errstr");
        }
        stream_set_timeout($sock, 30);
        return new self($sock);
    }

    /**
     * The connection this process keeps to $server across requests (one per FPM
     * worker). PHP checks a kept socket for EOF before handing it out (no round trip)
     * and opens a new one if the server closed it.
     */
    public static function persistent(string $server, float $timeout = 2.0): self
    {
        $sock = @stream_socket_client($server, $errno, $errstr, $timeout,
            STREAM_CLIENT_CONNECT | STREAM_CLIENT_PERSISTENT);
        if (!$sock) {
            throw new RuntimeException("cannot connect to Redis at $server: $errstr");
        }
        stream_set_timeout($sock, 30);
        $r = new self($sock);
        if (ftell($sock) === 0) {
            // nothing read from it yet: a new connection, named once so that CLIENT LIST tells it apart
            $r->cmd('CLIENT', 'SETNAME', 'rlweb-app-' . getmypid());
        }
        return $r;
    }

    /** Sends one command (binary-safe) and returns its reply; an error reply throws. */
    public function cmd(string ...$argv): mixed
    {
        $out = '*' . count($argv) . "\r\n";
        foreach ($argv as $a) {
            $out .= '$' . strlen($a) . "\r\n" . $a . "\r\n";
        }
        for ($off = 0; $off < strlen($out); $off += $n) {
            $n = fwrite($this->sock, substr($out, $off));
            if (!$n) {
                throw new RuntimeException('Redis: write failed');
            }
        }
        $this->sent++;
        return $this->read();
    }

    private function read(): mixed
    {
        $line = fgets($this->sock);
        if ($line === false) {
            $meta = stream_get_meta_data($this->sock);
            throw new RuntimeException('Redis: ' . ($meta['timed_out'] ? 'read timed out' : 'connection closed'));
        }
        $rest = substr($line, 1, -2);
        switch ($line[0]) {
            case '+': return $rest;
            case '-': throw new RuntimeException("Redis error: $rest");
            case ':': return (int)$rest;
            case '$':
                $len = (int)$rest;
                if ($len < 0) {
                    return null;
                }
                $data = '';
                while (strlen($data) < $len + 2) {
                    $chunk = fread($this->sock, $len + 2 - strlen($data));
                    if ($chunk === false || $chunk === '') {
                        throw new RuntimeException('Redis: short read');
                    }
                    $data .= $chunk;
                }
                return substr($data, 0, $len);
            case '*':
                $n = (int)$rest;
                if ($n < 0) {
                    return null;
                }
                $items = [];
                for ($i = 0; $i < $n; $i++) {
                    $items[] = $this->read();
                }
                return $items;
        }
        throw new RuntimeException('Redis: bad reply ' . var_export($line, true));
    }

    /** INFO [section] as name => value. */
    public function info(string $section = 'everything'): array
    {
        $out = [];
        foreach (explode("\r\n", (string)$this->cmd('INFO', $section)) as $line) {
            if ($line !== '' && $line[0] !== '#' && ($p = strpos($line, ':')) !== false) {
                $out[substr($line, 0, $p)] = substr($line, $p + 1);
            }
        }
        return $out;
    }
}
