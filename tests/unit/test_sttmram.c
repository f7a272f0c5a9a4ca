/*
 * test_sttmram.c -- models/sttmram.c: capacities against §V-B's percentages, Table I energy and
 * leakage points, and the STT bank's blocking against closed forms and a seeded event simulation
 * of the bank (Poisson arrivals, deterministic per-type service, finite queue).
 */
#include <math.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "support/check.h"
#include "queue.h"
#include "sttmram.h"

/* Event simulation of one server with a queue of `room` waiting slots (K = room + 1): Poisson
 * arrivals of rate lam, a fraction pw of them writes (service tw), the rest reads (tr).
 * Returns the fraction of arrivals that find the system full. */
static double sim_block(gsl_rng *r, double lam, double pw, double tr, double tw, int room, long n)
{
	double t = 0.0, dep[64];  /* departure times of the customers in the system, FIFO */
	int in = 0;
	long blocked = 0;
	for (long i = 0; i < n; i++) {
		t += gsl_ran_exponential(r, 1.0 / lam);
		while (in > 0 && dep[0] <= t) {        /* departures before this arrival */
			for (int j = 1; j < in; j++)
				dep[j - 1] = dep[j];
			in--;
		}
		if (in >= room + 1) {
			blocked++;
			continue;
		}
		double s = gsl_rng_uniform(r) < pw ? tw : tr;
		double start = in > 0 ? dep[in - 1] : t;
		dep[in++] = start + s;
	}
	return (double)blocked / n;
}

