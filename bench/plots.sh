#!/usr/bin/env bash
# The benchmark's plots, as SVG, drawn with gnuplot from the data files the
# sections of bench/run.sh write (it calls this at its end):
#
#   bash bench/plots.sh [DATA_DIR [OUT_DIR]]   (default: bench/results/local/data, DATA_DIR/..)
#
#   wait_cdf.svg      section 2 (contended.php --mode lock): the distribution of the waits,
#                     from contended-lock-IMPL.waits (one wait in ms a line; the p50, p99
#                     and max in the key are its params, as contended.php computed them)
#   fairness.svg      section 2: every process's acquisitions, contended-lock-IMPL.procs
#   handover_cdf.svg  section 2: the distribution of the hand-overs (unlock() called to
#                     the next lock() returning), from contended-lock-IMPL.gaps (likewise)
#   hosts.svg         section 2c (hosts.php): each host's acquisitions per implementation,
#                     with the smaller host's share and the overlaps, hosts.tsv
#   uncontended.svg   section 1 (cycles.php): cycles/s per client, uncontended-PLACE.tsv
#   waiting_cost.svg  section 5 (waiting.php): what 100 waiters cost Redis, waiting.tsv
#
# DATA_DIR/run.txt (date, commit, machine, load; written by run.sh) makes every
# plot's caption line, so a plot says which run it shows, as the text header does.
# A plot whose data is missing (its section was not run: --only) is not drawn,
# and what is printed says so and names the date of the SVG already there, if
# any. Each SVG is written under a temporary name and renamed once gnuplot has
# succeeded: a failure leaves the previous file, never half a file. Without
# gnuplot it prints a note and exits 0: plots never fail the benchmark.
#
# The implementations keep one colour in every plot (redislock blue, with its
# local hand-over violet: the same class, another mode; the userland lock and
# the phpredis pollers orange, symfony/lock green, references grey).
# Prints a few lines for bench/run.sh's latest.txt (stdout); gnuplot's own
# messages go to stderr.
set -uo pipefail

bench_dir=$(cd "$(dirname "$0")" && pwd)
data=${1:-$bench_dir/results/local/data}
out=${2:-$(dirname "$data")}

report=()   # one line per plot, printed at the end
note() { report+=("$(printf '  %-17s %s' "$1" "$2")"); }

if ! command -v gnuplot >/dev/null; then
  echo "Plots: none drawn, gnuplot is not installed (apt-get install gnuplot-nox); their data is in $data."
  exit 0
fi
if [ ! -f "$data/run.txt" ]; then
  echo "Plots: none drawn, $data/run.txt is missing (bench/run.sh writes it with the data)."
  exit 0
fi
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/redislock-plots.XXXXXX")
trap 'rm -rf "$work"' EXIT

# ---- helpers

run_field() { sed -n "s/^$1=//p" "$data/run.txt"; }
# param FILE NAME: a "# param NAME=VALUE" line of a data file (bench_write_data in lib.php)
param() { sed -n "s/^# param $2=//p" "$1" | head -1; }
# gq STRING: STRING as a gnuplot single-quoted string (no escapes there but '' for ')
gq() { printf "'%s'" "${1//\'/\'\'}"; }
# list SEP WORD...: the words joined by SEP (", ", " and ")
list() { local sep=$1 out=$2; shift 2; for w in "$@"; do out+="$sep$w"; done; echo "$out"; }
# rows FILE: the data lines of a data file, without its '#' header
rows() { grep -v '^#' "$1"; }
# commas N: N rounded, with thousands separators, as the tables print it
commas() { LC_ALL=C awk -v x="$1" 'BEGIN { s = sprintf("%.0f", x); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]([,]|$)/, ",&", s); print s }'; }
# cdf FILE: the empirical CDF of FILE (waits in ms, one a line, ascending) as
# "x share" lines, thinned to the last sample of every 1/200 of a decade (below a
# pixel on the plot): a full run has some 25,000 waits, which drawn one by one
# made an SVG of most of a megabyte for no visible difference. The first sample
# is kept too, so that each curve starts where it does.
cdf() {
  LC_ALL=C awk '{ x[NR] = ($1 < 0.001 ? 0.001 : $1) }   # 1 us at least: the axis is logarithmic
    END {
      for (i = 1; i <= NR; i++) b[i] = int(log(x[i]) / log(10) * 200 + 10000)
      for (i = 1; i <= NR; i++) if (i == 1 || i == NR || b[i] != b[i + 1]) printf "%g\t%.6f\n", x[i], i / NR
    }' "$1"
}

