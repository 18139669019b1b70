/* unit.h - shared helpers of the Check suites. */
#ifndef WARPREF_TESTS_UNIT_H
#define WARPREF_TESTS_UNIT_H
#include <check.h>
#include "warpref.h"

/* Each test file defines this: its suites, added to the runner. */
void unit_add_suites(SRunner *sr);
Suite *unit_suite(const char *name);   /* convenience: suite_create */

/* An instruction of `form` with every field at its default, then the
 * caller sets fields: insn.f[WR_F_BARID] = 3. */
wr_insn unit_insn(wr_form form);

/* @{!}Pg: guard `in` on P<pg> (negated if `not`); its lane values go in ops.pg */
wr_insn unit_guard(wr_insn in, unsigned pg, int not);

/* wr_cta_init with the default configuration of `threads` threads and every
 * warp at `entry`; fails the test if the launch is refused */
void unit_cta(wr_cta *c, unsigned threads, uint64_t entry);

/* wr_step, which must accept the call (the warp is ready) and report no
 * error: a broken model invariant (checks are on in test builds) or an
 * event past the capacity fails the test with the model's message */
void unit_step(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o, wr_effect *e);
#endif