int main(void)
{
	stt_tech_t t;
	stt_tech_default(&t);
	stt_split_t s, half;
	double l1 = 32768;
	CHECK_INT(stt_split(&t, l1, 0.5, &half), 0, "valid");
	CHECK_NEAR(half.sram_bytes, 16384, 1e-9, "Table I: 16 KB SRAM");
	CHECK_REL(half.stt_bytes, 16384 * 140.0 / 36.0, 1e-12, "16 KB of SRAM area as STT: 62.2 KB (Table I: 64)");
	/* §V-B: 1/16, 1/8, 1/4 give +53%, +45%, +30% capacity over 1/2; 3/4 gives -30% */
	double frac[] = { 1.0 / 16, 1.0 / 8, 1.0 / 4, 3.0 / 4 }, paper[] = { 0.53, 0.45, 0.30, -0.30 };
	for (int i = 0; i < 4; i++) {
		CHECK_INT(stt_split(&t, l1, frac[i], &s), 0, "valid");
		CHECK_NEAR(s.total_bytes / half.total_bytes - 1.0, paper[i], 0.015, "§V-B capacity change");
	}
	CHECK_INT(stt_split(&t, l1, 0.0, &s), 0, "pure STT");
	CHECK_REL(s.gain, 140.0 / 36.0, 1e-12, "By-NVM: ~4x density (§II-B)");
	CHECK_INT(stt_split(&t, l1, 1.5, &s), -1, "s > 1 rejected");
	CHECK_INT(stt_split(&t, 0, 0.5, &s), -1, "empty L1 rejected");

	CHECK_NEAR(stt_access_nj(&t, 16, 0, 0), 0.09, 1e-12, "Table I SRAM read, 16 KB");
	CHECK_NEAR(stt_access_nj(&t, 64, 1, 1), 2.4, 1e-12, "Table I STT write, 64 KB");
	CHECK_NEAR(stt_access_nj(&t, 32, 0, 0), 0.15, 0.02, "Table I L1-SRAM 32 KB read 0.15 nJ");
	CHECK_NEAR(stt_access_nj(&t, 32, 0, 1), 0.12, 0.02, "Table I L1-SRAM 32 KB write 0.12 nJ");
	CHECK_NEAR(stt_leak_mw(&t, 32, 0), 58, 1e-9, "Table I L1-SRAM leakage");
	CHECK_NEAR(stt_leak_mw(&t, 16, 0), 36, 1e-9, "Table I hybrid SRAM leakage");
	CHECK_NEAR(stt_leak_mw(&t, 128, 1), 2.8, 1e-9, "Table I By-NVM leakage");
	CHECK_NEAR(stt_leak_mw(&t, 0, 1), 0, 0, "no bank, no leakage");

	/* Blocking. */
	stt_load_t in = { .lam_read = 0.05, .lam_probe = 0.05, .lam_write = 0.04, .lam_evict = 0.03,
	                  .lam_update = 0.005, .t_read = 1, .t_probe = 1, .t_write = 5,
	                  .nonblocking = 0, .tag_queue = 16, .swap_buffer = 3 };
	stt_block_t hy, fu;
	CHECK_INT(stt_block_eval(&in, &hy), 0, "valid");
	double rho = 0.05 + 0.05 + 0.04 * 5;
	CHECK_NEAR(hy.rho, rho, 1e-12, "offered load");
	CHECK_NEAR(hy.p_block_tq, rho / (1 + rho), 1e-9, "M/G/1/1 loss: rho / (1 + rho)");
	CHECK_NEAR(hy.stall_per_write, 5, 0, "Hybrid: each STT write stalls the L1 for its latency");
	in.nonblocking = 1;
	CHECK_INT(stt_block_eval(&in, &fu), 0, "valid");
	CHECK(fu.p_block_tq < 1e-6, "16-entry tag queue at rho 0.3 almost never fills");
	CHECK(fu.stall_per_cycle < 0.2 * hy.stall_per_cycle, "tag queue + swap buffer hide most stalls (§V: -78%)");
	CHECK(fu.wait > 0 && fu.wait < 5, "accepted requests wait a little");
	/* heavier load: blocking grows, monotone */
	double prev = -1;
	int mono = 1;
	for (double w = 0.02; w <= 0.3; w += 0.02) {
		in.lam_write = w;
		in.lam_evict = 0.75 * w;
		CHECK_INT(stt_block_eval(&in, &fu), 0, "valid");
		mono &= fu.stall_per_cycle >= prev;
		prev = fu.stall_per_cycle;
	}
	CHECK(mono, "FUSE stalls grow with STT write rate");
	CHECK_NEAR(fu.p_block_tq, 1.0 - 1.0 / fu.rho, 0.02, "rho > 1: throughput capped at 1/s, p_block ~ 1 - 1/rho");
	in.lam_read = in.lam_probe = in.lam_write = in.lam_evict = in.lam_update = 0;
	CHECK_INT(stt_block_eval(&in, &fu), 0, "valid");
	CHECK_NEAR(fu.stall_per_cycle, 0, 0, "no traffic, no stall");
	in.lam_read = -1;
	CHECK_INT(stt_block_eval(&in, &fu), -1, "negative rate rejected");

	/* Blocking probability vs an event simulation of the mixed-service bank.  The model feeds
	 * the service mixture to the embedded chain: within 10% relative (absolute 0.005). */
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 4242);
	struct { double lam, pw; int room; } cs[] = {
		{ 0.20, 0.25, 0 },  { 0.15, 0.5, 2 }, { 0.30, 0.4, 4 }, { 0.35, 0.5, 16 }, { 0.45, 0.5, 16 },
	};
	for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
		stt_load_t l = { .lam_read = cs[i].lam * (1 - cs[i].pw), .lam_probe = 0,
		                 .lam_write = cs[i].lam * cs[i].pw, .t_read = 1, .t_probe = 1, .t_write = 5,
		                 .nonblocking = cs[i].room > 0, .tag_queue = cs[i].room, .swap_buffer = 3 };
		stt_block_t b;
		CHECK_INT(stt_block_eval(&l, &b), 0, "valid");
		double got = sim_block(r, cs[i].lam, cs[i].pw, 1, 5, cs[i].room, 400000);
		CHECK(fabs(b.p_block_tq - got) <= fmax(0.005, 0.10 * got), "M/D/1/K blocking vs event simulation");
		printf("  lam %.2f pw %.2f K %d: model p_block %.4f, simulation %.4f\n", cs[i].lam, cs[i].pw,
		       cs[i].room + 1, b.p_block_tq, got);
	}
	gsl_rng_free(r);
	/* with one request type the mixture chain is queue.h's M/D/1/K */
	{
		stt_load_t l = { .lam_read = 0, .lam_probe = 0, .lam_write = 0.15, .t_read = 1, .t_probe = 1,
		                 .t_write = 5, .nonblocking = 1, .tag_queue = 16, .swap_buffer = 3 };
		stt_block_t b;
		queue_md1k_t q;
		CHECK_INT(stt_block_eval(&l, &b), 0, "valid");
		CHECK_INT(queue_md1k(0.15, 5, 17, &q), 0, "valid");
		CHECK_NEAR(b.p_block_tq, q.p_block, 1e-9, "single type: equals queue_md1k");
		CHECK_NEAR(b.wait, q.wait, 1e-6, "single type: same wait");
	}
	return check_summary("sttmram");
}
