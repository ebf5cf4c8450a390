--TEST--
phpinfo(): a "redislock" section with the version, the hiredis version and the INI values; a password in redislock.server is redacted
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';

$hiredis = '';
foreach (['/usr/include/hiredis/hiredis.h', '/usr/local/include/hiredis/hiredis.h'] as $h) {
    if (is_readable($h) && preg_match_all('/#define HIREDIS_(MAJOR|MINOR|PATCH) (\d+)/', file_get_contents($h), $m)) {
        $v = array_combine($m[1], $m[2]);
        $hiredis = "$v[MAJOR].$v[MINOR].$v[PATCH]";
        break;
    }
}

$code = '<?php
$hiredis = ' . var_export($hiredis, true) . ';
ob_start(); phpinfo(INFO_MODULES); $mod = ob_get_clean();
ob_start(); phpinfo(); $all = ob_get_clean();
$version = phpversion("redislock");
echo "extension loaded: ", var_export(extension_loaded("redislock"), true), "\n";
echo "version: ", var_export(is_string($version) && preg_match("/^\d+\.\d+/", $version) === 1, true), "\n";
// the module section: header line, then its rows
$start = strpos($mod, "\nredislock\n");
echo "section: ", var_export($start !== false, true), "\n";
$section = $start === false ? "" : substr($mod, $start, 4000);
echo "version shown: ", var_export($version !== false && str_contains($section, $version), true), "\n";
echo "hiredis shown: ", var_export($hiredis === "" || preg_match("/hiredis.*" . preg_quote($hiredis, "/") . "/i", $section) === 1, true), "\n";
foreach (["server", "prefix", "connect_timeout", "read_timeout", "persistent", "auto_release"] as $ini) {
    echo "redislock.$ini: ", var_export(preg_match("/^redislock\.$ini => /m", $section) === 1, true), "\n";
}
echo "prefix value: ", var_export(preg_match("/^redislock\.prefix => PfxShown: => PfxShown:$/m", $section) === 1, true), "\n";
echo "auto_release value: ", var_export(preg_match("/^redislock\.auto_release => (0|Off) => (0|Off)$/m", $section) === 1, true), "\n";
echo "server redacted: ", var_export(preg_match("/^redislock\.server => redis:\/\/u:\*\*\*@127\.0\.0\.1:1 => redis:\/\/u:\*\*\*@127\.0\.0\.1:1$/m", $section) === 1, true), "\n";
echo "password absent (modules): ", var_export(!str_contains($mod, "secretpw"), true), "\n";
echo "password absent (all): ", var_export(!str_contains($all, "secretpw"), true), "\n";
';
[$rc, $out] = rl_run_php($code, ['redislock.server' => 'redis://u:secretpw@127.0.0.1:1', 'redislock.prefix' => 'PfxShown:',
                                'redislock.auto_release' => '0']);
echo $out;
var_dump($rc);

// a password-only URL is redacted too
$code = '<?php ob_start(); phpinfo(INFO_MODULES); $mod = ob_get_clean();
echo "absent: ", var_export(!str_contains($mod, "OtherSecret99"), true), " stars: ", var_export(str_contains($mod, "***"), true), "\n";';
[$rc, $out] = rl_run_php($code, ['redislock.server' => 'redis://:OtherSecret99@127.0.0.1:1/2']);
echo $out;
// no password: shown as is
$code = '<?php ob_start(); phpinfo(INFO_MODULES); $mod = ob_get_clean();
echo "plain: ", var_export(str_contains($mod, "redislock.server => tcp://127.0.0.1:6379 => tcp://127.0.0.1:6379"), true), "\n";';
[$rc, $out] = rl_run_php($code);
echo $out;
?>
--EXPECT--
extension loaded: true
version: true
section: true
version shown: true
hiredis shown: true
redislock.server: true
redislock.prefix: true
redislock.connect_timeout: true
redislock.read_timeout: true
redislock.persistent: true
redislock.auto_release: true
prefix value: true
auto_release value: true
server redacted: true
password absent (modules): true
password absent (all): true
int(0)
absent: true stars: true
plain: true
