#!/usr/bin/env bash
# cli_profile_identity.sh -- the exact profile of fixed traces is byte-identical to the one the
# profiler wrote before its set-associative records were reworked for speed (issue 17): the
# records are exact counts, so a faster representation must not change a single byte.  The
# expected digests are sha256 of each profile without its "source" line (it names the temp
# file), written by the list-based records of commit 6b6e856 (the deeplog rows by main 9ed5cd5, before
# the 16-byte sets, batched level-by-level updates and deep logs of the perf17 branch) (the p-mvt and p-syr2k rows re-pinned when
# main's generators gained a per-access field: the profile of every fixed trace was unchanged; and
# again when the text reader began feeding the sectored-cache record from the SECTORS field those
# two traces carry: their profiles gained streams' sector_sd / sector_sd_w, every other byte
# unchanged, checked field by field against main's; and again when the global stream gained its
# stores-only sector record sector_sd_w (2026-11-26): that field is the only difference; and again
# when it gained the write-back record sector_wb (2026-11-27): the JSON of both, parsed, equal to
# 8bd4ec4's with sector_wb removed); and every row again when the shape gained the sharing-degree
# record .shape.sharers (2026-11-27; per block for the text traces without SECTORS,
# src/profiling/line_sharers.h): the JSON of each, parsed, equal to 3a370b4's with
# .shape.sharers removed).  A change that moves them on
# purpose (a new profile field) must say so and re-pin them (IDENTITY_PRINT=1 prints the new
# table).  Traces: column walks of a 2D array (4 KB, 8 KB and odd pitch), power-of-two strides
# mixed with random reuse, and generator kernels with transposed walks (p-mvt, p-syr2k).
. "$(dirname "$0")/cli_lib.sh"
T=$CLI_TMP

awk 'BEGIN{for(p=0;p<4;p++)for(c=0;c<128;c++)for(r=0;r<64;r++){sm=(r+c)%4; printf "%d %s %x\n", sm, (r%7==0?"W":"R"), r*4096+c*4}}' >"$T/colwalk4k.trace"
awk 'BEGIN{for(p=0;p<3;p++)for(c=0;c<64;c++)for(r=0;r<96;r++){printf "%d R %x\n", r%8, r*8192+c*4+0x100000}}' >"$T/colwalk8k.trace"
awk 'BEGIN{for(p=0;p<6;p++)for(c=0;c<64;c++)for(r=0;r<100;r++){printf "%d %s %x\n", c%3, (c%5==0?"W":"R"), r*4100+c*4}}' >"$T/colwalkodd.trace"
# deterministic mix without awk's rand (implementations differ): an LCG
awk 'BEGIN{x=12345; for(i=0;i<60000;i++){x=(x*1103515245+12345)%2147483648; s=x%16; m=int(x/16)%4; w=(int(x/64)%5==0);
	if(m==0) a=(i%300)*65536; else if(m==1) a=(int(x/256)%20000)*128; else a=(i%5000)*128;
	printf "%d %s %x\n", s, (w?"W":"R"), a}}' >"$T/strides.trace"
# two SMs over 1500-3000 blocks with 4 KB strides and loops: the 512-entry deep lists fill (places
# of 256 and more, misses at 512), so their logs are compacted and full lists drop their oldest;
# 120000 accesses: the global stream's batch is flushed mid-item (setstack_flush, 8192 accesses)
awk 'BEGIN{x=777; for(i=0;i<120000;i++){x=(x*1103515245+12345)%2147483648; m=int(x/65536)%4; w=(int(x/16)%7==0);
	if(m==0) a=(i%1500)*128; else if(m==1) a=(int(x/256)%3000)*128; else if(m==2) a=(int(x/512)%40)*4096; else a=(i%700)*256;
	printf "%d %s %x\n", int(x/1024)%2, (w?"W":"R"), a}}' >"$T/deeplog.trace"
"$GPUDSE" trace p-mvt --size 256 --no-regs -o "$T/p-mvt.trace" && cli_ok || cli_bad "trace p-mvt"
"$GPUDSE" trace p-syr2k --size 32 --no-regs -o "$T/p-syr2k.trace" && cli_ok || cli_bad "trace p-syr2k"

# NAME|TRACE|OPTIONS|SHA256
cases='
colwalk4k|colwalk4k|--write-evict --setassoc-all|e87887811034f89f874ed67f00461fa2b646a467ff87a5a2ae092b48592fbc9b
colwalk8k|colwalk8k||d7b890c97518c81919518ff1fadcc26ba48b8399209b9fe3e25424057bc25e3e
colwalkodd|colwalkodd|--write-evict|28c970d64630a03dfc9efbdd28ebe894d25383fdbf0149a13d09b991c002a321
strides|strides|--write-evict --dcl1-nodes 8:4:1:64:ipoly,2:4:4:8:linear|f0001c04abce13e521e9c517d9cdf27029629d952ee64084e8bc663bdf683dc7
strides-nodes|strides|--dcl1-nodes 8:4:1:64:ipoly,1:1:1:32:linear,4:2:2:16:linear,2:2:1:4:linear|3f52fae6023faf2183c60d8ec82119ceef3fee50e3e80de77360662bad5e5b37
strides-small|strides|--setassoc-max-sets 256 --threads 1|207749d2410050857ac9b49178d33039d503f134338c98e10e5a564251402e91
p-mvt|p-mvt|--write-evict --dcl1-nodes 8:4:1:64:ipoly|4da0ddc05506f7d980dcba62a8fbf7fdd1848ad2d183e40f6fa422f652109bcf
p-syr2k|p-syr2k|--setassoc-all|d0f25650713da147826cf951e492b0850bc5a78031ed14c512065c4036c14a92
deeplog|deeplog||d0f2edf1cc5d0905567d826379faede3f94f7b747a9ff10900225365c3d1aee4
deeplog-small|deeplog|--setassoc-max-sets 64 --threads 1|6f77608317b3b8b60d112e90cd399c32692f4b851f3019081165c771267d1a90
'
while IFS='|' read -r name trace opts sha; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2086
	if ! "$GPUDSE" profile "$T/$trace.trace" -o "$T/$name.json" --name "$name" $opts >/dev/null 2>"$T/err"; then
		cli_bad "profile $name: $(head -c 300 "$T/err")"
		continue
	fi
	got=$(grep -v '^  "source": ' "$T/$name.json" | sha256sum | cut -c1-64)
	if [ -n "${IDENTITY_PRINT:-}" ]; then echo "$name|$trace|$opts|$got"; fi
	expect_eq "profile $name ($opts) byte-identical" "$got" "$sha"
	# the SSE2 list moves (x86-64's baseline) on an AVX2 machine too: GPUDSE_NO_AVX2
	# (src/profiling/setstack.c use_avx2) gives the same bytes
	# shellcheck disable=SC2086
	if ! GPUDSE_NO_AVX2=1 "$GPUDSE" profile "$T/$trace.trace" -o "$T/$name-sse2.json" --name "$name" $opts >/dev/null 2>"$T/err"; then
		cli_bad "profile $name (GPUDSE_NO_AVX2): $(head -c 300 "$T/err")"
		continue
	fi
	got=$(grep -v '^  "source": ' "$T/$name-sse2.json" | sha256sum | cut -c1-64)
	expect_eq "profile $name ($opts) byte-identical without AVX2" "$got" "$sha"
done <<<"$cases"
cli_done
