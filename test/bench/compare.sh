#!/bin/sh
# Whole-process cold-start timings of hlsl2spirv and glslangValidator, side
# by side, on the benchmark corpus (test/bench/*.hlsl) and on a generated
# 5,000-line shader when one is given: each compile is a fresh process, run
# by hyperfine; the table gives medians in milliseconds, and the last line
# the median of the corpus files' ratios.
#
# Usage: test/bench/compare.sh [-r runs] [-k rounds] [-p] [bin/hlsl2spirv] [extra.hlsl ...]
# (make bench-cold builds the binary and runs this.)
#
# -k runs each file's comparison in that many hyperfine calls of -r runs,
# glslangValidator first in every other one, and takes the median of the
# calls' medians (default 3). hyperfine runs one command's runs back to
# back, so a burst of outside load (on the test machine a host agent at
# nice -10 wakes now and then) can slow all the runs of one command in
# one call, by 10 ms a run, which a single call cannot tell from a
# regression; a median over calls can.
#
# -p runs the timed processes at real-time priority (chrt -f 10; needs root
# or CAP_SYS_NICE), for a machine that other jobs keep busy: there the wall
# times mostly measure the neighbours (one corpus shader's compile took
# 13 to 150 ms in 40 runs while other tests ran on the 2 cores). At
# real-time priority the processes preempt ordinary ones and the spread
# shrinks to a few ms; the medians still pay for the neighbours' use of
# the caches and memory, so compare ratios, or runs made alike. The kernel
# leaves ordinary tasks 5% of each second.
set -eu
runs=20
rounds=3
prio=
while :; do
	case "${1:-}" in
	-r) runs=$2; shift 2 ;;
	-k) rounds=$2; shift 2 ;;
	-p) prio="chrt -f 10"; shift ;;
	*) break ;;
	esac
done
if [ -n "$prio" ] && ! chrt -f 10 true 2>/dev/null; then
	echo "compare.sh: -p needs permission to use real-time priority (root or CAP_SYS_NICE)" >&2
	exit 1
fi
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../bin/hlsl2spirv}
[ $# -gt 0 ] && shift
command -v hyperfine >/dev/null || { echo "compare.sh: hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }
glslang=$(command -v glslangValidator || true)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# median FILE.csv ROW: the median (seconds) of hyperfine's CSV row, in ms.
median() { awk -F, -v row="$2" 'NR == row + 1 { printf "%.3f", $4 * 1000 }' "$1"; }

# mid: the median of the numbers on standard input.
mid() { sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-28s %6s %12s %12s %7s\n' file lines hlsl2spirv glslang ratio
: >"$out/ratios"
for f in "$here"/*.hlsl "$@"; do
	# "// bench: -T ps_6_0 -E main" on the first line gives the flags;
	# other files are pixel shaders with a main.
	flags=$(sed -n '1s|^// bench: ||p' "$f")
	[ -n "$flags" ] || flags="-T ps_6_0 -E main"
	profile=$(echo "$flags" | sed -n 's/.*-T \([a-z]*\)_.*/\1/p')
	entry=$(echo "$flags" | sed -n 's/.*-E \([A-Za-z0-9_]*\).*/\1/p')
	case $profile in ps) stage=frag ;; vs) stage=vert ;; cs) stage=comp ;; *) stage=frag ;; esac
	ours="$bin $flags -Fo $out/a.spv $f"
	theirs="$glslang -V -D -e $entry -S $stage $f -o $out/g.spv"
	[ -n "$glslang" ] || theirs=
	: >"$out/ours"
	: >"$out/theirs"
	failed=
	i=0
	while [ "$i" -lt "$rounds" ]; do
		# every other call runs glslangValidator first
		first=$ours second=$theirs
		if [ $((i % 2)) = 1 ] && [ -n "$theirs" ]; then first=$theirs second=$ours; fi
		# shellcheck disable=SC2086 # $prio is a command prefix or nothing
		if ! $prio hyperfine -N --style none -w 3 -r "$runs" --export-csv "$out/t.csv" "$first" ${second:+"$second"} >/dev/null 2>&1; then
			failed=1
			break
		fi
		if [ "$first" = "$ours" ]; then
			median "$out/t.csv" 1 >>"$out/ours" && echo >>"$out/ours"
			[ -z "$theirs" ] || { median "$out/t.csv" 2 >>"$out/theirs" && echo >>"$out/theirs"; }
		else
			median "$out/t.csv" 2 >>"$out/ours" && echo >>"$out/ours"
			median "$out/t.csv" 1 >>"$out/theirs" && echo >>"$out/theirs"
		fi
		i=$((i + 1))
	done
	if [ -n "$failed" ]; then
		printf '%-28s a command failed: %s / %s\n' "$(basename "$f")" "$ours" "$theirs"
		continue
	fi
	o=$(mid <"$out/ours")
	t=-
	ratio=-
	if [ -n "$glslang" ]; then
		t=$(mid <"$out/theirs")
		ratio=$(awk -v a="$o" -v b="$t" 'BEGIN { printf "%.2fx", b / a }')
		case $f in "$here"/*) echo "$ratio" | tr -d x >>"$out/ratios" ;; esac
	fi
	printf '%-28s %6s %12s %12s %7s\n' "$(basename "$f")" "$(wc -l <"$f")" "$o" "$t" "$ratio"
done
if [ -s "$out/ratios" ]; then
	printf 'median ratio over the corpus: %sx\n' "$(mid <"$out/ratios" | awk '{ printf "%.2f", $1 }')"
fi
