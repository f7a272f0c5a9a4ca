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
# 8bd4ec4's with sector_wb removed).  A change that moves them on
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
colwalk4k|colwalk4k|--write-evict --setassoc-all|e5452e07a0e293dd0c9ae289878dd8e789f2bf0dcdcf68f5ece9b72c9bc6eee9
colwalk8k|colwalk8k||7eaac11e53acec3de276ff9e0690519b237c341990ca43d8f9a429493ac3efa4
colwalkodd|colwalkodd|--write-evict|4e4058f52a51dcd60d1fa4bd202f6a20c1973d0f0a22003e4bb580427140c9c8
strides|strides|--write-evict --dcl1-nodes 8:4:1:64:ipoly,2:4:4:8:linear|081d1182f263db8b0908d75203f57c74ca794b14c95ba4f5bbf3fd90f902e5fe
strides-nodes|strides|--dcl1-nodes 8:4:1:64:ipoly,1:1:1:32:linear,4:2:2:16:linear,2:2:1:4:linear|d98c336a9077e66bbb877da0942344caa3db4f2952b359a82b67685dcaddc41a
strides-small|strides|--setassoc-max-sets 256 --threads 1|dfc606d5e41c8311a89a128615d2663b2d51cc27254d5e40300d01a192c6c519
p-mvt|p-mvt|--write-evict --dcl1-nodes 8:4:1:64:ipoly|e2a4351e3139756be436736edc0050b488fcf30b41b9d9727b6f6fdb52289e7e
p-syr2k|p-syr2k|--setassoc-all|fe6ec1ea3d587613d07bd9bd30b1c166c5cbb96d984d1c2a7838c61b18da74b4
deeplog|deeplog||f9335eafe5b1ef60e4c0e192e2102c0d142fffba53a420fb5ab9affa2f6b7fee
deeplog-small|deeplog|--setassoc-max-sets 64 --threads 1|b5866ef4b2fc6842139a6ed87056f1b213ec1616d7020ea309ee6e0895e0cc8c
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