caption="$(run_field machine) · $(run_field date) · commit $(run_field commit) · load average $(run_field load) at the start"
[ "$(run_field quick)" = 1 ] && caption+=" · --quick (a smoke run: short windows, few rounds)"

# Every plot starts with this: a fixed-size SVG (a README shows it at that size),
# a white background (readable on a dark page too), noenhanced text (a CPU model
# or a label may hold _ ^ @ { }, which enhanced mode would take as markup).
# The title, up to two lines under it (what was run) and the caption line at the
# bottom are labels at fixed places, and the plot area's top and sides are fixed
# too (each plot sets its bottom): gnuplot's own layout lets a long subtitle or a
# key under the plot run into the axis labels.
preamble() { # preamble WIDTH HEIGHT TITLE [SUBTITLE [SUBTITLE2]]
  local top=56
  [ -n "${4:-}" ] && top=76
  [ -n "${5:-}" ] && top=94
  cat <<EOF
set terminal svg size $1,$2 font 'DejaVu Sans,12' background rgb 'white' noenhanced
set encoding utf8
# the data files' cells are tab-separated: a label holds spaces
set datafile separator tab
# px(n), pw(n): n pixels from the bottom / from the left, as a screen fraction
px(n) = n / $2.0
pw(n) = n / $1.0
set label 1000 $(gq "$3") at screen 0.5, screen 1 - px(26) center font ',15'
set label 1001 $(gq "${4:-}") at screen 0.5, screen 1 - px(50) center font ',11'
set label 1002 $(gq "${5:-}") at screen 0.5, screen 1 - px(68) center font ',11'
set label 1003 $(gq "$caption") at screen 0.5, screen px(12) center font ',10' textcolor rgb '#555555'
plot_top = 1 - px($top)
set tmargin at screen plot_top
set lmargin at screen pw(85)
set rmargin at screen 1 - pw(45)
set border 3 lc rgb '#444444'
set tics nomirror
set grid ytics lc rgb '#dddddd' lt 1
set key noautotitle
# the colours of the implementations, the same in every plot
c_ext = 0x1f77b4; c_ext_local = 0x6247aa; c_userland = 0xff7f0e; c_symfony = 0x2ca02c
color(k) = k eq 'ext' ? c_ext : k eq 'ext-local' ? c_ext_local : k eq 'userland' || k eq 'polling' ? c_userland : k eq 'symfony' ? c_symfony : \\
           k eq 'raw' ? 0x9a9a9a : k eq 'floor' ? 0x555555 : k eq 'idle' ? 0xbbbbbb : 0x7a7a7a
# thousands separators for the values written on bars: 23815 -> 23,815
# (rounded first, as the tables' number_format() does; below 1,000,000)
commas_(n) = n >= 1000 ? sprintf('%d,%03d', n / 1000, n % 1000) : sprintf('%d', n)
commas(x) = commas_(int(floor(x + 0.5)))
EOF
}

# earlier NAME: what the OUT/NAME already there shows, by its caption's date:
# said of a plot not drawn now (nothing if there is no such file)
earlier() {
  local when
  [ -f "$out/$1" ] || return 0
  when=$(grep -o '[0-9]\{4\}-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9] UTC' "$out/$1" | head -1)
  if [ "$when" = "$(run_field date)" ]; then
    printf '; the file there was drawn earlier from this run'
  else
    printf '; the file there is from an earlier run (%s), not this one' "${when:-date unknown}"
  fi
}

# draw NAME WHAT: runs gnuplot on WORK/NAME.gp (the plot's script) into OUT/NAME
# and notes WHAT, or the failure (gnuplot's messages go to stderr). In a UTF-8
# locale whatever the caller's: `set encoding utf8` (the scripts' labels hold
# µ, ≤, ·) warned "iconv failed to convert degree sign" in the C locale (no LANG).
draw() {
  local name=$1 tmp="$out/.$1.tmp.$$"
  if { echo "set output $(gq "$tmp")"; cat "$work/$name.gp"; } | LC_ALL=C.UTF-8 gnuplot 2>"$work/$name.err" && [ -s "$tmp" ]; then
    mv -f "$tmp" "$out/$name"
    note "$name" "drawn: $2"
    sed 's/^/    gnuplot: /' "$work/$name.err" >&2   # warnings, if any
    return 0
  fi
  rm -f "$tmp"
  note "$name" "NOT drawn, gnuplot failed: $(grep -v '^ *$' "$work/$name.err" | tail -1)$(earlier "$name")"
  sed 's/^/    gnuplot: /' "$work/$name.err" >&2
  return 1
}

