/*
 * test_profile_json.c -- src/profiling/profile_json.c: a full round trip (every field survives
 * save -> load, and a second save is byte-identical), and one trap test per bad input with
 * the exact error line pinned (docs/profile-format.md, "Validation").
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/check.h"
#include "cli.h"
#include "profiling/profile_json.h"
#include "profiling/profiler.h"

static char dir[64];

/* CHECK_STR through plain pointers (the macro's buffer is sized for short strings). */
static void check_str(const char *got, const char *want, const char *src)
{
	CHECK_STR(got, want, src);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	b[fread(b, 1, (size_t)n, f)] = '\0';
	fclose(f);
	return b;
}

/* profile_load(path, load) or profile_save(path, save) with stderr sent to file epath. */
static int quiet(const char *epath, const char *path, profile_t *load, const profile_t *save)
{
	fflush(stderr);
	int saved = dup(2);
	int fd = open(epath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	dup2(fd, 2);
	close(fd);
	int rc = load ? profile_load(path, load) : profile_save(path, save);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	return rc;
}

/* profile_load on text; returns rc, stderr's line in err. */
static int load_text(const char *text, profile_t *p, char *err, size_t errlen)
{
	char path[128], epath[128];
	snprintf(path, sizeof path, "%s/p.json", dir);
	snprintf(epath, sizeof epath, "%s/err", dir);
	write_file(path, text);
	int rc = quiet(epath, path, p, NULL);
	char *e = read_all(epath);
	snprintf(err, errlen, "%s", e ? e : "");
	free(e);
	size_t n = strlen(err);
	if (n && err[n - 1] == '\n')
		err[n - 1] = '\0';
	return rc;
}

static void fill_hist(reuse_hist_t *h, int n, double cold)
{
	h->n = (size_t)n;
	h->lo = malloc((size_t)n * sizeof *h->lo);
	h->hi = malloc((size_t)n * sizeof *h->hi);
	h->count = malloc((size_t)n * sizeof *h->count);
	h->cold = cold;
	h->total = cold;
	for (int i = 0; i < n; i++) {
		h->lo[i] = 64 + 3 * i;
		h->hi[i] = 64 + 3 * i + 3;
		h->count[i] = 0.1 + i / 3.0;           /* not exactly representable in %.15g */
		h->total += h->count[i];
	}
}

static void test_round_trip(void)
{
	/* a profiler-built profile, plus the fields a trace does not give */
	profiler_opts_t o;
	profiler_opts_default(&o);
	o.name = "rt-\"quoted\"";
	o.source = "unit test";
	o.n_nodes = 2;
	o.nodes[0] = (noderec_cfg_t){ 2, 2, 1, SA_IPOLY, 3 };
	o.nodes[1] = (noderec_cfg_t){ 4, 1, 1, SA_LINEAR, 2 };
	profiler_t *pb = profiler_alloc(&o);
	for (int i = 0; i < 5000; i++)
		profiler_access(pb, i % 4, i % 7 == 0, (uint64_t)((i * 37) % 900) * 128, 0);
	int s1[] = { 1, 2 };
	profiler_regs(pb, 0, 0, 1, s1, 2);
	profiler_regs(pb, 0, 0, 2, s1, 2);
	profiler_insts(pb, 0, 9000, 5000, 7000);
	profile_t p, q;
	profiler_finish(pb, &p);
	profiler_free(pb);
	p.n_phases = 2;
	p.phases = calloc(2, sizeof *p.phases);
	p.phases[0].insts = 100;
	p.phases[0].mem_per_inst = 0.25;
	fill_hist(&p.phases[0].reg_rd, 3, 1);
	p.phases[1].insts = 50;
	p.has_comp = 1;
	p.comp_frac[0] = 0.5; p.comp_frac[1] = 0.25; p.comp_frac[2] = 0.25;
	p.has_mlp = 1; p.mlp = 3.5;
	p.has_dep_cycles = 1; p.dep_cycles = 0.1;
	p.n_obs = 1;
	p.obs = calloc(1, sizeof *p.obs);
	snprintf(p.obs[0].gpu, sizeof p.obs[0].gpu, "rtx3080");
	snprintf(p.obs[0].design, sizeof p.obs[0].design, "dcl1_nodes=40");
	snprintf(p.obs[0].metric, sizeof p.obs[0].metric, "ipc");
	p.obs[0].value = 1.0 / 3;
	p.obs[0].sigma = 0.01;
	char path[128], path2[128];
	snprintf(path, sizeof path, "%s/rt.json", dir);
	snprintf(path2, sizeof path2, "%s/rt2.json", dir);
	CHECK_INT(profile_save(path, &p), 0, "save");
	CHECK_INT(profile_load(path, &q), 0, "load what we saved");
	CHECK_STR(q.name, p.name, "name with quotes survives");
	check_str(q.source, p.source, "source");
	CHECK_INT(q.block_bytes, p.block_bytes, "block_bytes");
	CHECK_INT(q.n_sm, p.n_sm, "n_sm");
	CHECK(q.insts == p.insts && q.mem_insts == p.mem_insts && q.sectors == p.sectors, "counts");
	CHECK_INT((long long)q.n_streams, (long long)p.n_streams, "streams");
	int same = 1;
	for (size_t i = 0; i < p.n_streams && i < q.n_streams; i++) {
		const profile_stream_t *a = &p.streams[i], *b = &q.streams[i];
		same &= strcmp(a->name, b->name) == 0 && a->group == b->group && a->accesses == b->accesses
			&& a->writes == b->writes && a->footprint == b->footprint;
		const reuse_hist_t *ha[6] = { &a->sd, &a->rt, &a->cls_sd[0], &a->cls_sd[1], &a->cls_sd[2], &a->cls_sd[3] };
		const reuse_hist_t *hb[6] = { &b->sd, &b->rt, &b->cls_sd[0], &b->cls_sd[1], &b->cls_sd[2], &b->cls_sd[3] };
		for (int k = 0; k < 6; k++) {
			same &= ha[k]->n == hb[k]->n && ha[k]->cold == hb[k]->cold && ha[k]->total == hb[k]->total;
			for (size_t j = 0; same && j < ha[k]->n; j++)
				same &= ha[k]->lo[j] == hb[k]->lo[j] && ha[k]->hi[j] == hb[k]->hi[j]
					&& ha[k]->count[j] == hb[k]->count[j];
		}
	}
	CHECK(same, "every stream histogram identical after the round trip");
	CHECK(q.has_rl && memcmp(q.rl_block_frac, p.rl_block_frac, sizeof q.rl_block_frac) == 0
	      && memcmp(q.rl_access_frac, p.rl_access_frac, sizeof q.rl_access_frac) == 0
	      && memcmp(q.rl_write_frac, p.rl_write_frac, sizeof q.rl_write_frac) == 0, "read levels exact");
	CHECK(q.reg_rd.n == p.reg_rd.n && q.reg_rd.cold == p.reg_rd.cold && q.src_per_inst == p.src_per_inst
	      && q.dst_per_inst == p.dst_per_inst, "registers");
	CHECK(q.n_phases == 2 && q.phases[0].reg_rd.n == 3 && q.phases[0].reg_rd.count[2] == p.phases[0].reg_rd.count[2]
	      && q.phases[1].reg_rd.n == 0 && q.phases[0].mem_per_inst == 0.25, "phases (1/3-ish counts exact)");
	CHECK(q.has_comp && q.comp_frac[0] == 0.5, "compressibility");
	CHECK(q.n_homes == p.n_homes && q.homes[3].n_homes == p.homes[3].n_homes
	      && memcmp(q.homes[3].frac, p.homes[3].frac, (size_t)p.homes[3].n_homes * sizeof(double)) == 0, "homes");
	CHECK(q.n_nodes == 2 && p.n_nodes == 2 && memcmp(q.nodes, p.nodes, 2 * sizeof *p.nodes) == 0, "DC-L1 node records");
	/* the trace cycles through 900 blocks, each always on the same SM (900 = 0 mod 4): one
	 * domain of 4 SMs with 4 x 64 lines misses every access; 2 x (2 homes x 8 sets x 64) lines
	 * hold all 900 (about 56 per set), so only first touches miss; nothing is replicated */
	CHECK(p.n_nodes == 2 && p.nodes[0].accesses == 5000 && p.nodes[0].domains == 2 && p.nodes[1].domains == 1
	      && p.nodes[1].hist[64] == 5000 && p.nodes[0].hist[64] == 900 && p.nodes[0].repl[64] == 0,
	      "node records built by the profiler (closed form)");
	CHECK(q.has_mlp && q.mlp == 3.5 && q.has_dep_cycles && q.dep_cycles == 0.1, "params");
	CHECK(q.n_obs == 1 && strcmp(q.obs[0].design, "dcl1_nodes=40") == 0 && q.obs[0].value == 1.0 / 3
	      && q.obs[0].sigma == 0.01, "observations");
	CHECK_INT(profile_save(path2, &q), 0, "save again");
	char *a = read_all(path), *b = read_all(path2);
	CHECK(a && b && strcmp(a, b) == 0, "second save byte-identical");
	CHECK(a && strlen(a) < 300000, "profiles stay compact (< 300 KB)");
	{
		/* a sampled profile: set-sampled node records keep their sampled sets' own counts
		 * (nodesample.h), which survive the round trip count for count */
		profiler_opts_t os = o;
		os.sample_rate = 0.5;
		os.node_set_rate = 0.5;
		os.n_nodes = 1;
		os.nodes[0] = (noderec_cfg_t){ 1, 1, 1, SA_LINEAR, 3 };
		profiler_t *ps = profiler_alloc(&os);
		for (int i = 0; ps && i < 5000; i++)
			profiler_access(ps, i % 4, i % 7 == 0, (uint64_t)((i * 37) % 900) * 128, 0);
		profile_t sp, sq;
		CHECK(ps && profiler_finish(ps, &sp) == 0, "sampled profile");
		profiler_free(ps);
		CHECK(sp.n_nodes == 1 && sp.nodes[0].sets_sampled == 4 && sp.nodes[0].set_counts, "4 of 8 sets kept");
		double kept = 0;
		for (int k = 0; k < 4 * NODE_SET_ROW && sp.n_nodes == 1; k++)
			kept += k % NODE_SET_ROW <= PROFILE_SA_WAYS ? sp.nodes[0].set_counts[k] : 0;
		CHECK(kept > 0 && kept < 5000, "the sampled sets hold some of the accesses, unscaled");
		CHECK_INT(profile_save(path, &sp), 0, "save sampled");
		CHECK_INT(profile_load(path, &sq), 0, "load sampled");
		CHECK(sq.n_nodes == 1 && sq.nodes[0].sets_sampled == 4
		      && memcmp(sq.nodes[0].set_counts, sp.nodes[0].set_counts, 4 * NODE_SET_ROW * sizeof(double)) == 0
		      && memcmp(sq.nodes[0].hist, sp.nodes[0].hist, sizeof sp.nodes[0].hist) == 0,
		      "sampled sets' counts identical after the round trip");
		profile_free(&sp);
		profile_free(&sq);
	}
	free(a);
	free(b);
	char bad[160];
	snprintf(bad, sizeof bad, "%s/no/such/dir/p.json", dir);
	char err[256];
	int rc = quiet("/dev/null", bad, NULL, &q);
	CHECK_INT(rc, EXIT_USER, "save into a missing directory fails with exit 1");
	(void)err;
	unlink(path);
	unlink(path2);
	profile_free(&p);
	profile_free(&q);
}

#define BASE_HEAD "{\"block_bytes\": 128, \"n_sm\": 2, \"streams\": [{\"name\": \"l1\", \"accesses\": 10,\n"
#define BASE_SD "  \"sd\": {\"cold\": 4, \"bins\": [[0, 1, 2], [2, 3, 4]]}"

#define Z8 ", 0, 0, 0, 0, 0, 0, 0, 0"
#define Z63 Z8 Z8 Z8 Z8 Z8 Z8 Z8 ", 0, 0, 0, 0, 0, 0, 0"
#define Z64 Z63 ", 0"

static void test_traps(void)
{
	profile_t p;
	char err[512], want[512], f[128];
	snprintf(f, sizeof f, "%s/p.json", dir);
	CHECK_INT(load_text(BASE_HEAD BASE_SD "}]}", &p, err, sizeof err), 0, "the base profile is valid");
	CHECK_STR(p.name, "p", "default name: the file name");
	profile_free(&p);
	struct { const char *text, *tail; } t[] = {
		/* negative count */
		{ BASE_HEAD "  \"sd\": {\"cold\": 4, \"bins\": [[0, 1, 10], [2, 3, -4]]}}]}",
		  ".streams[0].sd.bins[1][2]: expected a non-negative number, got -4" },
		/* NaN is not JSON */
		{ BASE_HEAD "  \"sd\": {\"cold\": NaN, \"bins\": []}}]}", "malformed JSON at line 2, column 18" },
		/* empty histogram */
		{ BASE_HEAD "  \"sd\": {\"cold\": 0, \"bins\": []}}]}",
		  ".streams[0].sd: empty histogram (no cold count and no bin with a count)" },
		/* unknown key */
		{ BASE_HEAD BASE_SD ", \"colour\": 1}]}",
		  ".streams[0].colour: unknown key (expected one of: name, group, accesses, writes, footprint, sd, rt, class_sd, sd_we, setassoc, setassoc_we, setassoc_wna, setassoc_deep, sd_exact, sd_sector, sector_sd, sector_sd_w, sector_wb, random_groups)" },
		/* wrong type */
		{ "{\"block_bytes\": 128, \"n_sm\": \"two\", \"streams\": []}",
		  ".n_sm: expected an integer in [1, 1048576], got \"two\"" },
		/* truncated */
		{ BASE_HEAD BASE_SD, "malformed JSON: unexpected end of file (truncated?) at line 2" },
		/* unsorted bins */
		{ BASE_HEAD "  \"sd\": {\"cold\": 4, \"bins\": [[2, 3, 4], [0, 1, 2]]}}]}",
		  ".streams[0].sd.bins[1]: bins must be sorted and disjoint: lo 0 is below the previous bin's hi 3" },
		/* lo >= hi */
		{ BASE_HEAD "  \"sd\": {\"cold\": 4, \"bins\": [[0, 1, 2], [3, 3, 4]]}}]}",
		  ".streams[0].sd.bins[1]: expected lo < hi, got lo 3, hi 3" },
		/* bin not a triple */
		{ BASE_HEAD "  \"sd\": {\"cold\": 4, \"bins\": [[0, 1, 2], [2, 3]]}}]}",
		  ".streams[0].sd.bins[1]: expected an array [lo, hi, count], got an array" },
		/* counts that do not add up */
		{ "{\"block_bytes\": 128, \"n_sm\": 2, \"streams\": [{\"name\": \"l1\", \"accesses\": 11,\n" BASE_SD "}]}",
		  ".streams[0].accesses: 11 does not match the sd histogram's total 10" },
		/* no l1 */
		{ "{\"block_bytes\": 128, \"n_sm\": 2, \"streams\": [{\"name\": \"global\", \"accesses\": 10,\n" BASE_SD "}]}",
		  ".streams: no \"l1\" stream (required)" },
		/* bad stream name */
		{ "{\"block_bytes\": 128, \"n_sm\": 2, \"streams\": [{\"name\": \"group:x\", \"accesses\": 10,\n" BASE_SD "}]}",
		  ".streams[0].name: expected \"l1\", \"global\" or \"group:G\" with an integer G >= 2, got \"group:x\"" },
		/* missing required */
		{ "{\"n_sm\": 2, \"streams\": []}", ".block_bytes: missing (required)" },
		/* fractions not summing to 1 */
		{ BASE_HEAD BASE_SD "}], \"compressibility\": {\"high\": 0.5, \"low\": 0.4, \"none\": 0.2}}",
		  ".compressibility: fractions must sum to 1, got 1.1" },
		/* huge number = inf */
		{ BASE_HEAD "  \"sd\": {\"cold\": 1e999, \"bins\": []}}]}",
		  ".streams[0].sd.cold: expected a non-negative number, got inf" },
		/* duplicate key */
		{ "{\"block_bytes\": 128, \"block_bytes\": 64, \"n_sm\": 2, \"streams\": []}",
		  ".block_bytes: duplicate key" },
		/* a node record replicating more misses than it has */
		{ BASE_HEAD BASE_SD "}], \"dcl1_nodes\": [{\"group\": 1, \"homes\": 1, \"gran\": 1, \"index\": \"linear\", "
		  "\"log_sets\": 0, \"write\": \"allocate\", \"domains\": 2, \"hist\": [5" Z64 "], \"repl\": [0, 1" Z63 "]}]}",
		  ".dcl1_nodes[0].repl[1]: 1 replicated misses, more than the 0 misses at 1 ways" },
		{ BASE_HEAD BASE_SD "}], \"dcl1_nodes\": [{\"group\": 1, \"homes\": 1, \"gran\": 1, \"index\": \"xor\", "
		  "\"log_sets\": 0, \"write\": \"allocate\", \"domains\": 2, \"hist\": [5" Z64 "], \"repl\": [0" Z64 "]}]}",
		  ".dcl1_nodes[0].index: expected \"linear\" or \"ipoly\", got \"xor\"" },
		/* a set-sampled node record whose sampled sets do not give its counts (nodesample.h) */
		{ BASE_HEAD BASE_SD "}], \"dcl1_nodes\": [{\"group\": 1, \"homes\": 1, \"gran\": 1, \"index\": \"linear\", "
		  "\"log_sets\": 1, \"write\": \"allocate\", \"domains\": 2, \"hist\": [5" Z64 "], \"repl\": [0" Z64 "], "
		  "\"sampled_sets\": [{\"hist\": [0" Z63 ", 4], \"repl\": [0" Z64 "]}]}]}",
		  ".dcl1_nodes[0].hist[0]: 5, but the sampled sets give 0 (their sum x accesses / their accesses)" },
		{ BASE_HEAD BASE_SD "}], \"dcl1_nodes\": [{\"group\": 1, \"homes\": 1, \"gran\": 1, \"index\": \"linear\", "
		  "\"log_sets\": 0, \"write\": \"allocate\", \"domains\": 2, \"hist\": [5" Z64 "], \"repl\": [0" Z64 "], "
		  "\"sampled_sets\": [{\"hist\": [5" Z64 "], \"repl\": [0" Z64 "]}, {\"hist\": [5" Z64 "], \"repl\": [0" Z64 "]}]}]}",
		  ".dcl1_nodes[0].sampled_sets: expected an array of 1 to 1 sampled sets (2^log_sets), got an array" },
		{ BASE_HEAD BASE_SD "}], \"dcl1_nodes\": [{\"group\": 1, \"homes\": 1, \"gran\": 1, \"index\": \"linear\", "
		  "\"log_sets\": 1, \"write\": \"allocate\", \"domains\": 2, \"hist\": [5" Z64 "], \"repl\": [0" Z64 "], "
		  "\"sampled_sets\": [{\"hist\": [4" Z64 "], \"repl\": [0, 1" Z63 "]}]}]}",
		  ".dcl1_nodes[0].sampled_sets[0].repl[1]: 1 replicated misses, more than the 0 misses at 1 ways" },
		/* random groups (profile_rgroups_t) that do not fit their stream */
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 1, \"writes\": [0], \"sd\": [[4, 2, 4]]}}]}",
		  ".streams[0].random_groups.k: expected an integer in [2, 64], got 1" },
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [0, 0], \"sd\": [[2, 1, 2], [2, 1]]}}]}",
		  ".streams[0].random_groups.sd[1]: expected 3 counts (cold, then one per bin of the histogram)" },
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [0, 0], \"sd\": [[2, 1, 2], [2, 1, 3]]}}]}",
		  ".streams[0].random_groups.sd: the groups' counts do not scale to the histogram's (bin 1: 5 x 0.8, elsewhere x 1)" },
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [0, 0], \"sd\": [[2, 1, 2], [2, 1, 2]], "
		  "\"rt\": [[2, 1, 2], [2, 1, 2]]}}]}",
		  ".streams[0].random_groups.rt: the stream has no such histogram" },
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [0, 0]}}]}",
		  ".streams[0].random_groups.sd: missing: the stream has this histogram, so its random groups need it" },
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [6, 0], \"sd\": [[2, 1, 2], [2, 1, 2]]}}]}",
		  ".streams[0].random_groups.writes[0]: 6 writes exceed the group's 5 accesses (its sd row)" },
		{ BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [0, 0], \"sd\": [[2, 1, 2], [2, 1, 2]], \"n\": 1}}]}",
		  ".streams[0].random_groups.n: unknown key (expected one of: k, writes, sd, rt, sd_we, class_sd)" },
		/* top level not an object */
		{ "[1, 2]", ".: expected an object, got an array" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		int rc = load_text(t[i].text, &p, err, sizeof err);
		snprintf(want, sizeof want, "gpudse: %s: %s", f, t[i].tail);
		CHECK_INT(rc, EXIT_USER, "bad profile: exit 1");
		check_str(err, want, "pinned error line");
		CHECK(p.n_streams == 0 && p.streams == NULL, "profile left zeroed on failure");
	}
	/* valid random groups load, and save and load back unchanged */
	CHECK_INT(load_text(BASE_HEAD BASE_SD ", \"random_groups\": {\"k\": 2, \"writes\": [1, 0], "
			    "\"sd\": [[2, 1, 2], [2, 0, 2]]}}]}", &p, err, sizeof err), 0, "random groups that fit load");
	CHECK(p.streams && p.streams[0].rg && p.streams[0].rg->k == 2 && p.streams[0].rg->sd[4] == 0 &&
	      p.streams[0].rg->writes[0] == 1 && !p.streams[0].rg->rt, "the random groups' rows as written");
	char rgf[128];
	snprintf(rgf, sizeof rgf, "%s/rg.json", dir);
	profile_t q;
	memset(&q, 0, sizeof q);
	CHECK_INT(profile_save(rgf, &p), 0, "save random groups");
	CHECK_INT(profile_load(rgf, &q), 0, "load them back");
	int same = q.n_streams == 1 && q.streams[0].rg && q.streams[0].rg->k == 2;
	for (int i = 0; i < 6 && same; i++)
		same = q.streams[0].rg->sd[i] == p.streams[0].rg->sd[i];
	CHECK(same, "random groups round trip");
	profile_free(&q);
	profile_free(&p);
	char missing[128];
	snprintf(missing, sizeof missing, "%s/none.json", dir);
	char epath[128];
	snprintf(epath, sizeof epath, "%s/err", dir);
	CHECK_INT(quiet(epath, missing, &p, NULL), EXIT_USER, "missing file");
	char *e = read_all(epath);
	snprintf(want, sizeof want, "gpudse: %s: No such file or directory\n", missing);
	check_str(e, want, "missing file names the file");
	free(e);
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/gpudse-pj-XXXXXX");
	if (!mkdtemp(dir))
		return 2;
	test_round_trip();
	test_traps();
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		return 2;
	return check_summary("profile_json");
}
