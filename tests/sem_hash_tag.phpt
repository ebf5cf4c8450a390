--TEST--
RedisSemaphore keys are "{<prefix><name>}:holders|deadlines|ticket": one hash tag, so one Redis Cluster slot
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';
require __DIR__ . '/sem_helpers.inc';
$raw = new RawRedis();
$base = rl_unique('tag');

// the CRC16 below agrees with Redis' own on known values (CLUSTER KEYSLOT needs cluster mode)
var_dump(sem_keyslot('foo'), sem_keyslot('{user1000}.following') === sem_keyslot('{user1000}.followers'), sem_keyslot('123456789'));

foreach ([['Sem:', []], ['P:', ['prefix' => 'P:']], ['', ['prefix' => '']]] as [$prefix, $options]) {
    foreach (["$base", "$base:with space", "$base:a}b", "$base:{x}", "$base:nul\0byte\xff"] as $name) {
        $s = new RedisSemaphore(RL_TEST_SERVER, $options);
        $s->acquire($name, 2, 30);
        $keys = sem_keys($name, $prefix);
        $exists = $raw->cmd('EXISTS', ...$keys);
        // every key of this semaphore on the server, whatever its name
        $found = $raw->cmd('KEYS', '*' . str_replace(['\\', '*', '?', '[', ']'], ['\\\\', '\\*', '\\?', '\\[', '\\]'], $name) . '*');
        sort($found);
        $expected = $keys;
        sort($expected);
        $slots = array_unique(array_map('sem_keyslot', $keys));
        $tags = array_unique(array_map(fn ($k) => preg_match('/^\{([^}]*)\}/', $k, $m) ? $m[1] : '', $keys));
        echo json_encode($prefix), ' ', '"' . addcslashes(substr($name, strlen($base)), "\0..\37\177..\377") . '"', ': exists ', $exists,
            ', only these keys ', var_export($found === $expected, true), ', slots ', count($slots), ', tags ', count($tags), "\n";
        $s->releaseAll();
        unset($s);
    }
}
?>
--EXPECT--
int(12182)
bool(true)
int(12739)
"Sem:" "": exists 3, only these keys true, slots 1, tags 1
"Sem:" ":with space": exists 3, only these keys true, slots 1, tags 1
"Sem:" ":a}b": exists 3, only these keys true, slots 1, tags 1
"Sem:" ":{x}": exists 3, only these keys true, slots 1, tags 1
"Sem:" ":nul\000byte\377": exists 3, only these keys true, slots 1, tags 1
"P:" "": exists 3, only these keys true, slots 1, tags 1
"P:" ":with space": exists 3, only these keys true, slots 1, tags 1
"P:" ":a}b": exists 3, only these keys true, slots 1, tags 1
"P:" ":{x}": exists 3, only these keys true, slots 1, tags 1
"P:" ":nul\000byte\377": exists 3, only these keys true, slots 1, tags 1
"" "": exists 3, only these keys true, slots 1, tags 1
"" ":with space": exists 3, only these keys true, slots 1, tags 1
"" ":a}b": exists 3, only these keys true, slots 1, tags 1
"" ":{x}": exists 3, only these keys true, slots 1, tags 1
"" ":nul\000byte\377": exists 3, only these keys true, slots 1, tags 1
