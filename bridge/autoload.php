<?php

/*
 * The bridge's classes without Composer: require this file once and
 * RedisLock\Bridge\<path> loads from src/<path>.php (PSR-4, as composer.json
 * maps it). The frameworks' own classes are not loaded here: load symfony/lock
 * or illuminate/* as the application does (Composer, or Debian's
 * /usr/share/php/<Package>/autoload.php).
 */

spl_autoload_register(static function (string $class): void {
    $prefix = 'RedisLock\\Bridge\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
