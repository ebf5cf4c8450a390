<?php
/*
 * Turns the protocol's Lua scripts (ext/core/lua/*.lua) into ext/core/rl_scripts_lua.h:
 * one C string per script and its SHA1, so the C core needs no hashing at run
 * time (and no PHP). Files starting with "_" are fragments, pasted where a
 * script says "--@include _name.lua": each is written once, as a macro of its
 * own (RL_LUA_FRAGMENT_<NAME>), and a script's string is its pieces and the
 * fragments' macros side by side, which C joins into one literal. Comment-only
 * and blank lines are left out of the strings: they would only cost bytes on
 * every EVAL. The SHA1 is that of the whole script as Redis receives it.
 *
 *   php scripts/gen-lua.php           regenerate the header
 *   php scripts/gen-lua.php --check   fail if the committed header is stale, or
 *                                     a script does not compile (luac5.1 -p)
 */
$root = dirname(__DIR__);
$dir = "$root/ext/core/lua";
$out = "$root/ext/core/rl_scripts_lua.h";

function expand(string $dir, string $file, array $seen = []): string
{
    if (isset($seen[$file])) {
        throw new RuntimeException("include cycle at $file");
    }
    $seen[$file] = true;
    $text = file_get_contents("$dir/$file");
    if ($text === false) {
        throw new RuntimeException("cannot read $dir/$file");
    }
    $lines = [];
    foreach (explode("\n", $text) as $line) {
        if (preg_match('/^--@include\s+(\S+)\s*$/', $line, $m)) {
            $lines[] = rtrim(expand($dir, $m[1], $seen), "\n");
        } else {
            $lines[] = $line;
        }
    }
    return implode("\n", $lines);
}

/* The source as sent to Redis: no comment-only or blank lines. */
function wire_source(string $expanded): string
{
    $kept = [];
    foreach (explode("\n", $expanded) as $line) {
        $trimmed = trim($line);
        if ($trimmed === '' || str_starts_with($trimmed, '--')) {
            continue;
        }
        $kept[] = rtrim($line);
    }
    return implode("\n", $kept) . "\n";
}

function c_string(string $source): string
{
    $out = [];
    foreach (explode("\n", rtrim($source, "\n")) as $line) {
        $out[] = "\t\"" . addcslashes($line, "\"\\") . "\\n\"";
    }
    return implode(" \\\n", $out);
}

function fragment_macro(string $file): string
{
    return 'RL_LUA_FRAGMENT_' . strtoupper(substr($file, 1, -4));
}

/* A file's C string: its own lines as literals, each include as its fragment's macro. */
function c_pieces(string $dir, string $file): string
{
    $pieces = [];
    $own = '';
    foreach (explode("\n", file_get_contents("$dir/$file")) as $line) {
        if (preg_match('/^--@include\s+(\S+)\s*$/', $line, $m)) {
            if (trim(wire_source($own)) !== '') {
                $pieces[] = c_string(wire_source($own));
            }
            $own = '';
            $pieces[] = "\t" . fragment_macro($m[1]);
        } else {
            $own .= "$line\n";
        }
    }
    if (trim(wire_source($own)) !== '') {
        $pieces[] = c_string(wire_source($own));
    }
    return implode(" \\\n", $pieces);
}

/* The fragments a file includes, its own includes first (each once, in the order C needs them). */
function fragments_of(string $dir, string $file, array &$order): void
{
    preg_match_all('/^--@include\s+(\S+)\s*$/m', file_get_contents("$dir/$file"), $m);
    foreach ($m[1] as $fragment) {
        fragments_of($dir, $fragment, $order);
        $order[$fragment] = true;
    }
}

$scripts = [];
$fragments = [];
foreach (glob("$dir/*.lua") as $path) {
    $file = basename($path);
    if ($file[0] === '_') {
        continue;
    }
    $scripts[substr($file, 0, -4)] = wire_source(expand($dir, $file));
    fragments_of($dir, $file, $fragments);
}
ksort($scripts);

$header = "/* This is a generated file, edit the .lua files in ext/core/lua/ instead and run php scripts/gen-lua.php. */\n"
    . "#ifndef RL_SCRIPTS_LUA_H\n#define RL_SCRIPTS_LUA_H\n";
foreach (array_keys($fragments) as $file) {
    $header .= "\n/* ext/core/lua/$file (a fragment) */\n#define " . fragment_macro($file) . " \\\n" . c_pieces($dir, $file) . "\n";
}
foreach ($scripts as $name => $source) {
    $macro = 'RL_LUA_' . strtoupper($name);
    $header .= "\n/* ext/core/lua/$name.lua */\n#define {$macro}_SHA1 \"" . sha1($source) . "\"\n"
        . "#define $macro \\\n" . c_pieces($dir, "$name.lua") . "\n";
}
$header .= "\n#endif /* RL_SCRIPTS_LUA_H */\n";

if (($argv[1] ?? '') !== '--check') {
    file_put_contents($out, $header);
    echo "wrote $out (" . count($scripts) . " scripts)\n";
    exit(0);
}

$failed = false;
$luac = trim((string)shell_exec('command -v luac5.1 2>/dev/null'));
if ($luac === '') {
    fwrite(STDERR, "gen-lua: luac5.1 not found (Debian package lua5.1): cannot syntax-check the scripts\n");
    $failed = true;
}
foreach ($scripts as $name => $source) {
    if ($luac === '') {
        break;
    }
    $tmp = tempnam(sys_get_temp_dir(), 'rl-lua');
    file_put_contents($tmp, $source);
    exec(escapeshellarg($luac) . ' -p ' . escapeshellarg($tmp) . ' 2>&1', $output, $rc);
    unlink($tmp);
    if ($rc !== 0) {
        fwrite(STDERR, "gen-lua: ext/core/lua/$name.lua does not compile:\n" . implode("\n", $output) . "\n");
        $failed = true;
    }
}
if (@file_get_contents($out) !== $header) {
    fwrite(STDERR, "gen-lua: ext/core/rl_scripts_lua.h is stale: run php scripts/gen-lua.php and commit it\n");
    $failed = true;
}
echo $failed ? "gen-lua: FAILED\n" : "gen-lua: " . count($scripts) . " scripts compile, header current\n";
exit($failed ? 1 : 0);
