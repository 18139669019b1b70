/* unit.c - the one Check runner main shared by every unit-test executable. */
#include <stdlib.h>
#include "unit.h"

Suite *unit_suite(const char *name) { return suite_create(name); }

wr_insn unit_insn(wr_form form)
{
    wr_insn insn;
    wr_insn_init(&insn, form);
    return insn;
}

wr_insn unit_guard(wr_insn in, unsigned pg, int not)
{
    in.f[WR_F_PG] = pg;
    in.f[WR_F_PG_NOT] = not;
    return in;
}

void unit_step(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o, wr_effect *e)
{
    ck_assert_int_eq(wr_step(c, w, in, o, e), 0);
}

int main(void)
{
    SRunner *sr = srunner_create(NULL);
    unit_add_suites(sr);
    srunner_run_all(sr, CK_ENV);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
