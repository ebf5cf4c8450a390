#!/usr/bin/env bash
# Checks that the C sources keep to their layers (ext/README.md):
#   ext/net   connections, replies, routing: includes only ext/net and the system's headers
#   ext/core  the protocols: ext/core, ext/net and the system's headers
#   ext/php   the PHP glue: anything
# and that neither lower layer includes a PHP header (php.h, zend_*.h, main/, ext/...).
# The Unix build enforces the same thing with include paths per layer (config.m4);
# this names the offending line, and also covers config.w32, where one set of paths
# serves all three. Exit status 0 when the layers are kept.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A may_include=([net]="net" [core]="core net" [php]="php core net")
bad=0
for layer in net core php; do
  for file in ext/"$layer"/*.[ch]; do
    while IFS= read -r line; do
      lineno=${line%%:*}
      header=$(sed -E 's/^[0-9]+:[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)".*/\1/' <<<"$line")
      # a path into ext/ would step around the include paths: headers are named bare
      if [[ $header == */* && -e ext/${header#ext/} ]] || [[ $header == ../* ]]; then
        echo "$file:$lineno: includes \"$header\" by a path into ext/; name it bare (rl_conn.h)"
        bad=1; continue
      fi
      found=
      for l in php core net; do
        [ -e "ext/$l/$header" ] && found=$l
      done
      if [ -z "$found" ]; then
        # not ours: PHP's own headers, allowed only in the glue
        if [ "$layer" != php ]; then
          echo "$file:$lineno: includes \"$header\", which is not in ext/${may_include[$layer]// /, ext/}: the $layer layer is plain C"
          bad=1
        fi
      elif [[ " ${may_include[$layer]} " != *" $found "* ]]; then
        echo "$file:$lineno: includes \"$header\" from ext/$found, a layer above ext/$layer"
        bad=1
      fi
    done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" || true)
    if [ "$layer" != php ] && grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<(php|zend|main/|Zend/|TSRM|ext/)' "$file"; then
      echo "$file: includes a PHP header: the $layer layer is plain C"
      bad=1
    fi
  done
done
# every C file of ext/ is in a layer, and config.m4 and config.w32 build each of them from its own folder
for file in $(git ls-files 'ext/*.c'); do
  case $file in
    ext/net/*.c | ext/core/*.c | ext/php/*.c) ;;
    *) echo "$file: not in a layer (ext/net, ext/core, ext/php)"; bad=1; continue ;;
  esac
  grep -q "$file" config.m4 || { echo "config.m4 does not build $file"; bad=1; }
  # config.w32: the file's name in the ADD_SOURCES of its folder ("\\ext\\net", then its list)
  layer=${file#ext/}; layer=${layer%%/*}
  grep -A1 -F "\\\\ext\\\\$layer\"" config.w32 | grep -qw "${file##*/}" \
    || { echo "config.w32 does not build $file"; bad=1; }
done
[ $bad -eq 0 ] && echo "layers kept: $(git ls-files 'ext/*.[ch]' | wc -l) files in ext/net, ext/core, ext/php"
exit $bad
