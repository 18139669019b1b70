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

void unit_step(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o, wr_retire *e)
{
    int rc = wr_step(c, w, in, o, e);
    ck_assert_msg(rc == 0, "wr_step: %s: %s", wr_error_name(wr_cta_error(c)), wr_cta_errmsg(c));
}

void check_events(const wr_retire *e, const ev *x, unsigned n, int line)
{
    ck_assert_msg(e->nev == n, "line %d: %u events, expected %u", line, e->nev, n);
    for (unsigned i = 0; i < n; i++)
        ck_assert_msg(e->ev[i].kind == x[i].kind && e->ev[i].code == x[i].code &&
                      e->ev[i].value == x[i].value,
                      "line %d: event %u is {kind %u, code %u, value 0x%x}, expected "
                      "{kind %u, code %u, value 0x%x}", line, i, e->ev[i].kind,
                      e->ev[i].code, e->ev[i].value, x[i].kind, x[i].code, x[i].value);
}

const wr_write *rec_write(const wr_retire *r, unsigned kind, int w, unsigned n)
{
    for (unsigned i = 0; i < r->nwrites; i++) {
        const wr_write *e = &r->write[i];
        if (e->kind == kind && (w < 0 || e->warp == (unsigned)w) && n-- == 0)
            return e;
    }
    return NULL;
}

static const wr_write *rd_lo(const wr_retire *r) { return rec_write(r, WR_WRITE_GPR, (int)r->warp, 0); }
static const wr_write *rd_hi(const wr_retire *r) { return rec_write(r, WR_WRITE_GPR, (int)r->warp, 1); }
static const wr_write *pd_w(const wr_retire *r) { return rec_write(r, WR_WRITE_PRED, (int)r->warp, 0); }
static const wr_write *ur_w(const wr_retire *r) { return rec_write(r, WR_WRITE_UR, (int)r->warp, 0); }

uint32_t rec_rd_mask(const wr_retire *r) { return rd_lo(r) ? rd_lo(r)->lanes : 0; }
unsigned rec_rd(const wr_retire *r) { return rd_lo(r) ? rd_lo(r)->index : WR_RZ; }
int rec_rd_pair(const wr_retire *r) { return rd_hi(r) != NULL; }

uint64_t rec_rd_val(const wr_retire *r, unsigned l)
{
    const wr_write *lo = rd_lo(r), *hi = rd_hi(r);
    uint64_t v = lo ? wr_write_value(lo, l) : 0;
    if (hi)
        v |= (uint64_t)wr_write_value(hi, l) << 32;
    return v;
}

uint32_t rec_rd_undef(const wr_retire *r)
{
    const wr_write *lo = rd_lo(r), *hi = rd_hi(r);
    return (lo ? wr_write_undefined(lo) : 0) | (hi ? wr_write_undefined(hi) : 0);
}

uint64_t rec_rd_dc(const wr_retire *r)
{
    const wr_write *lo = rd_lo(r), *hi = rd_hi(r);
    uint64_t dc = 0;
    for (unsigned l = 0; l < WR_LANES; l++) {
        dc |= lo ? wr_write_dc(lo, l) : 0;
        dc |= hi ? (uint64_t)wr_write_dc(hi, l) << 32 : 0;
    }
    return dc;
}

uint32_t rec_pd_mask(const wr_retire *r) { return pd_w(r) ? pd_w(r)->lanes : 0; }
unsigned rec_pd(const wr_retire *r) { return pd_w(r) ? pd_w(r)->index : WR_PT; }
uint32_t rec_pd_val(const wr_retire *r) { return pd_w(r) ? pd_w(r)->value[0] & pd_w(r)->lanes : 0; }
uint32_t rec_pd_undef(const wr_retire *r) { return pd_w(r) ? wr_write_undefined(pd_w(r)) : 0; }
int rec_pd_dc(const wr_retire *r) { return rec_pd_undef(r) != 0; }
int rec_ur_write(const wr_retire *r) { return ur_w(r) != NULL; }
unsigned rec_urd(const wr_retire *r) { return ur_w(r) ? ur_w(r)->index : WR_URZ; }
uint32_t rec_ur_val(const wr_retire *r) { return ur_w(r) ? ur_w(r)->value[0] : 0; }

uint32_t rec_bars(const wr_retire *r)
{
    uint32_t m = 0;
    for (const wr_write *e; (e = rec_write(r, WR_WRITE_BARRIER, -1, (unsigned)__builtin_popcount(m)));)
        m |= 1u << e->index;
    return m;
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
