/*
 * check.h -- the tiny assertion harness every tests/test_*.c uses.
 *
 * A check never aborts: it records a failure with the expression, the values, the
 * tolerance and the source of the expected value, so one run reports every problem.
 * check_summary() prints "N passed, N failed" (the line tests/run_all.sh adds up) and
 * returns the exit status.
 */
#ifndef GPUDSE_CHECK_H
#define GPUDSE_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

extern int check_passed_; /* defined in tests/support/check.c */
extern int check_failed_;

void check_record(int ok, const char *file, int line, const char *what, const char *detail);
int check_summary(const char *suite);

/* A condition that must hold. */
#define CHECK(cond, src) \
	check_record(!!(cond), __FILE__, __LINE__, #cond, (src))

/* |got - want| <= tol; src names where `want` comes from. */
#define CHECK_NEAR(got, want, tol, src) do { \
	double g_ = (got), w_ = (want), t_ = (tol); char d_[256]; \
	snprintf(d_, sizeof d_, "got %.9g want %.9g tol %.3g (%s)", g_, w_, t_, (src)); \
	check_record(fabs(g_ - w_) <= t_, __FILE__, __LINE__, #got, d_); } while (0)

/* |got - want| <= rel * |want| */
#define CHECK_REL(got, want, rel, src) do { \
	double g_ = (got), w_ = (want), r_ = (rel); char d_[256]; \
	snprintf(d_, sizeof d_, "got %.9g want %.9g rel %.3g (%s)", g_, w_, r_, (src)); \
	check_record(fabs(g_ - w_) <= r_ * fabs(w_), __FILE__, __LINE__, #got, d_); } while (0)

#define CHECK_INT(got, want, src) do { \
	long long g_ = (got), w_ = (want); char d_[256]; \
	snprintf(d_, sizeof d_, "got %lld want %lld (%s)", g_, w_, (src)); \
	check_record(g_ == w_, __FILE__, __LINE__, #got, d_); } while (0)

#define CHECK_STR(got, want, src) do { \
	const char *g_ = (got), *w_ = (want); char d_[512]; \
	snprintf(d_, sizeof d_, "got \"%s\" want \"%s\" (%s)", g_ ? g_ : "(null)", w_, (src)); \
	check_record(g_ && strcmp(g_, w_) == 0, __FILE__, __LINE__, #got, d_); } while (0)

#endif
