#!/usr/bin/env bash
# Regenerates ext/php/*_arginfo.h from ext/php/*.stub.php with php-src's gen_stub.php.
# gen_stub.php wants to download PHP-Parser; we point it at Debian's php-parser
# package instead (no network needed), in a scratch copy of the build dir.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=$(php-config --prefix >/dev/null; ls -d /usr/lib/php/*/build 2>/dev/null | head -1)
gen_stub="$build_dir/gen_stub.php"
[ -f "$gen_stub" ] || { echo "gen_stub.php not found (install php-dev)" >&2; exit 1; }
[ -d /usr/share/php/PhpParser ] || { echo "install Debian's php-parser package" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$gen_stub" "$scratch/"
parser_version=$(sed -n 's/.*\$version = "\([0-9.]*\)";.*/\1/p' "$gen_stub" | head -1)
mkdir -p "$scratch/PHP-Parser-$parser_version/lib"
ln -s /usr/share/php/PhpParser "$scratch/PHP-Parser-$parser_version/lib/PhpParser"
php "$scratch/gen_stub.php" ext/php/*.stub.php
