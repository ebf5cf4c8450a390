<?php
/*
 * Writes package.xml (PECL package 2.0) listing every tracked file that belongs
 * in the release tarball, with its role. Run after adding or removing files:
 *   php scripts/gen-package-xml.php > package.xml
 * scripts/pecl-check.sh fails when the committed package.xml is stale.
 */
$root = dirname(__DIR__);
$version = null;
if (preg_match('/#define PHP_REDISLOCK_VERSION "([^"]+)"/', file_get_contents("$root/ext/php/php_redislock.h"), $m)) {
    $version = $m[1];
}
if (!$version) {
    fwrite(STDERR, "cannot find PHP_REDISLOCK_VERSION\n");
    exit(1);
}
// The release holds what git tracks: without git (or outside a clone) say so,
// rather than write a package.xml with no files that then looks "stale".
exec('git -C ' . escapeshellarg($root) . ' ls-files 2>&1', $files, $rc);
if ($rc !== 0 || !$files) {
    fwrite(STDERR, "gen-package-xml: 'git ls-files' failed (is git installed, is this a clone?): " . implode("\n", $files) . "\n");
    exit(1);
}
$roles = [];
foreach ($files as $f) {
    if (preg_match('~^ext/(.*\.(c|h|stub\.php)|.*README\.md|core/lua/.*)$~', $f) || in_array($f, ['config.m4', 'config.w32'], true)) {
        $roles[$f] = 'src';
    } elseif (preg_match('~^tests/.*\.(phpt|inc)$~', $f)) {
        $roles[$f] = 'test';
    } elseif (in_array($f, ['README.md', 'LICENSE', 'CHANGELOG.md'], true)) {
        $roles[$f] = 'doc';
    }
}
ksort($roles);
$contents = '';
foreach ($roles as $f => $role) {
    $contents .= sprintf("   <file name=\"%s\" role=\"%s\"/>\n", htmlspecialchars($f, ENT_XML1), $role);
}
$date = getenv('PACKAGE_DATE') ?: '2026-11-21';
echo <<<XML
<?xml version="1.0" encoding="UTF-8"?>
<package packagerversion="1.10.13" version="2.0" xmlns="http://pear.php.net/dtd/package-2.0" xmlns:tasks="http://pear.php.net/dtd/tasks-1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://pear.php.net/dtd/tasks-1.0 http://pear.php.net/dtd/tasks-1.0.xsd http://pear.php.net/dtd/package-2.0 http://pear.php.net/dtd/package-2.0.xsd">
 <name>redislock</name>
 <channel>pecl.php.net</channel>
 <summary>Distributed locks and semaphores on Redis, in C on hiredis</summary>
 <description>RedisLock (and RedisSemaphore) for PHP: a drop-in native replacement for userland
Redis lock classes. One round trip per operation, token-checked ownership, everything a
request holds released when the request ends, persistent connections.</description>
 <lead>
  <name>redislock developers</name>
  <user>redislock</user>
  <email>dev@redislock.invalid</email>
  <active>yes</active>
 </lead>
 <date>$date</date>
 <version>
  <release>$version</release>
  <api>$version</api>
 </version>
 <stability>
  <release>alpha</release>
  <api>alpha</api>
 </stability>
 <license uri="https://opensource.org/licenses/MIT">MIT</license>
 <notes>See README.md.</notes>
 <contents>
  <dir name="/">
$contents  </dir>
 </contents>
 <dependencies>
  <required>
   <php>
    <min>8.1.0</min>
   </php>
   <pearinstaller>
    <min>1.10.0</min>
   </pearinstaller>
  </required>
 </dependencies>
 <providesextension>redislock</providesextension>
 <extsrcrelease>
  <configureoption name="with-hiredis" default="yes" prompt="hiredis install prefix (yes = pkg-config)"/>
 </extsrcrelease>
</package>

XML;
