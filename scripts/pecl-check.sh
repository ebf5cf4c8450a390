#!/usr/bin/env bash
# The release path, checked: package.xml is current, `pecl package` makes a
# tarball without a warning, that tarball alone builds (phpize, a bare configure,
# make) into an extension that loads without a single start-up warning, and
# composer.json (PIE's) agrees with package.xml, README and configure.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trap cleanup EXIT
# pecl itself; git: package.xml lists, and the tarball packs, what git tracks
ensure_packages "${RL_PACKAGES_BUILD[@]}" php-pear git
cd "$REPO_ROOT"

php scripts/gen-package-xml.php > "$RL_WORK_DIR/package.xml" || { log "cannot generate package.xml (above: why)"; exit 1; }
if ! diff -u package.xml "$RL_WORK_DIR/package.xml" >&2; then
  log "package.xml is stale: run php scripts/gen-package-xml.php > package.xml"; exit 1
fi
# pecl package reads the work tree: package from a clean export of what is committed.
export_dir="$RL_WORK_DIR/export"
mkdir -p "$export_dir"
git archive HEAD | tar -x -C "$export_dir"
# The release date in package.xml is the day of the release, and pecl package warns ("Release
# date ... is not today") on any other day: packed as a release would be, dated today, it must
# say nothing but its own progress (no "Warning").
PACKAGE_DATE=$(date +%F) php scripts/gen-package-xml.php > "$export_dir/package.xml"
(cd "$export_dir" && pecl package package.xml) >"$RL_WORK_DIR/pecl.log" 2>&1 || { cat "$RL_WORK_DIR/pecl.log"; exit 1; }
if grep -i 'warning' "$RL_WORK_DIR/pecl.log" >&2; then log "pecl package warned (above)"; exit 1; fi
tarball=$(ls "$export_dir"/redislock-*.tgz)
log "built $(basename "$tarball")"
mkdir -p "$RL_WORK_DIR/unpacked"
tar -xzf "$tarball" -C "$RL_WORK_DIR/unpacked"
src=$(ls -d "$RL_WORK_DIR"/unpacked/redislock-*)
# ./configure with no option, as PECL (which adds only its prompt's --with-hiredis) and PIE
# (`pie install redislock/redislock`: phpize, ./configure with the options the user gives, make)
# run it: phpize enables the extension without --enable-redislock. PIE downloads the repository's
# archive (git archive), which holds every file this tarball holds.
(cd "$src" && phpize >/dev/null 2>&1 && ./configure >/dev/null && make -j"$(nproc)" >/dev/null) \
  || { log "the tarball does not build"; exit 1; }
# composer.json, PIE's package description, agrees with package.xml, README and configure
(cd "$src" && ./configure --help) >"$RL_WORK_DIR/configure-help.txt" 2>&1
php scripts/check-composer.php "$RL_WORK_DIR/configure-help.txt" || exit 1
out=$(php -n -d display_startup_errors=1 -d error_reporting=-1 -d "extension=$src/modules/redislock.so" \
      -r 'echo extension_loaded("redislock") ? "loaded " . phpversion("redislock") : "not loaded";' 2>&1)
[ "$out" = "loaded $(php -r 'preg_match("/PHP_REDISLOCK_VERSION \"([^\"]+)/", file_get_contents("ext/php/php_redislock.h"), $m); echo $m[1];')" ] \
  || { log "the packaged extension did not load cleanly: $out"; exit 1; }
log "pecl package OK: $out"
