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
#endif
