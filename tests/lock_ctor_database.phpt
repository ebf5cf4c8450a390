--TEST--
__construct(): the "database" option and the URL's /db select that database; the option wins over the URL
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/lock_helpers.inc';
[$host, $port] = rl_test_endpoint();
$raw = new RawRedis();

/** in which of dbs 0..6 the key exists */
function dbs_with(RawRedis $raw, string $key): string
{
    $found = [];
    for ($db = 0; $db <= 6; $db++) {
        $raw->cmd('SELECT', (string)$db);
        if ($raw->cmd('EXISTS', $key)) {
            $found[] = $db;
        }
    }
    $raw->cmd('SELECT', '0');
    return '[' . implode(',', $found) . ']';
}

$cases = [
    'option 5'          => [RL_TEST_SERVER, ['database' => 5]],
    'option 0'          => [RL_TEST_SERVER, ['database' => 0]],
    'url /2'            => ["redis://$host:$port/2", []],
    'url /2, option 4'  => ["redis://$host:$port/2", ['database' => 4]],
    'url /6, option 0'  => ["redis://$host:$port/6", ['database' => 0]],
];
foreach ($cases as $label => [$server, $options]) {
    $name = rl_unique('db');
    $l = new RedisLock($server, $options);
    $ok = $l->lock($name, 0, 5);
    echo "$label: ", var_export($ok, true), ' in ', dbs_with($raw, "Lock:$name"),
        ' isLocking=', var_export($l->isLocking($name), true);
    // another object on db 0 does not see a lock held in another db
    $other = new RedisLock(RL_TEST_SERVER);
    $otherOk = $other->lock($name, 0, 5);
    echo ' db0-lock=', var_export($otherOk, true);
    if ($otherOk) {
        $other->unlock($name);
    }
    echo ' unlock=', var_export($l->unlock($name), true), ' after ', dbs_with($raw, "Lock:$name"), "\n";
}
?>
--EXPECT--
option 5: true in [5] isLocking=true db0-lock=true unlock=true after []
option 0: true in [0] isLocking=true db0-lock=false unlock=true after []
url /2: true in [2] isLocking=true db0-lock=true unlock=true after []
url /2, option 4: true in [4] isLocking=true db0-lock=true unlock=true after []
url /6, option 0: true in [0] isLocking=true db0-lock=false unlock=true after []
