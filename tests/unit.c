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

void unit_cta(wr_cta *c, unsigned threads, uint64_t entry)
{
    wr_config cfg;
    wr_config_init(&cfg, threads);
    cfg.entry_pc = entry;
    ck_assert_msg(wr_cta_init(c, &cfg) == 0, "launch refused: %s", wr_cta_errmsg(c));
}

void unit_step(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o, wr_effect *e)
{
    int rc = wr_step(c, w, in, o, e);
    ck_assert_msg(rc == 0, "wr_step: %s: %s", wr_error_name(wr_cta_error(c)), wr_cta_errmsg(c));
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