# skipped NAME WHY: the plot has no data in this run
skipped() { note "$1" "not drawn: $2$(earlier "$1")"; }

impls=(ext ext-local userland symfony)
declare -A impl_name=([ext]='redislock' [ext-local]='redislock, local hand-over'
                      [userland]='userland lock (phpredis, backoff 1..100 ms)'
                      [symfony]='symfony/lock (retries every 100 ms)')

# ---- 1. wait_cdf.svg: the waits of section 2, as cumulative distributions

have=()
for i in "${impls[@]}"; do [ -s "$data/contended-lock-$i.waits" ] && have+=("$i"); done
if [ ${#have[@]} -eq 0 ]; then
  for p in wait_cdf.svg fairness.svg handover_cdf.svg; do
    skipped "$p" "no data of section 2, contended lock (not run: --only)"
  done
else
  f0="$data/contended-lock-${have[0]}.waits"
  procs=$(param "$f0" procs) window=$(param "$f0" window_s) hold=$(param "$f0" hold_ms) think=$(param "$f0" think_ms)
  setup="$procs processes on one key for $window s, each looping: lock, hold $hold ms, unlock, $think ms of other work"
  # contended_head ROWS TITLE SUBTITLE2: how the plots of section 2 start. The
  # key goes under the plot (inside, it would hide the tails, which matter
  # most): ROWS rows, one per implementation, 20 px each, above the caption.
  contended_head() {
    local key_top=$((40 + 20 * $1))
    preamble 960 640 "$2" "$setup" "$3"
    cat <<EOF
set bmargin at screen px($key_top + 75)
set key at screen pw(85), screen px($key_top) left top reverse Left box lc rgb '#cccccc' font ',11' maxrows $1
EOF
  }
  # cdf_axes XLABEL YLABEL: the axes of a CDF of section 2 (wait_cdf.svg,
  # handover_cdf.svg), with the two quantiles contended.php's table reports
  cdf_axes() {
    cat <<EOF
set logscale x 10
set format x '%g'
set xlabel $(gq "$1")
set ylabel $(gq "$2")
set yrange [0:1]
set ytics 0.1
set grid xtics ytics lc rgb '#dddddd' lt 1
set arrow from graph 0, first 0.5 to graph 1, first 0.5 nohead dt 3 lc rgb '#777777'
set arrow from graph 0, first 0.99 to graph 1, first 0.99 nohead dt 3 lc rgb '#777777'
set label 'p50' at graph 1, first 0.5 offset 0.5, 0 left font ',10' textcolor rgb '#777777'
set label 'p99' at graph 1, first 0.99 offset 0.5, 0 left font ',10' textcolor rgb '#777777'
EOF
  }
  # target_line MS TEXT [Y]: a target on a CDF's x axis, a dashed line with TEXT
  # along it, centred at Y (a share of the plot's height): by default low, where
  # the curves are flat or not yet
  target_line() {
    cat <<EOF
set arrow from first $1, graph 0 to first $1, graph 1 nohead dt 2 lc rgb '#bb3333'
set label $(gq "$2") at first $1, graph ${3:-0.3} center rotate by 90 offset -0.8, 0 font ',10' textcolor rgb '#bb3333'
EOF
  }
  # cdf_curve IMPL EXT WHAT: adds to plots the curve of IMPL's
  # contended-lock-IMPL.EXT (ms, one a line), its key "NAME: N WHAT; p50, p99,
  # max": the params, as contended.php computed them for its table
  cdf_curve() {
    local f="$data/contended-lock-$1.$2" n
    rows "$f" | sort -g >"$work/$1.$2"
    cdf "$work/$1.$2" >"$work/$1.$2.cdf"
    n=$(wc -l <"$work/$1.$2")
    plots+=("$(gq "$work/$1.$2.cdf") using 1:2 with steps lw 2.5 lc rgb color('$1') title $(gq \
      "${impl_name[$1]}: $(commas "$n") $3; p50 $(param "$f" p50_ms), p99 $(param "$f" p99_ms), max $(param "$f" max_ms) ms")")
  }

  # A CDF rather than a histogram: the waits span four decades (a queue's steady
  # ~15 ms against a poller's lucky 0.2 ms and its 1 s starvations), which a log
  # x axis shows at once; p50 and p99 are where a curve crosses the dotted lines.
  plots=() timeouts=0
  for i in "${have[@]}"; do
    cdf_curve "$i" waits waits
    t=$(param "$data/contended-lock-$i.waits" timeouts)
    timeouts=$((timeouts + ${t:-0}))
  done
  {
    contended_head ${#have[@]} "Contended lock: how long each acquisition waited (CDF)" \
      "wait: from the call that takes the lock to its return (timed-out waits, $timeouts in all, are not in it)"
    cdf_axes 'wait, ms (log scale)' 'share of acquisitions that waited at most x'
    # redislock's targets on the waits
    target_line 40 'target p99 ≤ 40 ms (redislock)'
    target_line 100 'target max ≤ 100 ms (redislock)'
    echo "plot $(IFS=,; echo "${plots[*]}")"
  } >"$work/wait_cdf.svg.gp"
  draw wait_cdf.svg "section 2, waits of $(list ', ' "${have[@]}")"

  # ---- 2. fairness.svg: every process's acquisitions, same run
  #
  # Sorted per implementation (a process's index means nothing: they are all
  # alike), and absolute rather than normalised: the height is the throughput,
  # the slope the unfairness, and the implementations fit one axis (same order
  # of magnitude). One bar per process and implementation, side by side.
  plots=()
  k=0 m=${#have[@]}
  width=$(awk -v m="$m" 'BEGIN { printf "%.3f", 0.84 / m }')
  for i in "${have[@]}"; do
    f="$data/contended-lock-$i.procs"
    rows "$f" | cut -f2 | sort -n >"$work/$i.sorted"
    # the figures of contended.php's table
    title="${impl_name[$i]}: $(commas "$(param "$f" acquisitions)") in all; min $(param "$f" min_proc) / max $(param "$f" max_proc) = $(param "$f" min_over_max)"
    off=$(awk -v k="$k" -v m="$m" -v w="$width" 'BEGIN { printf "%.3f", (k - (m - 1) / 2) * w }')
    plots+=("$(gq "$work/$i.sorted") using (\$0 + 1 + $off):1 with boxes fs solid 0.85 noborder lc rgb color('$i') title $(gq "$title")")
    k=$((k + 1))
  done
  {
    contended_head ${#have[@]} "Contended lock: acquisitions of each process (fairness)" \
      "equal bars: every process served alike; target for redislock: min / max ≥ 0.9"
    cat <<EOF
set boxwidth $width
set xrange [0.4:$procs + 0.6]
set xtics 1 scale 0
set xlabel 'process, from fewest to most acquisitions (each implementation sorted on its own)'
set ylabel 'acquisitions in the window'
set yrange [0:*]
plot $(IFS=,; echo "${plots[*]}")
EOF
  } >"$work/fairness.svg.gp"
  draw fairness.svg "section 2, acquisitions per process of $(list ', ' "${have[@]}")"

  # ---- 3. handover_cdf.svg: the hand-overs of section 2, same run
  #
  # What the local hand-over changes most (issue 21): the lock's idle time
  # between two holders, well under a millisecond when it passes in shared
  # memory. Only implementations with hand-overs: a run without data lines
  # (nobody was waiting at an unlock()) would give gnuplot an empty curve.
  gapped=()
  for i in "${have[@]}"; do
    grep -qsv '^#' "$data/contended-lock-$i.gaps" && gapped+=("$i")
  done
  if [ ${#gapped[@]} -eq 0 ]; then
    skipped handover_cdf.svg "no hand-overs in section 2's data (no contended-lock-*.gaps with any)"
  else
    plots=()
    for i in "${gapped[@]}"; do cdf_curve "$i" gaps hand-overs; done
    {
      contended_head ${#gapped[@]} "Contended lock: hand-over, unlock() called to the next lock() returning (CDF)" \
        "per acquisition whose caller was already waiting at the unlock(): an upper bound of the lock's idle time (unlock()'s own time is in it)"
      cdf_axes 'hand-over, ms (log scale)' 'share of hand-overs that took at most x'
      # halfway up: at 0.1 ms a curve is either near its top (a hand-over that
      # wakes the waiter) or near its bottom (one that waits for a retry)
      target_line 0.1 'target p50 ≤ 0.1 ms (local hand-over)' 0.55
      echo "plot $(IFS=,; echo "${plots[*]}")"
    } >"$work/handover_cdf.svg.gp"
    draw handover_cdf.svg "section 2, hand-overs of $(list ', ' "${gapped[@]}")"
  fi
fi

# ---- 4. hosts.svg: section 2c's two hosts, each one's acquisitions
#
# Per implementation two bars, host A solid and host B light (as uncontended.svg
# shows its two placements), and across the pair a dashed line at the target
# share of their sum: the smaller host's bar reaches it when the target is met.
# The share and the overlaps under each pair, as hosts.php's table prints them.
f="$data/hosts.tsv"
if [ ! -s "$f" ]; then
  skipped hosts.svg "no data of section 2c, two hosts (not run: --only, or not root)"
else
  procs=$(param "$f" procs) window=$(param "$f" window_s) hold=$(param "$f" hold_ms) think=$(param "$f" think_ms)
  target=$(param "$f" share_target)
  mapfile -t keys < <(rows "$f" | cut -f1)
  # the tic labels: the implementation, and its share and overlaps on a line of their own
  xtics=$(rows "$f" | awk -F'\t' '{ printf "%s\"%s\\nshare %s, %d overlaps\" %d", (NR > 1 ? ", " : ""), $2, $5, $6, NR - 1 }')
  {
    preamble 960 560 "Two hosts, one hot lock: the acquisitions of each host" \
      "$procs processes on one key, half on host A, half on host B (another IPC and mount namespace, its own /dev/shm); $window s, hold $hold ms, think $think ms" \
      "solid: host A, light: host B; dashed: $target of the pair's sum, the target for the local hand-over: the smaller host's share ≥ $target"
    cat <<EOF
set bmargin at screen px(80)
set boxwidth 0.38
set xrange [-0.6:${#keys[@]} - 0.4]
set xtics ($xtics) scale 0 font ',11'
set ylabel 'acquisitions in the window'
set yrange [0:*]
# room above the highest bar for its value
set offsets 0, 0, graph 0.08, 0
plot $(gq "$f") using (\$0 - 0.2):3:(color(strcol(1))) with boxes fs solid 0.9 border lc rgb '#444444' lc rgb variable, \\
     '' using (\$0 + 0.2):4:(color(strcol(1))) with boxes fs solid 0.35 border lc rgb '#444444' lc rgb variable, \\
     '' using (\$0 - 0.2):3:(commas(\$3)) with labels offset 0, 0.6 font ',9', \\
     '' using (\$0 + 0.2):4:(commas(\$4)) with labels offset 0, 0.6 font ',9', \\
     '' using (\$0 - 0.45):($target * (\$3 + \$4)):(0.9):(0) with vectors nohead dt 2 lw 1.5 lc rgb '#bb3333'
EOF
  } >"$work/hosts.svg.gp"
  draw hosts.svg "section 2c, the acquisitions of host A and B of $(list ', ' "${keys[@]}")"
fi

# ---- 5. uncontended.svg: section 1's cycles/s, one bar per client and placement
#
# Grouped by client, one bar per CPU placement that ran (split, then same):
# solid for the first, light for the second; the median's value on each bar,
# as the table prints it.
places=()
for p in split same none unpinned; do [ -s "$data/uncontended-$p.tsv" ] && places+=("$p"); done
if [ ${#places[@]} -eq 0 ]; then
  skipped uncontended.svg "no data of section 1, uncontended lock+unlock (not run: --only)"
else
  m=${#places[@]}
  width=$(awk -v m="$m" 'BEGIN { printf "%.3f", 0.8 / m }')
  # a client's place on the x axis, by its key (the files have the same clients,
  # but this does not depend on it), and its tic label, "(...)" on a line of its
  # own so that six labels fit under their bars
  for p in "${places[@]}"; do rows "$data/uncontended-$p.tsv"; done | awk -F'\t' '!seen[$1]++ { print $1 "\t" $2 }' >"$work/clients"
  n_clients=$(wc -l <"$work/clients")
  xpos=$(awk -F'\t' '{ printf "k eq \x27%s\x27 ? %d : ", $1, NR - 1 } END { print "NaN" }' "$work/clients")
  xtics=$(awk -F'\t' '{ l = $2; sub(/ \(/, "\\n(", l); sub(/ -c/, "\\n-c", l); printf "%s\"%s\" %d", (NR > 1 ? ", " : ""), l, NR - 1 }' "$work/clients")
  plots=() k=0 legend=()
  for p in "${places[@]}"; do
    f="$data/uncontended-$p.tsv"
    off=$(awk -v k="$k" -v m="$m" -v w="$width" 'BEGIN { printf "%.3f", (k - (m - 1) / 2) * w }')
    fill=$([ "$k" = 0 ] && echo 'solid 0.9' || echo 'solid 0.35')
    plots+=("$(gq "$f") using (xpos(strcol(1)) + $off):3:(color(strcol(1))) with boxes fs $fill border lc rgb '#444444' lc rgb variable")
    plots+=("$(gq "$f") using (xpos(strcol(1)) + $off):3:(commas(\$3)) with labels offset 0, 0.6 font ',9'")
    legend+=("$([ "$k" = 0 ] && echo solid || echo light): $(param "$f" placement)")
    k=$((k + 1))
  done
  f="$data/uncontended-${places[0]}.tsv"
  rounds=$(param "$f" rounds) cycles=$(param "$f" cycles) symcycles=$(param "$f" symfony_cycles)
  {
    preamble 960 560 "Uncontended lock+unlock: cycles per second, one process (higher is better)" \
      "median of $rounds rounds x $(commas "$cycles") cycles (symfony/lock $(commas "$symcycles")), one connection per client" \
      "$(list '; ' "${legend[@]}")"
    cat <<EOF
xpos(k) = $xpos
set bmargin at screen px(80)
set boxwidth $width
set xrange [-0.6:$n_clients - 0.4]
set xtics ($xtics) scale 0 font ',11'
set ylabel 'lock+unlock cycles/s'
set yrange [0:*]
# room above the highest bar for its value
set offsets 0, 0, graph 0.08, 0
plot $(IFS=,; echo "${plots[*]}")
EOF
  } >"$work/uncontended.svg.gp"
  draw uncontended.svg "section 1, cycles/s per client, placement $(list ' and ' "${places[@]}")"
fi

# ---- 6. waiting_cost.svg: what section 5's waiters cost the Redis server
#
# Two panels: the commands it runs (the first target's figure) and its CPU,
# gross (the idle bar is the server's own floor, which a net figure would hide);
# the ratios and targets of the table in the line under the title.
f="$data/waiting.tsv"
if [ ! -s "$f" ]; then
  skipped waiting_cost.svg "no data of section 5, waiting cost (not run: --only)"
else
  procs=$(param "$f" procs) window=$(param "$f" window_s) interval=$(param "$f" interval_ms)
  # the ratios the targets are on, as waiting.php computed them for its table
  ratios=
  if [ -n "$(param "$f" commands_ratio)" ]; then
    ratios="redislock / pollers: commands/s $(param "$f" commands_ratio) (target ≤ 0.20), server CPU net of idle $(param "$f" cpu_net_ratio) (target ≤ 0.25)"
    [ "$(param "$f" all_waiting)" = 1 ] || ratios+="; NOT all waiting the whole window: see the table"
  fi
  n_cols=$(rows "$f" | wc -l)
  {
    preamble 960 520 "Waiting cost: $procs processes waiting for a held lock, what Redis does meanwhile" \
      "$window s window; redislock: each in lock(\$name, 30, 15) as built; pollers: SET NX PX every $interval ms on phpredis" \
      "$ratios"
    cat <<EOF
# two panels side by side, sharing the preamble's top; the labels are drawn once, with the first
set multiplot layout 1, 2 margins pw(85), 1 - pw(30), px(70), plot_top spacing pw(95), 0
set boxwidth 0.6
set style fill solid 0.85 noborder
set xrange [-0.6:$n_cols - 0.4]
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set xtics scale 0 font ',11'
set ylabel 'Redis commands/s (incl. run by scripts)'
plot $(gq "$f") using 0:3:(color(strcol(1))):xtic(2) with boxes lc rgb variable, \\
     '' using 0:3:(commas(\$3)) with labels offset 0, 0.7 font ',10'
unset label
set ylabel 'Redis server CPU, ms per second (gross)'
plot $(gq "$f") using 0:5:(color(strcol(1))):xtic(2) with boxes lc rgb variable, \\
     '' using 0:5:(sprintf('%.2f', \$5)) with labels offset 0, 0.7 font ',10'
unset multiplot
EOF
  } >"$work/waiting_cost.svg.gp"
  draw waiting_cost.svg "section 5, Redis commands/s and CPU: idle, redislock, pollers"
fi

# paths as given, or relative to here when under it (bench/run.sh gives absolute ones)
rel() { case $1 in "$PWD"/*) echo "${1#"$PWD"/}" ;; *) echo "$1" ;; esac; }
echo "Plots (bench/plots.sh, $(gnuplot --version)) in $(rel "$out")/, their data in $(rel "$data")/:"
printf '%s\n' "${report[@]}"
