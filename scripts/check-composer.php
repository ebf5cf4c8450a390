<?php
/*
 * composer.json (what PIE, the PHP Foundation's installer, reads) says what package.xml
 * (PECL) and README say, and offers only configure options configure has:
 *   php scripts/check-composer.php CONFIGURE_HELP_FILE
 * CONFIGURE_HELP_FILE: the output of ./configure --help of a phpize'd tree.
 * Run by scripts/pecl-check.sh. Prints each mismatch; exit status 1 if there is one.
 */
$root = dirname(__DIR__);
if ($argc !== 2 || !is_readable($argv[1])) {
    fwrite(STDERR, "usage: php scripts/check-composer.php CONFIGURE_HELP_FILE\n");
    exit(2);
}
$problems = [];
try {
    $composer = json_decode(file_get_contents("$root/composer.json"), true, 64, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    fwrite(STDERR, "composer.json is not valid JSON: {$e->getMessage()}\n");
    exit(1);
}
$package = simplexml_load_file("$root/package.xml");
$readme = file_get_contents("$root/README.md");
$help = file_get_contents($argv[1]);
$ext = $composer['php-ext'] ?? [];

// Composer's own rule for a package name (vendor/package, lower case).
if (!preg_match('~^[a-z0-9]([_.-]?[a-z0-9]+)*/[a-z0-9](([_.]|-{1,2})?[a-z0-9]+)*$~', $composer['name'] ?? '')) {
    $problems[] = 'name ' . json_encode($composer['name'] ?? null) . ' is not a Composer package name (vendor/package)';
}
if (($composer['type'] ?? null) !== 'php-ext') {
    $problems[] = 'type is ' . json_encode($composer['type'] ?? null) . ', not "php-ext"';
}
if (($ext['extension-name'] ?? null) !== (string) $package->providesextension) {
    $problems[] = 'php-ext.extension-name ' . json_encode($ext['extension-name'] ?? null)
        . " is not package.xml's providesextension \"{$package->providesextension}\"";
}
if (($composer['license'] ?? null) !== (string) $package->license) {
    $problems[] = 'license ' . json_encode($composer['license'] ?? null) . " is not package.xml's \"{$package->license}\"";
}
// Both modes are built and tested (NTS by the suite, ZTS by the debug ZTS stage).
foreach (['support-zts', 'support-nts'] as $mode) {
    if (($ext[$mode] ?? true) !== true) {
        $problems[] = "php-ext.$mode is not true";
    }
}
// The PHP versions: README's promise ("PHP 8.1 to 8.5"), package.xml's minimum and
// composer.json's constraint (">=8.1 <8.6") name the same range.
if (!preg_match('/Requirements: PHP (\d+)\.(\d+) to (\d+)\.(\d+)/', $readme, $m)) {
    $problems[] = 'README.md has no "Requirements: PHP X.Y to X.Y"';
} else {
    $want = ">=$m[1].$m[2] <$m[3]." . ($m[4] + 1);
    if (($composer['require']['php'] ?? null) !== $want) {
        $problems[] = 'require.php ' . json_encode($composer['require']['php'] ?? null)
            . " is not \"$want\" (README: PHP $m[1].$m[2] to $m[3].$m[4])";
    }
    $min = (string) $package->dependencies->required->php->min;
    if ($min !== "$m[1].$m[2].0") {
        $problems[] = "package.xml's PHP minimum $min is not README's $m[1].$m[2]";
    }
}
// PIE passes only the options composer.json lists, straight to ./configure: each must be one
// configure knows, and PECL's prompts must be offered to PIE users too.
$options = [];
foreach ($ext['configure-options'] ?? [] as $option) {
    $name = $option['name'] ?? '';
    $options[] = $name;
    if (!preg_match('/^\s*--' . preg_quote($name, '/') . '[\s=\[]/m', $help)) {
        $problems[] = "configure-option \"$name\" is not an option of ./configure --help";
    }
    if (!isset($option['description']) || $option['description'] === '') {
        $problems[] = "configure-option \"$name\" has no description";
    }
}
foreach ($package->extsrcrelease->configureoption ?? [] as $option) {
    if (!in_array((string) $option['name'], $options, true)) {
        $problems[] = "package.xml's configureoption \"{$option['name']}\" is not in composer.json's configure-options";
    }
}
foreach ($problems as $problem) {
    echo "composer.json: $problem\n";
}
if ($problems) {
    exit(1);
}
echo 'composer.json OK: ', $composer['name'], ' (', $ext['extension-name'], ', PHP ', $composer['require']['php'],
    ', options: ', implode(', ', $options), ")\n";
