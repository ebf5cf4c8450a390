--TEST--
phpinfo(): a "redislock" section with the version, the hiredis version and the INI values; a password in redislock.server is redacted
--SKIPIF--
<?php require __DIR__ . '/skipif.inc'; ?>
--FILE--
<?php
require __DIR__ . '/config.inc';

$code = '<?php
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
echo "hiredis shown: ", var_export(preg_match("/^hiredis version \(built with\) => (\d+)\.(\d+)\.(\d+)$/m", $section, $hv) === 1, true), "\n";
// The version shown must be the one this process runs with, not whatever
// headers the system has: ask the process which libhiredis it mapped.
// Debian names the library after its ABI: libhiredis.so.0.14 for 0.14.x,
// libhiredis.so.1.0.0 for 1.0.x, libhiredis.so.1.1.0 for 1.1 and later.
$maps = @file_get_contents("/proc/self/maps");
$consistent = false;
if ($hv && $maps !== false && preg_match("#/libhiredis\.so\.(\d+)\.(\d+)#", $maps, $so)) {
    [$maj, $min] = [(int)$hv[1], (int)$hv[2]];
    $consistent = $so[1] === "0" ? ($maj === 0 && $min === (int)$so[2])
        : ($maj === (int)$so[1] && ($so[2] === "0" ? $min === 0 : $min >= (int)$so[2]));
} elseif ($hv && $maps !== false) {
    $consistent = true; // linked statically: nothing else to compare with
}
echo "hiredis matches the library in use: ", var_export($consistent, true), "\n";
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
hiredis matches the library in use: true
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
