--TEST--
Errors: a wrong password or unknown user throws RedisLockException naming the server, never containing the password
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
[$host, $port] = rl_test_endpoint();
$raw = new RawRedis();
$user = 'rluser' . bin2hex(random_bytes(4));
$password = 'GoodPw' . bin2hex(random_bytes(6));
$wrong = 'SecretWrongPw' . bin2hex(random_bytes(6));
var_dump($raw->cmd('ACL', 'SETUSER', $user, 'reset', 'on', ">$password", '~*', '&*', '+@all'));
$name = rl_unique('auth');

try {
    $cases = [
        'url wrong password'    => ["redis://$user:$wrong@$host:$port", []],
        'url unknown user'      => ["redis://nouser$wrong:$wrong@$host:$port", []],
        'option wrong password' => [RL_TEST_SERVER, ['username' => $user, 'password' => $wrong]],
        'url /db + wrong'       => ["redis://$user:$wrong@$host:$port/2", []],
        'encoded wrong'         => ["redis://$user:" . rawurlencode("$wrong@:/") . "@$host:$port", []],
    ];
    foreach ($cases as $label => [$server, $options]) {
        $l = new RedisLock($server, $options);
        for ($i = 0; $i < 2; $i++) {   // fails the same way each time
            try {
                $l->lock($name, 0.2);
                echo "$label: no exception\n";
            } catch (RedisLockException $e) {
                $m = $e->getMessage();
                echo "$label: ", var_export(str_contains($m, "tcp://$host:$port"), true), ' ',
                    var_export(!str_contains($m, $wrong) && !str_contains($m, rawurlencode($wrong)), true), ' ',
                    var_export(!str_contains($e->getTraceAsString(), $wrong), true), "\n";
            }
        }
        var_dump($raw->cmd('EXISTS', "Lock:$name"));
    }
    // the right password works
    $l = new RedisLock("redis://$user:$password@$host:$port");
    var_dump($l->lock($name, 0, 5), $raw->cmd('EXISTS', "Lock:$name"), $l->unlock($name));
} finally {
    var_dump($raw->cmd('ACL', 'DELUSER', $user));
}
?>
--EXPECT--
string(2) "OK"
url wrong password: true true true
url wrong password: true true true
int(0)
url unknown user: true true true
url unknown user: true true true
int(0)
option wrong password: true true true
option wrong password: true true true
int(0)
url /db + wrong: true true true
url /db + wrong: true true true
int(0)
encoded wrong: true true true
encoded wrong: true true true
int(0)
bool(true)
int(1)
bool(true)
int(1)
