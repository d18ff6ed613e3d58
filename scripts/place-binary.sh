#!/bin/sh
# place-binary.sh SRC DST: copies the command SRC to DST (replacing it
# atomically), written in one piece.
#
# Why: Linux keeps a file written by one large write(2) in the page cache
# in 2 MB folios (ext4, xfs and tmpfs-backed files on kernels with large
# folios, 6.x), and maps such folios of an executable with 2 MB pages:
# the command's code and read-only data then take a handful of page
# faults and TLB entries instead of hundreds. The Go linker writes its
# output through a shared mapping, page by page, and cp, install and cat
# copy in chunks of at most a few hundred KB, so their copies are cached
# in small folios. A cold compile of a typical shader takes about a fifth
# less CPU from a binary placed this way (test/bench/README.md). The
# benefit lasts while the page cache keeps the file; once evicted, the
# file is read back in small folios and runs as a copy would.
set -eu
src=$1
dst=$2
tmp="$dst.place.$$"
trap 'rm -f "$tmp" "$tmp.log"' EXIT
# one read and one write of the whole file (commands are well under 256
# MB); dd's transfer statistics are dropped, its errors shown
if ! dd if="$src" of="$tmp" bs=268435456 2>"$tmp.log"; then
	cat "$tmp.log" >&2
	exit 1
fi
chmod 755 "$tmp"
mv -f "$tmp" "$dst"
