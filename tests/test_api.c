/* test_api.c - the model's contract with its drivers: the launch
 * configuration, errors as values (never an abort), events never dropped
 * silently. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"

#define ALL_LANES 0xffffffffu

/* ---- launch configuration -------------------------------------------------- */

START_TEST(config_defaults)
{
    wr_config cfg;
    wr_config_init(&cfg, 64);
    ck_assert_uint_eq(cfg.threads, 64);
    ck_assert_uint_eq(cfg.profile, WR_PROFILE_NATIVE);
    ck_assert_uint_eq(cfg.operand_mode, WR_OPERANDS_SELF);
    cfg.entry_pc = 0x40;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    ck_assert_uint_eq(c.nwarps, 2);
    ck_assert_uint_eq(c.nbars, 16);                 /* the native profile's */
    ck_assert_uint_eq(c.bar_id_mask, 0xf);          /* N-30: id = [3:0] */
    ck_assert_uint_eq(c.max_events, 16 + 8);
    ck_assert_uint_eq(c.warp[1].active_pc, 0x40);
    ck_assert_str_eq(wr_profile_name(c.profile), "native");
    ck_assert_str_eq(wr_operand_mode_name(WR_OPERANDS_DRIVEN), "driven");
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_NONE);
    ck_assert_str_eq(wr_cta_errmsg(&c), "");
}
END_TEST

static void expect_config_error(const wr_config *cfg, const char *what)
{
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, cfg), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CONFIG);
    ck_assert_msg(strstr(wr_cta_errmsg(&c), what) != NULL, "want '%s' in '%s'", what, wr_cta_errmsg(&c));
}

START_TEST(config_errors)
{
    wr_config cfg;
    wr_config_init(&cfg, 0);
    expect_config_error(&cfg, "thread count 0 out of range");
    cfg.threads = 1025;
    expect_config_error(&cfg, "thread count 1025");
    cfg.threads = 32;
    cfg.nbarriers = 8;
    expect_config_error(&cfg, "native has 16 barriers, not 8");
    cfg.nbarriers = 16;
    cfg.profile = WR_PROFILE_COUNT;
    expect_config_error(&cfg, "no profile");
    cfg.profile = WR_PROFILE_NATIVE;
    cfg.max_events = WR_MAX_EVENTS + 1;
    expect_config_error(&cfg, "event capacity");
    cfg.max_events = 0;
    cfg.operand_mode = WR_OPERAND_MODE_COUNT;
    expect_config_error(&cfg, "no operand mode");
}
END_TEST

/* ---- errors are values ------------------------------------------------------ */

START_TEST(step_refuses_bad_calls)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    wr_operands o = ops0();
    ck_assert_int_eq(wr_step(&c, 1, &nop, &o, &e), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CALL);
    ck_assert_str_eq(wr_cta_errmsg(&c), "no warp 1");
    wr_insn bad = nop;
    bad.optype = WR_OPT_BAR;                        /* not NOP_X's optype */
    ck_assert_int_eq(wr_step(&c, 0, &bad, &o, &e), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CALL);
    ck_assert_ptr_nonnull(strstr(wr_cta_errmsg(&c), "not an instruction of the table"));
    bad.form = WR_FORM_COUNT;
    ck_assert_int_eq(wr_step(&c, 0, &bad, &o, &e), -1);
    ck_assert_uint_eq(c.warp[0].active_pc, 0);      /* nothing ran */
    ck_assert_str_eq(wr_error_name(WR_ERR_CALL), "CALL");

    /* the codec's helpers do not abort on bad arguments either */
    wr_insn none;
    wr_insn_init(&none, WR_FORM_COUNT);
    wr_word w = { { 1, 2, 3, 4 } };
    ck_assert_int_eq(wr_encode(&none, &w, NULL, 0), -1);
    ck_assert_int_eq(wr_step(&c, 0, &none, &o, &e), -1);
    ck_assert_uint_eq(wr_field_get(&w, 120, 16), 0);   /* past bit 127 */
    wr_field_set(&w, 0, 65, 7);                         /* too wide: nothing written */
    ck_assert_uint_eq(w.w[0], 0);
}
END_TEST

START_TEST(broken_invariant_is_returned)
{
    /* a driver hands the model a state that breaks an invariant: the next
     * step reports it instead of aborting the simulator */
    wr_config cfg;
    wr_config_init(&cfg, 64);
    cfg.checks = WR_CHECKS_ON;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    c.warp[0].active = 0;                           /* ready with no active lane */
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    wr_operands o = ops0();
    wr_retire e;
    ck_assert_int_eq(wr_step(&c, 1, &nop, &o, &e), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_INVARIANT);
    ck_assert_str_eq(wr_cta_errmsg(&c),
                     "after NOP by warp 1: warp 0: live (ready) with an empty ActiveMask");
    ck_assert_uint_eq(c.warp[1].active_pc, 0x10);   /* the step itself was done */

    cfg.checks = WR_CHECKS_OFF;                     /* the driver's choice */
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    c.warp[0].active = 0;
    ck_assert_int_eq(wr_step(&c, 1, &nop, &o, &e), 0);
}
END_TEST

START_TEST(event_capacity_overflow_is_an_error)
{
    /* warp 0 waits on a cnt == 0 barrier; warp 1's EXIT completes it (N-33):
     * two events, `exit` and `release:0:0`.  With a capacity of one the
     * step fails with WR_ERR_EVENTS and keeps the first; with two it is
     * fine. */
    for (unsigned cap = 1; cap <= 2; cap++) {
        wr_config cfg;
        wr_config_init(&cfg, 64);
        cfg.max_events = cap;
        wr_cta c;
        ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
        wr_insn bar = unit_insn(WR_FORM_BAR_I);     /* BAR.SYNC 0x0 */
        wr_insn ex = unit_insn(WR_FORM_EXIT_X);
        wr_operands o = ops0();
        wr_retire e;
        unit_step(&c, 0, &bar, &o, &e);
        ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
        int rc = wr_step(&c, 1, &ex, &o, &e);
        ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);   /* the step was done */
        ck_assert_uint_eq(e.nev, cap);
        ck_assert_uint_eq(e.ev[0].kind, WR_EV_EXIT);
        if (cap == 1) {
            ck_assert_int_eq(rc, -1);
            ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_EVENTS);
            ck_assert_str_eq(wr_cta_errmsg(&c), "EXIT by warp 1: 1 events past the capacity of 1");
        } else {
            ck_assert_int_eq(rc, 0);
            ck_assert_uint_eq(e.ev[1].kind, WR_EV_RELEASE);
        }
    }
}
END_TEST

/* ---- the retire record ------------------------------------------------------- */

static void expect_write(const wr_retire *r, unsigned kind, unsigned warp, unsigned index,
                         uint32_t lanes, uint32_t value0, int line)
{
    for (unsigned i = 0; i < r->nwrites; i++) {
        const wr_write *e = &r->write[i];
        if (e->kind == kind && e->warp == warp && e->index == index) {
            ck_assert_msg(e->lanes == lanes && e->value[0] == value0,
                          "line %d: %s write to warp %u index %u: lanes 0x%x value 0x%x, "
                          "expected 0x%x 0x%x", line, wr_write_kind_name(kind), warp, index,
                          e->lanes, e->value[0], lanes, value0);
            return;
        }
    }
    ck_assert_msg(0, "line %d: no %s write to warp %u index %u", line, wr_write_kind_name(kind),
                  warp, index);
}
#define EXPECT_WRITE(r, kind, warp, index, lanes, v) \
    expect_write((r), WR_WRITE_##kind, (warp), (index), (lanes), (v), __LINE__)

START_TEST(record_of_a_reduction_completing)
{
    /* two warps, BAR.RED.POPC 0x1, 0x0, P0: warp 0 blocks; warp 1's arrival
     * completes barrier 1 (N-34): the record of warp 1 holds writes to
     * other warps (warp 0's WarpBARState and run state) and to the CTA
     * (barrier 1's word, now 0), each kind ascending */
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 64, 0x100);
    wr_insn red = unit_insn(WR_FORM_BAR_RED_I);
    red.f[WR_F_REDOP] = 2;
    red.f[WR_F_BARID] = 1;
    red.f[WR_F_PP] = 0;
    wr_operands o = ops0();
    o.pp = 0x0000000f;
    unit_step(&c, 0, &red, &o, &r);
    ck_assert_uint_eq(r.nwrites, 2);
    EXPECT_WRITE(&r, BARRIER, WR_WRITE_CTA, 1, 1, 0x00094001);   /* 1 of all, mode 2, POPC, acc 4 */
    EXPECT_WRITE(&r, RUNSTATE, 0, 0, 1, WR_RUNSTATE_VALUE(WR_WARP_BLOCKED, 1));
    ck_assert_uint_eq(r.write[0].kind, WR_WRITE_BARRIER);          /* barriers first */

    o.pp = 0x00000003;
    unit_step(&c, 1, &red, &o, &r);
    ck_assert_uint_eq(r.warp, 1);
    ck_assert_uint_eq(r.pc, 0x100);
    ck_assert_uint_eq(r.has_state, 1);
    wr_word want;
    ck_assert_int_eq(wr_encode(&red, &want, NULL, 0), 0);
    ck_assert_int_eq(memcmp(&r.insn, &want, sizeof want), 0);
    ck_assert_int_eq(memcmp(&r.after, &c.warp[1], sizeof r.after), 0);
    ck_assert_uint_eq(r.after.active_pc, 0x110);
    const uint32_t final = 0x100d4002;          /* bit 28, acc 6, POPC, mode 2, 2 arrived */
    ck_assert_uint_eq(r.nwrites, 4);
    EXPECT_WRITE(&r, BARRIER, WR_WRITE_CTA, 1, 1, 0);
    EXPECT_WRITE(&r, WARPBAR, 0, 0, 1, final);                    /* another warp */
    EXPECT_WRITE(&r, WARPBAR, 1, 0, 1, final);
    EXPECT_WRITE(&r, RUNSTATE, 0, 0, 1, WR_RUNSTATE_VALUE(WR_WARP_READY, 0));
    ck_assert_uint_eq(r.nev, 2);
    ck_assert_uint_eq(r.ev[0].kind, WR_EV_ARRIVE);
    ck_assert_uint_eq(r.ev[1].kind, WR_EV_RELEASE);
    ck_assert_uint_eq(r.ev[1].value, 0x1);
}
END_TEST

START_TEST(record_undefined_is_one_representation)
{
    /* B2R.WARP R3 before any reduction (N-39): the written lanes hold 0 with
     * every bit don't-care; the register file marks exactly those lanes */
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_guard(unit_insn(WR_FORM_B2R_I), 0, 0);
    in.f[WR_F_RD] = 3;
    wr_operands o = ops0();
    o.pg = 0x000000f0;
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.nwrites, 1);
    const wr_write *e = &r.write[0];
    ck_assert_uint_eq(e->kind, WR_WRITE_GPR);
    ck_assert_uint_eq(e->index, 3);
    ck_assert_uint_eq(e->lanes, 0xf0);
    ck_assert_uint_eq(wr_write_undefined(e), 0xf0);
    ck_assert_uint_eq(wr_write_dc(e, 4), 0xffffffffu);
    ck_assert_uint_eq(wr_write_dc(e, 3), 0);                        /* not written */
    ck_assert_uint_eq(wr_write_value(e, 4), 0);
    wr_regfile rf;
    ck_assert_int_eq(wr_regfile_init(&rf, 1, 8), 0);
    wr_regfile_apply(&rf, &r);
    ck_assert_uint_eq(rf.r_undef[wr_regfile_slot(&rf, 0, 3)], 0xf0);
    wr_regfile_free(&rf);

    /* a predicate: BAR.RESULT R2, P1 with no result: both undefined, the
     * predicate's lanes one bit each */
    wr_insn res = unit_insn(WR_FORM_B2R_RESULT_X);
    res.f[WR_F_RD] = 2;
    res.f[WR_F_PU] = 1;
    unit_step(&c, 0, &res, &o, &r);
    ck_assert_uint_eq(r.nwrites, 2);
    ck_assert_uint_eq(r.write[0].kind, WR_WRITE_GPR);               /* in the order written */
    ck_assert_uint_eq(r.write[1].kind, WR_WRITE_PRED);
    ck_assert_uint_eq(wr_write_undefined(&r.write[1]), ALL_LANES);
    ck_assert_uint_eq(wr_write_dc(&r.write[1], 7), 1);
}
END_TEST

START_TEST(record_pair_is_two_entries)
{
    /* LEPC R[4:5], 0x20 at 0x1230 (N-17): R4 and R5, 32 bits per lane */
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 32, 0x1230);
    wr_insn in = unit_insn(WR_FORM_LEPC_I);
    in.f[WR_F_RD] = 4;
    in.f[WR_F_OFFSET] = 2;
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.nwrites, 2);
    ck_assert_uint_eq(r.write[0].index, 4);
    ck_assert_uint_eq(r.write[1].index, 5);
    ck_assert_uint_eq(r.write[0].value[9], 0x1250);
    ck_assert_uint_eq(r.write[1].value[9], 0);
}
END_TEST

START_TEST(record_bookkeeping_apart)
{
    /* time and the pending `wake` are bookkeeping; a driver that reads no
     * state after (an untraced run) switches its copy off */
    wr_config cfg;
    wr_config_init(&cfg, 32);
    cfg.record_state = 0;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    wr_insn ns = unit_insn(WR_FORM_NANOSLEEP_I);
    ns.f[WR_F_IMM32] = 5;
    wr_operands o = ops0();
    wr_retire r;
    c.now = 10;
    unit_step(&c, 0, &ns, &o, &r);
    ck_assert_uint_eq(r.has_state, 0);
    ck_assert_uint_eq(r.book.t, 10);
    ck_assert_uint_eq(r.book.wake, 0);
    c.now = 15;
    ck_assert_uint_eq(wr_fire_deadlines(&c), 1);
    ck_assert_uint_eq(c.wake_pending, 1);
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    unit_step(&c, 0, &nop, &o, &r);
    ck_assert_uint_eq(r.book.wake, 1);
    ck_assert_uint_eq(r.nev, 0);                                    /* not an event */
    ck_assert_uint_eq(c.wake_pending, 0);
}
END_TEST

START_TEST(record_of_an_illegal_word)
{
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 32, 0x40);
    wr_word word = { { 0x000000ff, 1, 2, 3 } };
    wr_operands o = ops0();
    ck_assert_int_eq(wr_step_word(&c, 0, &word, &o, &r), 0);
    ck_assert_uint_eq(r.exception, WR_EXC_ILLEGAL_ENCODING);
    ck_assert_int_eq(memcmp(&r.insn, &word, sizeof word), 0);     /* the word as given */
    ck_assert_uint_eq(r.pc, 0x40);
    ck_assert_uint_eq(r.after.run, WR_WARP_FAULTED);
    ck_assert_uint_eq(r.nwrites, 1);
    EXPECT_WRITE(&r, RUNSTATE, 0, 0, 1, WR_RUNSTATE_VALUE(WR_WARP_FAULTED, 0));
}
END_TEST

/* ---- one compare ---------------------------------------------------------------- */

/* A model record with every field and every kind of write, built by hand:
 * warp 1 at 0x120 blocked on barrier 3 after a warning; lanes 16..31 valid
 * but parked at 0x500; R5 written in lanes 0..7 with lane 6's high half
 * don't-care; P2, UR4, barrier 3, warp 0's WarpBARState, its own run state. */
static wr_write *add_write(wr_retire *r, unsigned kind, unsigned warp, unsigned index, uint32_t lanes)
{
    wr_write *e = &r->write[r->nwrites++];
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->warp = (uint8_t)warp;
    e->index = (uint16_t)index;
    e->lanes = lanes;
    return e;
}

static void model_record(wr_retire *r)
{
    memset(r, 0, sizeof *r);
    r->warp = 1;
    r->pc = 0x120;
    r->insn = (wr_word){ { 0x00000310, 0x11, 0x22, 0x33 } };
    r->has_state = 1;
    wr_warp *a = &r->after;
    a->active_pc = 0x130;
    a->valid = ALL_LANES;
    a->active = 0x0000ffff;
    a->yield = 0x00010000;
    a->sleep = 0x00020000;
    a->swtch = 0xffff0000;
    for (unsigned l = 0; l < WR_LANES; l++)
        a->rpc[l] = l < 16 ? 0x130 : 0x500;
    a->breg[2] = 0x30;
    a->bar_state = 0x100d4002;
    a->bar_state_defined = 1;
    a->run = WR_WARP_BLOCKED;
    a->blocked_bar = 3;
    r->nev = 2;
    r->ev[0] = (wr_event){ WR_EV_WARNING, WR_WARN_OPERAND_NOT_UNIFORM, 0 };
    r->ev[1] = (wr_event){ WR_EV_BLOCK, 3, 0 };
    wr_write *e = add_write(r, WR_WRITE_GPR, 1, 5, 0xff);
    for (unsigned l = 0; l < 8; l++)
        e->value[l] = 3 * l;
    e->dc_lanes = 1u << 6;
    e->dc[6] = 0xffff0000;
    add_write(r, WR_WRITE_PRED, 1, 2, 0xf0)->value[0] = 0x30;
    add_write(r, WR_WRITE_UR, 1, 4, 1)->value[0] = 0xabc;
    add_write(r, WR_WRITE_BARRIER, WR_WRITE_CTA, 3, 1)->value[0] = 0x2041;
    add_write(r, WR_WRITE_WARPBAR, 0, 0, 1)->value[0] = 0x100d4002;
    add_write(r, WR_WRITE_RUNSTATE, 1, 0, 1)->value[0] = WR_RUNSTATE_VALUE(WR_WARP_BLOCKED, 3);
    /* operands read: every kind, lane 9 of Ra undefined (skipped) */
    r->reads = WR_IN_PG | WR_IN_PP | WR_IN_RA | WR_IN_RB | WR_IN_RC | WR_IN_UR | WR_IN_C | WR_IN_RE;
    r->in.pg = 0x0f0f0f0f;
    r->in.pp = 0xffff0000;
    for (unsigned l = 0; l < WR_LANES; l++) {
        r->in.ra[l] = 100 + l;
        r->in.rb[l] = 200 + l;
        r->in.rc[l] = 300 + l;
        r->in.re[l] = 400 + l;
    }
    r->in.ra_undef = 1u << 9;
    r->in.ur = 0x1234;
    r->in.c = 0x5678;
}

static wr_write *find_kind(wr_retire *r, unsigned kind)
{
    for (unsigned i = 0; i < r->nwrites; i++)
        if (r->write[i].kind == kind)
            return &r->write[i];
    return NULL;
}

/* Per field of the table: the name it must be reported under, the change
 * that makes the other record differ in it alone, the lanes and index the
 * report must name. */
static const struct {
    const char *name;
    uint32_t lanes;
    unsigned index;
} mismatch[WR_RF_COUNT] = {
    [WR_RF_WARP] = { "warp", 0, 0 },             [WR_RF_PC] = { "pc", 0, 0 },
    [WR_RF_INSN] = { "insn", 0, 1 },             [WR_RF_READS] = { "reads", 0, 0 },
    [WR_RF_EXCEPTION] = { "exception", 0, 0 },
    [WR_RF_FETCH_FAULT] = { "fetch_fault", 0, 0 }, [WR_RF_ACTIVE_PC] = { "active_pc", 0, 0 },
    [WR_RF_VALID] = { "valid", 1u << 30, 0 },    [WR_RF_ACTIVE] = { "active", 1u, 0 },
    [WR_RF_YIELD] = { "yield", 0x00010000, 0 },  [WR_RF_SLEEP] = { "sleep", 0x00020000, 0 },
    [WR_RF_SWITCH] = { "switch", 0xffff0000, 0 },         [WR_RF_RPC] = { "rpc", 1u << 20, 0 },
    [WR_RF_BREG] = { "b", 0, 7 },                [WR_RF_BAR_STATE] = { "warp_bar_state", 0, 0 },
    [WR_RF_BAR_STATE_DEFINED] = { "warp_bar_state_defined", 0, 0 },
    [WR_RF_RUN] = { "run", 0, 0 },               [WR_RF_BLOCKED_BAR] = { "blocked_bar", 0, 0 },
    [WR_RF_WRITE_GPR] = { "write.gpr", 1u << 3, 5 },
    [WR_RF_WRITE_PRED] = { "write.pred", 1u << 5, 2 },
    [WR_RF_WRITE_UR] = { "write.ur", 0, 4 },     [WR_RF_WRITE_BARRIER] = { "write.barrier", 0, 3 },
    [WR_RF_WRITE_WARPBAR] = { "write.warpbar", 0, 0 },
    [WR_RF_WRITE_RUNSTATE] = { "write.runstate", 0, 0 },
    [WR_RF_EVENTS] = { "events", 0, 1 },         [WR_RF_WAKE] = { "wake", 0, 0 },
    [WR_RF_IN_PG] = { "in.pg", 1u << 4, 0 },     [WR_RF_IN_PP] = { "in.pp", 1u << 31, 0 },
    [WR_RF_IN_RA] = { "in.ra", 1u << 2, 0 },     [WR_RF_IN_RB] = { "in.rb", 1u << 17, 0 },
    [WR_RF_IN_RC] = { "in.rc", 1u << 30, 0 },    [WR_RF_IN_UR] = { "in.ur", 0, 0 },
    [WR_RF_IN_C] = { "in.c", 0, 0 },             [WR_RF_IN_RE] = { "in.re", 1u << 11, 0 },
    [WR_RF_UNDEF] = { "undef", 1u << 6, 5 },
};

static void break_field(wr_retire *o, unsigned f)
{
    switch (f) {
    case WR_RF_WARP:              o->warp = 0; break;
    case WR_RF_PC:                o->pc ^= 0x10; break;
    case WR_RF_INSN:              o->insn.w[3] ^= 1; break;               /* bits 127:64 */
    case WR_RF_READS:             o->reads &= (uint16_t)~WR_IN_C; break;  /* (so in.c is not compared) */
    case WR_RF_EXCEPTION:         o->exception = WR_EXC_BAR_PARAM_MISMATCH; break;
    case WR_RF_FETCH_FAULT:       o->fetch_fault = WR_FETCH_NO_INSN; break;
    case WR_RF_ACTIVE_PC:         o->after.active_pc = 0x140; break;
    case WR_RF_VALID:             o->after.valid ^= 1u << 30; break;
    case WR_RF_ACTIVE:            o->after.active ^= 1u; break;
    case WR_RF_YIELD:             o->after.yield = 0; break;
    case WR_RF_SLEEP:             o->after.sleep = 0; break;
    case WR_RF_SWITCH:            o->after.swtch = 0; break;
    case WR_RF_RPC:               o->after.rpc[20] = 0x600; break;        /* valid, not active */
    case WR_RF_BREG:              o->after.breg[7] = 1; break;
    case WR_RF_BAR_STATE:         o->after.bar_state ^= 1; break;
    case WR_RF_BAR_STATE_DEFINED: o->after.bar_state_defined = 0; break;
    case WR_RF_RUN:               o->after.run = WR_WARP_READY; break;
    case WR_RF_BLOCKED_BAR:       o->after.blocked_bar = 4; break;
    case WR_RF_WRITE_GPR:         find_kind(o, WR_WRITE_GPR)->value[3] ^= 0x100; break;
    case WR_RF_WRITE_PRED:        find_kind(o, WR_WRITE_PRED)->value[0] ^= 1u << 5; break;
    case WR_RF_WRITE_UR:          find_kind(o, WR_WRITE_UR)->value[0] = 0; break;
    case WR_RF_WRITE_BARRIER:     find_kind(o, WR_WRITE_BARRIER)->value[0] = 0x2042; break;
    case WR_RF_WRITE_WARPBAR:     find_kind(o, WR_WRITE_WARPBAR)->value[0] = 0; break;
    case WR_RF_WRITE_RUNSTATE:    find_kind(o, WR_WRITE_RUNSTATE)->value[0] = WR_WARP_READY; break;
    case WR_RF_EVENTS:            o->ev[1].code = 4; break;               /* block:4 */
    case WR_RF_WAKE:              o->book.wake ^= 1; break;
    case WR_RF_END:
    case WR_RF_T:                 break;    /* the end of a run's (wr_checker_final): 0 in a record */
    case WR_RF_IN_PG:             o->in.pg ^= 1u << 4; break;
    case WR_RF_IN_PP:             o->in.pp ^= 1u << 31; break;
    case WR_RF_IN_RA:             o->in.ra[2] ^= 1; o->in.ra[9] ^= 1; break; /* 9 is undefined */
    case WR_RF_IN_RB:             o->in.rb[17] = 0; break;
    case WR_RF_IN_RC:             o->in.rc[30] = 0; break;
    case WR_RF_IN_UR:             o->in.ur = 0; break;
    case WR_RF_IN_C:              o->in.c = 0; break;
    case WR_RF_IN_RE:             o->in.re[11] = 0; break;
    case WR_RF_UNDEF:             find_kind(o, WR_WRITE_GPR)->dc_lanes = 0; break;   /* R5's lane 6 defined */
    default:                      ck_abort_msg("field %u has no mismatch in this test", f);
    }
}

START_TEST(compare_one_mismatch_per_field)
{
    const unsigned f = (unsigned)_i;
    if (f == WR_RF_END || f == WR_RF_T)
        return;                          /* no record differs in them (checker.h) */
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);
    *o = *m;
    break_field(o, f);
    wr_compare_report rep;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    const wr_diff *d = &rep.diff[0];
    ck_assert_uint_eq(d->field, f);
    ck_assert_str_eq(wr_retire_field_name(d->field), mismatch[f].name);
    ck_assert_uint_eq(d->lanes, mismatch[f].lanes);
    ck_assert_uint_eq(d->index, mismatch[f].index);
    ck_assert_uint_eq(d->what, WR_DIFF_VALUE);
    ck_assert(d->model != d->other);
    ck_assert_str_eq(wr_retire_field_rule(f), wr_retire_field_rule(d->field));
    char text[512];
    wr_compare_format(&rep, m, o, NULL, text, sizeof text);
    ck_assert_msg(strstr(text, mismatch[f].name) == text, "'%s'", text);
    free(m);
    free(o);
}
END_TEST

START_TEST(compare_matching_pair_reports_nothing)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);
    *o = *m;
    wr_compare_report rep;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    ck_assert_uint_eq(rep.ndiffs, 0);
    char text[64];
    ck_assert_int_eq(wr_compare_format(&rep, m, o, NULL, text, sizeof text), 0);

    /* a real step against a copy of itself, as a lockstep checker sees it */
    wr_cta c;
    unit_cta(&c, 64, 0);
    wr_insn bar = unit_insn(WR_FORM_BAR_I);
    wr_operands ops = { 0 };
    unit_step(&c, 0, &bar, &ops, m);
    *o = *m;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    free(m);
    free(o);
}
END_TEST

START_TEST(compare_controls_are_data)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);
    *o = *m;
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    wr_compare_report rep;

    /* a disabled field is skipped */
    o->after.run = WR_WARP_READY;
    ctl.field[WR_RF_RUN].enable = 0;
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    ctl.field[WR_RF_RUN].enable = 1;
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 1);
    o->after.run = m->after.run;

    /* masked bits are volatile: only the bits of the mask are compared */
    o->after.valid ^= 1u << 30;
    ctl.field[WR_RF_VALID].mask = ~(UINT64_C(1) << 30);
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    o->after.valid ^= 1u << 29;
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 1);
    o->after.valid = m->after.valid;

    /* the mask of a write kind applies to every lane's value */
    find_kind(o, WR_WRITE_GPR)->value[2] ^= 0x80000000u;
    ctl.field[WR_RF_WRITE_GPR].mask = 0x7fffffff;
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    ctl.field[WR_RF_WRITE_GPR].mask = ~UINT64_C(0);
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 2);
    free(m);
    free(o);
}
END_TEST

START_TEST(compare_built_in_rules)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);
    wr_compare_report rep;

    /* RPC only for valid, non-active lanes: an active lane's RPC, or an
     * invalid lane's, is not compared */
    *o = *m;
    o->after.rpc[3] = 0x999;                                  /* active */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    m->after.valid = 0x0fffffff;
    o->after.valid = m->after.valid;
    o->after.rpc[30] = 0x999;                                 /* not valid */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    o->after.rpc[20] = 0x999;                                 /* valid, parked */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 20);
    ck_assert_uint_eq(rep.diff[0].model, 0x500);
    ck_assert_uint_eq(rep.diff[0].other, 0x999);

    /* the model's don't-care bits are skipped (section 5) */
    model_record(m);
    *o = *m;
    find_kind(o, WR_WRITE_GPR)->value[6] ^= 0xabcd0000;       /* lane 6, high half dc */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    find_kind(o, WR_WRITE_GPR)->value[6] ^= 0x1;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 6);

    /* an undefined WarpBARState is don't-care (N-39); a ready warp waits on
     * no barrier */
    model_record(m);
    m->after.bar_state_defined = 0;
    m->after.run = WR_WARP_READY;
    *o = *m;
    o->after.bar_state = 0x1234;
    o->after.blocked_bar = 9;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    free(m);
    free(o);
}
END_TEST

START_TEST(compare_missing_extra_and_lanes)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);
    *o = *m;
    /* other: no UR write, a GPR write the model lacks, the predicate in
     * other lanes, one event less */
    wr_write *ur = find_kind(o, WR_WRITE_UR);
    ur->kind = WR_WRITE_GPR;                                  /* becomes R4: extra */
    ur->lanes = 0x3;
    find_kind(o, WR_WRITE_PRED)->lanes = 0x70;
    o->nev = 1;
    wr_compare_report rep;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 4);
    /* in table order: GPR (extra), PRED (lanes), UR (missing), events */
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_WRITE_GPR);
    ck_assert_uint_eq(rep.diff[0].what, WR_DIFF_EXTRA);
    ck_assert_uint_eq(rep.diff[0].index, 4);
    ck_assert_uint_eq(rep.diff[0].lanes, 0x3);
    ck_assert_uint_eq(rep.diff[1].field, WR_RF_WRITE_PRED);
    ck_assert_uint_eq(rep.diff[1].what, WR_DIFF_LANES);
    ck_assert_uint_eq(rep.diff[1].lanes, 0x80);
    ck_assert_uint_eq(rep.diff[2].field, WR_RF_WRITE_UR);
    ck_assert_uint_eq(rep.diff[2].what, WR_DIFF_MISSING);
    ck_assert_uint_eq(rep.diff[3].field, WR_RF_EVENTS);
    ck_assert_uint_eq(rep.diff[3].what, WR_DIFF_MISSING);
    ck_assert_uint_eq(rep.diff[3].index, 1);
    char text[1024];
    wr_compare_format(&rep, m, o, NULL, text, sizeof text);
    ck_assert_msg(strstr(text, "events") && strstr(text, "model block:3, other -"), "%s", text);
    ck_assert_msg(strstr(text, "write.ur") && strstr(text, "missing in the other"), "%s", text);

    /* a record without its state after cannot be compared in those fields */
    *o = *m;
    o->has_state = 0;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), -1);
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    for (unsigned f = 0; f < WR_RF_COUNT; f++)
        if (wr_retire_field_needs_state(f))
            ctl.field[f].enable = 0;
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    free(m);
    free(o);
}
END_TEST

/* The read set is a compared field: when both records report one, the
 * operand bits (the OPERAND rows') must be equal, and the widths of the
 * operands both read; a set the other side does not report (0) is not
 * compared. */
START_TEST(N_51_the_read_set_is_compared)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);
    *o = *m;
    wr_compare_report rep;
    o->reads = 0;                                             /* not reported */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    o->reads = m->reads | WR_IN_RA64 | WR_IN_C64;              /* Ra and c as pairs: both widths differ */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_READS);
    ck_assert_uint_eq(rep.diff[0].other & ~rep.diff[0].model, WR_IN_RA64 | WR_IN_C64);
    char widths[128];
    wr_compare_reads_format(m->reads, o->reads, "RTL", widths, sizeof widths);
    ck_assert_str_eq(widths, "ra64,c64 extra in the RTL");
    const uint16_t mine = m->reads;
    m->reads = (uint16_t)(mine & ~WR_IN_C);                   /* a width of an operand one side leaves */
    o->reads = (uint16_t)(mine & ~WR_IN_C) | WR_IN_C64;       /* out: not compared */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    m->reads = mine;
    o->reads = (uint16_t)((m->reads & ~(WR_IN_UR | WR_IN_C)));  /* UR and c left out, values unread */
    o->in.ur = 0;
    o->in.c = 0;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_READS);
    ck_assert_uint_eq(rep.diff[0].what, WR_DIFF_VALUE);
    ck_assert_uint_eq(rep.diff[0].lanes, 0);
    ck_assert_uint_eq(rep.diff[0].model, WR_IN_PG | WR_IN_PP | WR_IN_RA | WR_IN_RB | WR_IN_RC | WR_IN_UR | WR_IN_C |
                                         WR_IN_RE);
    ck_assert_uint_eq(rep.diff[0].other, WR_IN_PG | WR_IN_PP | WR_IN_RA | WR_IN_RB | WR_IN_RC | WR_IN_RE);
    char text[512];
    wr_compare_format(&rep, m, o, NULL, text, sizeof text);
    ck_assert_str_eq(text, "reads                  N-51  differs: model pg,pp,ra,rb,rc,re,ur,c, other pg,pp,ra,rb,rc,re "
                           "(ur,c missing in the other)\n");
    /* an operand the instruction does not read, reported */
    m->reads = WR_IN_PG | WR_IN_RA;
    o->reads = WR_IN_PG | WR_IN_RA | WR_IN_RB;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_int_eq(wr_compare_reads_format(m->reads, o->reads, NULL, text, sizeof text), 21);
    ck_assert_str_eq(text, "rb extra in the other");
    ck_assert_int_eq(wr_compare_reads_format(WR_IN_PG | WR_IN_UR, WR_IN_PP, NULL, text, sizeof text), 49);
    ck_assert_str_eq(text, "pg,ur missing in the other; pp extra in the other");
    /* the controls: --ignore reads, or a mask without the bit */
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    ctl.field[WR_RF_READS].mask = ~(uint64_t)WR_IN_RB;
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    ctl.field[WR_RF_READS].mask = ~UINT64_C(0);
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 1);
    char err[128];
    ck_assert_int_eq(wr_compare_ctl_ignore(&ctl, "reads", err, sizeof err), 0);
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    free(m);
    free(o);
}
END_TEST

/* N-37: a word the decoder refuses (ILLEGAL_ENCODING) has no architectural
 * operands; the model reads its guard alone.  The other side may report the
 * fields of the form it first took the word for; it may not leave the guard
 * out.  The fast path agrees (same). */
static int same(const wr_retire *m, const wr_retire *o, const wr_compare_ctl *ctl);
static void plain_record(wr_retire *r);

START_TEST(N_37_illegal_word_reads_the_guard)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    plain_record(m);
    m->exception = WR_EXC_ILLEGAL_ENCODING;
    m->reads = WR_IN_PG;
    *o = *m;
    wr_compare_report rep;
    o->reads = WR_IN_PG | WR_IN_RA | WR_IN_C;                   /* extra: the form's fields */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    ck_assert_int_eq(same(m, o, NULL), 1);
    o->reads = WR_IN_RA;                                         /* the guard left out */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_READS);
    ck_assert_uint_eq(rep.diff[0].model, WR_IN_PG);
    ck_assert_uint_eq(rep.diff[0].other, WR_IN_RA);
    ck_assert_int_eq(same(m, o, NULL), 0);
    m->exception = o->exception = WR_EXC_NONE;                   /* a legal word: extra reads differ */
    o->reads = WR_IN_PG | WR_IN_RA;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_READS);
    ck_assert_int_eq(same(m, o, NULL), 0);
    free(m);
    free(o);
}
END_TEST

/* SPEC-NOTES section 5: where the model's value is defined, the other side
 * calling it undefined differs (an operand lane, a written lane); the
 * reverse is allowed for its value (write.gpr, write.pred, in.*), but a
 * written lane the model leaves undefined must be marked undefined by the
 * other (row undef).  A write's don't-care bits are one mask for every
 * lane in a trace (rd_dc): the other's must be the model's in some lane. */
START_TEST(section_5_undefined_where_the_model_is_defined)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    model_record(m);                       /* R5: lane 6's high half don't-care; Ra: lane 9 undefined */
    *o = *m;
    wr_compare_report rep;
    char text[1024];
    wr_compare_ctl nomarks;                /* every row but undef */
    wr_compare_ctl_init(&nomarks);
    nomarks.field[WR_RF_UNDEF].enable = 0;
    /* the reverse: the other defines what the model leaves undefined: any
     * value, but the written lane's mark is missing */
    find_kind(o, WR_WRITE_GPR)->dc_lanes = 0;
    o->in.ra_undef = 0;
    ck_assert_int_eq(wr_compare(m, o, &nomarks, &rep), 0);
    /* both marks missing: first the operand the model reads undefined
     * (Ra's lane 9), then the written lane */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 2);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_UNDEF);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 9);
    ck_assert_uint_eq(rep.diff[1].field, WR_RF_UNDEF);
    ck_assert_uint_eq(rep.diff[1].index, 5);
    ck_assert_uint_eq(rep.diff[1].lanes, 1u << 6);
    wr_compare_format(&rep, m, o, "RTL", text, sizeof text);
    ck_assert_str_eq(text, "undef                  S5    operand Ra differs, lanes 0x00000200: undefined in the model, "
                           "defined (0x0000006d) in the RTL\n"
                           "undef                  S5    R5 of warp 1 differs, lanes 0x00000040: undefined in the "
                           "model, defined (0x00000012) in the RTL\n");
    ck_assert_int_eq(same(m, o, NULL), 0);
    ck_assert_int_eq(same(m, o, &nomarks), 1);
    nomarks.field[WR_RF_UNDEF].enable = 1;                 /* the mask: the lanes compared */
    nomarks.field[WR_RF_UNDEF].mask = ~(UINT64_C(1) << 6);
    ck_assert_int_eq(wr_compare(m, o, &nomarks, &rep), 1);  /* Ra's lane 9 still compared */
    nomarks.field[WR_RF_UNDEF].mask = ~((UINT64_C(1) << 6) | (UINT64_C(1) << 9));
    ck_assert_int_eq(wr_compare(m, o, &nomarks, &rep), 0);
    nomarks.field[WR_RF_UNDEF].mask = ~UINT64_C(0) & ~WR_UNDEF_OPERANDS;  /* the operands' part off */
    ck_assert_int_eq(wr_compare(m, o, &nomarks, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].index, 5);
    nomarks.field[WR_RF_UNDEF].mask = ~UINT64_C(0);
    nomarks.field[WR_RF_UNDEF].enable = 0;
    o->in.ra_undef = m->in.ra_undef;
    find_kind(o, WR_WRITE_GPR)->lanes &= ~(1u << 6);      /* the lane not written: write.gpr's, not undef's */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_WRITE_GPR);
    ck_assert_uint_eq(rep.diff[0].what, WR_DIFF_LANES);
    /* an operand lane the model has defined, undefined in the other */
    *o = *m;
    o->in.ra_undef |= 1u << 4;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_IN_RA);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 4);
    ck_assert_uint_eq(rep.diff[0].model, 104);
    ck_assert_uint_eq(rep.diff[0].other, 104);
    wr_compare_format(&rep, m, o, NULL, text, sizeof text);
    ck_assert_str_eq(text, "in.ra                  N-51  differs, lanes 0x00000010\n"
                           "    lane  4: model 0x68, other 0x68 (undefined)\n");
    /* a written lane: the other's don't-care bits outside every lane's of the model */
    *o = *m;
    wr_write *x = find_kind(o, WR_WRITE_GPR);
    x->dc_lanes |= 1u << 2;
    x->dc[2] = 0xffff0000;                 /* bits the model leaves don't-care in lane 6: allowed */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    x->dc[2] = 0xffffffff;                 /* the low half is defined in every lane of the model */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_WRITE_GPR);
    ck_assert_uint_eq(rep.diff[0].index, 5);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 2);
    wr_compare_format(&rep, m, o, NULL, text, sizeof text);
    ck_assert_str_eq(text, "write.gpr              N-54  R5 of warp 1 differs, lanes 0x00000004\n"
                           "    lane  2: model 0x00000006 (don't-care 0x00000000), other 0x00000006 "
                           "(don't-care 0xffffffff)\n");
    /* a write the model has wholly defined: any don't-care bit differs */
    find_kind(m, WR_WRITE_GPR)->dc_lanes = 0;
    *o = *m;
    find_kind(o, WR_WRITE_GPR)->dc_lanes = 1u << 7;
    find_kind(o, WR_WRITE_GPR)->dc[7] = 0x1;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].lanes, 1u << 7);
    /* ... unless the mask leaves that bit out */
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    ctl.field[WR_RF_WRITE_GPR].mask = ~UINT64_C(1);
    ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    /* a predicate: undefined lanes of the other where the model's write has none */
    model_record(m);
    *o = *m;
    find_kind(o, WR_WRITE_PRED)->dc_lanes = 0x30;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_WRITE_PRED);
    ck_assert_uint_eq(rep.diff[0].lanes, 0x30);
    find_kind(m, WR_WRITE_PRED)->dc_lanes = 0x80;           /* the model's has one: allowed */
    ck_assert_int_eq(wr_compare(m, o, &nomarks, &rep), 0);
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);      /* ... but lane 7 is defined in the other's */
    ck_assert_uint_eq(rep.diff[0].field, WR_RF_UNDEF);
    ck_assert_uint_eq(rep.diff[0].lanes, 0x80);
    wr_compare_format(&rep, m, o, NULL, text, sizeof text);
    ck_assert_str_eq(text, "undef                  S5    P2 of warp 1 differs, lanes 0x00000080: undefined in the "
                           "model, defined (0x00000000) in the other\n");
    find_kind(o, WR_WRITE_PRED)->dc_lanes = 0xb0;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    /* the model's undefined predicate lane: any value of the other's there */
    model_record(m);
    *o = *m;
    find_kind(m, WR_WRITE_PRED)->dc_lanes = 0x80;
    find_kind(o, WR_WRITE_PRED)->value[0] ^= 0x80;
    ck_assert_int_eq(wr_compare(m, o, &nomarks, &rep), 0);
    ck_assert_int_eq(same(m, o, &nomarks), 1);
    find_kind(o, WR_WRITE_PRED)->dc_lanes = 0x80;           /* (marked undefined: every row) */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 0);
    ck_assert_int_eq(same(m, o, NULL), 1);
    find_kind(o, WR_WRITE_PRED)->value[0] ^= 0x40;          /* a lane it defines */
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].lanes, 0x40);
    free(m);
    free(o);
}
END_TEST

/* ---- the agreement test of the hot path (wr_compare_same) ---------------------- */

/* wr_compare_same's answer for (m, o) under ctl, after checking its
 * promises: never 1 where wr_compare finds a difference, and (the same
 * bodies deciding) 1 wherever it finds none in two records with their state */
static int same(const wr_retire *m, const wr_retire *o, const wr_compare_ctl *ctl)
{
    wr_compare_plan plan;
    wr_compare_plan_init(&plan, ctl);
    wr_compare_report rep;
    const int s = wr_compare_same(m, o, &plan);
    const int nd = wr_compare(m, o, ctl, &rep);
    ck_assert_msg(!s || nd == 0, "wr_compare_same said the records agree; wr_compare found %d differences", nd);
    ck_assert_msg(s || nd != 0 || !(m->has_state && o->has_state),
                  "wr_compare_same left two agreeing records with their state to wr_compare");
    return s;
}

/* model_record without what wr_compare_same leaves to wr_compare (the
 * don't-care bits of R5's lane 6, Ra's undefined lane 9) */
static void plain_record(wr_retire *r)
{
    model_record(r);
    find_kind(r, WR_WRITE_GPR)->dc_lanes = 0;
    r->in.ra_undef = 0;
}

START_TEST(compare_same_decides_the_common_cases)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    plain_record(m);
    *o = *m;
    ck_assert_int_eq(same(m, o, NULL), 1);               /* every field and kind, agreeing */
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {          /* each field differing alone */
        if (f == WR_RF_END || f == WR_RF_T)
            continue;
        if (f == WR_RF_UNDEF)                             /* (it needs the model's undefined lane) */
            model_record(m);
        *o = *m;
        break_field(o, f);
        ck_assert_msg(same(m, o, NULL) == 0, "field %s", wr_retire_field_name(f));
        plain_record(m);
    }

    /* the controls: a field not compared, bits outside a mask, a write kind's mask */
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    *o = *m;
    o->after.run = WR_WARP_READY;
    ctl.field[WR_RF_RUN].enable = 0;
    ck_assert_int_eq(same(m, o, &ctl), 1);
    ctl.field[WR_RF_RUN].enable = 1;
    ck_assert_int_eq(same(m, o, &ctl), 0);
    *o = *m;
    o->after.valid ^= 1u << 30;
    ctl.field[WR_RF_VALID].mask = ~(UINT64_C(1) << 30);
    ck_assert_int_eq(same(m, o, &ctl), 1);
    o->after.valid ^= 1u << 29;
    ck_assert_int_eq(same(m, o, &ctl), 0);
    *o = *m;
    find_kind(o, WR_WRITE_GPR)->value[2] ^= 0x80000000u;
    ctl.field[WR_RF_WRITE_GPR].mask = 0x7fffffff;
    ck_assert_int_eq(same(m, o, &ctl), 1);
    find_kind(o, WR_WRITE_GPR)->value[9] ^= 1;          /* a lane R5 does not write */
    ck_assert_int_eq(same(m, o, &ctl), 1);
    find_kind(o, WR_WRITE_GPR)->value[7] ^= 1;          /* one it writes */
    ck_assert_int_eq(same(m, o, &ctl), 0);
    wr_compare_ctl_init(&ctl);
    *o = *m;                                             /* a kind not compared may be missing */
    o->nwrites = 5;                                      /* (the run state, the last) */
    ck_assert_int_eq(same(m, o, &ctl), 0);
    ctl.field[WR_RF_WRITE_RUNSTATE].enable = 0;
    ck_assert_int_eq(same(m, o, &ctl), 1);
    *o = *m;                                             /* a mask applies to each B register */
    o->after.breg[7] ^= 1u << 5;
    ctl.field[WR_RF_BREG].mask = ~(UINT64_C(1) << 5);
    ck_assert_int_eq(same(m, o, &ctl), 1);
    o->after.breg[7] ^= 1u << 6;
    ck_assert_int_eq(same(m, o, &ctl), 0);
    *o = *m;                                             /* events: mask not used, enable is */
    o->ev[1].code = 4;
    ctl.field[WR_RF_EVENTS].mask = 0;
    ck_assert_int_eq(same(m, o, &ctl), 0);
    ctl.field[WR_RF_EVENTS].enable = 0;
    ck_assert_int_eq(same(m, o, &ctl), 1);

    /* the built-in rules: RPC of the valid parked lanes only, WarpBARState
     * when defined, the barrier waited on while blocked */
    *o = *m;
    o->after.rpc[3] = 0x999;                             /* active */
    ck_assert_int_eq(same(m, o, NULL), 1);
    o->after.rpc[20] = 0x999;                            /* valid, parked */
    ck_assert_int_eq(same(m, o, NULL), 0);
    m->after.bar_state_defined = 0;
    m->after.run = WR_WARP_READY;
    *o = *m;
    o->after.bar_state = 0x1234;
    o->after.blocked_bar = 9;
    ck_assert_int_eq(same(m, o, NULL), 1);

    /* decided by the same bodies as wr_compare's: don't-care lanes,
     * undefined operand lanes, writes in another order (answer 1, or 0 when
     * they differ there); left to wr_compare: a record without its state
     * after (answer 0) */
    model_record(m);
    *o = *m;
    ck_assert_int_eq(same(m, o, NULL), 1);
    wr_compare_ctl nomarks;
    wr_compare_ctl_init(&nomarks);
    nomarks.field[WR_RF_UNDEF].enable = 0;
    find_kind(o, WR_WRITE_GPR)->dc_lanes = 0;            /* the other defines R5's lane 6: its value */
    ck_assert_int_eq(same(m, o, &nomarks), 1);           /* is allowed, its missing mark is not */
    ck_assert_int_eq(same(m, o, NULL), 0);
    find_kind(o, WR_WRITE_GPR)->dc_lanes = 1u << 7;      /* undefined where the model's is not */
    find_kind(o, WR_WRITE_GPR)->dc[7] = ~0u;
    ck_assert_int_eq(same(m, o, NULL), 0);
    *o = *m;
    o->in.ra_undef = 0;                                  /* the other defines Ra's lane 9: its value */
    ck_assert_int_eq(same(m, o, &nomarks), 1);           /* is allowed, its missing mark is not */
    ck_assert_int_eq(same(m, o, NULL), 0);
    o->in.rb_undef = 1u << 3;                            /* undefined where the model's is not */
    ck_assert_int_eq(same(m, o, NULL), 0);
    plain_record(m);
    *o = *m;
    const wr_write w0 = o->write[0];
    o->write[0] = o->write[1];
    o->write[1] = w0;
    ck_assert_int_eq(same(m, o, NULL), 1);
    o->write[1].value[1] ^= 1;                           /* R5, now second, in lane 1 */
    ck_assert_int_eq(same(m, o, NULL), 0);
    *o = *m;
    o->has_state = 0;
    ck_assert_int_eq(same(m, o, NULL), 0);
    free(m);
    free(o);
}
END_TEST

/* Every element of the fields that have several is compared, by both
 * tests, and named: each B register, each bit of the word, each parked
 * lane's RPC, each lane of a GPR write, each lane of a register operand. */
static void differs_in(const wr_retire *m, const wr_retire *o, unsigned f, unsigned index, uint32_t lanes)
{
    wr_compare_report rep;
    ck_assert_int_eq(wr_compare(m, o, NULL, &rep), 1);
    ck_assert_uint_eq(rep.diff[0].field, f);
    ck_assert_uint_eq(rep.diff[0].index, index);
    ck_assert_uint_eq(rep.diff[0].lanes, lanes);
    ck_assert_int_eq(same(m, o, NULL), 0);
}

START_TEST(compare_covers_every_element)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    plain_record(m);
    for (unsigned n = 0; n < WR_NUM_BREGS; n++) {
        *o = *m;
        o->after.breg[n] ^= 1u << (n + 3);
        differs_in(m, o, WR_RF_BREG, n, 0);
    }
    for (unsigned bit = 0; bit < 128; bit++) {
        *o = *m;
        o->insn.w[bit / 32] ^= 1u << bit % 32;
        differs_in(m, o, WR_RF_INSN, bit / 64, 0);
    }
    for (unsigned l = 16; l < WR_LANES; l++) {           /* (the parked lanes of model_record) */
        *o = *m;
        o->after.rpc[l] ^= UINT64_C(1) << (l + 8);
        differs_in(m, o, WR_RF_RPC, 0, 1u << l);
    }
    for (unsigned l = 0; l < 8; l++) {                   /* (R5's lanes) */
        *o = *m;
        find_kind(o, WR_WRITE_GPR)->value[l] ^= 1u << (3 * l);
        differs_in(m, o, WR_RF_WRITE_GPR, 5, 1u << l);
    }
    for (unsigned l = 0; l < WR_LANES; l++) {
        *o = *m;
        o->in.rb[l] ^= UINT64_C(1) << (2 * l);
        differs_in(m, o, WR_RF_IN_RB, 0, 1u << l);
    }
    free(m);
    free(o);
}
END_TEST

static uint64_t seed = 0x9e3779b97f4a7c15u;
static uint32_t rnd(void)                /* (a 64-bit LCG's high bits) */
{
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(seed >> 33);
}

/* Random pairs under random controls: the promise holds, and the test
 * decides most agreeing pairs itself. */
START_TEST(compare_same_never_hides_a_difference)
{
    wr_retire *m = malloc(sizeof *m), *o = malloc(sizeof *o);
    unsigned decided = 0, agreeing = 0;
    for (unsigned it = 0; it < 20000; it++) {
        if (rnd() % 4)
            plain_record(m);
        else
            model_record(m);
        *o = *m;
        wr_compare_ctl ctl;
        wr_compare_ctl_init(&ctl);
        for (unsigned f = 0; f < WR_RF_COUNT; f++) {
            if (rnd() % 8 == 0)
                ctl.field[f].enable = 0;
            if (rnd() % 8 == 0)
                ctl.field[f].mask = ~(UINT64_C(1) << (rnd() % 64));
        }
        for (unsigned k = rnd() % 3; k; k--) {
            wr_retire *r = rnd() % 2 ? o : m;
            const unsigned f = rnd() % WR_RF_COUNT, w = r->nwrites ? rnd() % r->nwrites : 0;
            switch (rnd() % 9) {
            case 0:                      /* (a write field's kind must still be there) */
                if (f < WR_RF_WRITE_GPR || f > WR_RF_WRITE_RUNSTATE ||
                    find_kind(o, WR_WRITE_GPR + (f - WR_RF_WRITE_GPR)))
                    break_field(o, f);
                break;
            case 1: if (r->nwrites) r->write[w].value[rnd() % WR_LANES] ^= 1u << (rnd() % 32); break;
            case 2: if (r->nwrites) r->write[w].lanes ^= 1u << (rnd() % 32); break;
            case 3: ((unsigned char *)&r->after)[rnd() % offsetof(wr_warp, rpc)] ^= (unsigned char)(1u << (rnd() % 8)); break;
            case 4: r->in.rb[rnd() % WR_LANES] ^= UINT64_C(1) << (rnd() % 64); break;
            case 5: r->reads ^= (uint16_t)(1u << (rnd() % 10)); break;      /* the read set, widths too */
            case 6: r->in.ra_undef ^= 1u << (rnd() % 32); break;            /* an undefined operand lane */
            case 7:                      /* a write's don't-care bits in one lane */
                if (r->nwrites) {
                    const unsigned l = rnd() % WR_LANES;
                    r->write[w].dc_lanes ^= 1u << l;
                    r->write[w].dc[r->write[w].kind == WR_WRITE_GPR ? l : 0] = rnd() % 2 ? ~0u : 1u << (rnd() % 32);
                }
                break;
            default: r->nwrites = rnd() % (r->nwrites + 1); break;
            }
        }
        wr_compare_report rep;
        if (wr_compare(m, o, &ctl, &rep) == 0) {
            agreeing++;
            decided += (unsigned)same(m, o, &ctl);
        } else {
            same(m, o, &ctl);
        }
    }
    ck_assert_uint_gt(agreeing, 4000);
    ck_assert_msg(decided * 2 > agreeing, "decided %u of %u agreeing pairs", decided, agreeing);
    free(m);
    free(o);
}
END_TEST

/* ---- thin drivers: the fetch fault and the wake are library calls -------------- */

START_TEST(N_27_fetch_fault_is_a_library_call)
{
    ck_assert_uint_eq(wr_fetch_check(0x30, 0, 4), WR_FETCH_NONE);
    ck_assert_uint_eq(wr_fetch_check(0x40, 0, 4), WR_FETCH_NO_INSN);         /* past the end */
    ck_assert_uint_eq(wr_fetch_check(0x18, 0, 4), WR_FETCH_MISALIGNED);
    ck_assert_uint_eq(wr_fetch_check(0x100, 0x100, 1), WR_FETCH_NONE);       /* from a base */
    ck_assert_uint_eq(wr_fetch_check(0xf0, 0x100, 1), WR_FETCH_NO_INSN);     /* below it */

    wr_cta c, before;
    unit_cta(&c, 64, 0x40);
    before = c;
    wr_retire r;
    ck_assert_int_eq(wr_fetch_fault(&c, 1, WR_FETCH_NO_INSN, &r), 0);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_FAULTED);
    c.warp[1].run = before.warp[1].run;                      /* nothing else changed */
    ck_assert_int_eq(memcmp(&c, &before, sizeof c), 0);
    ck_assert_uint_eq(r.warp, 1);
    ck_assert_uint_eq(r.pc, 0x40);
    ck_assert_uint_eq(r.fetch_fault, WR_FETCH_NO_INSN);
    ck_assert_uint_eq(r.nev, 0);
    ck_assert_uint_eq(r.after.run, WR_WARP_FAULTED);
    ck_assert_uint_eq(r.nwrites, 1);
    ck_assert_uint_eq(r.write[0].kind, WR_WRITE_RUNSTATE);
    c.warp[1].run = WR_WARP_FAULTED;
    ck_assert_int_eq(wr_fetch_fault(&c, 1, WR_FETCH_NO_INSN, NULL), -1);   /* not ready */
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CALL);
    ck_assert_int_eq(wr_fetch_fault(&c, 0, WR_FETCH_NONE, NULL), -1);
}
END_TEST

START_TEST(N_23_explicit_wake_at_a_cycle)
{
    /* a lockstep checker wakes a sleeping warp when the RTL does (here
     * earlier than the model's own deadline): the same effect as the
     * deadline firing, at the driver's time */
    wr_cta c;
    unit_cta(&c, 64, 0);
    wr_insn ns = unit_insn(WR_FORM_NANOSLEEP_I);
    ns.f[WR_F_IMM32] = 100;
    wr_operands o = ops0();
    wr_retire r;
    c.now = 7;
    unit_step(&c, 1, &ns, &o, &r);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_ASLEEP);
    ck_assert_uint_eq(c.deadline[1], 107);
    ck_assert_int_eq(wr_wake(&c, 0, 50), -1);                /* warp 0 has no timer */
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CALL);
    ck_assert_int_eq(wr_wake(&c, 1, 50), 0);
    ck_assert_uint_eq(c.now, 50);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[1].sleep, 0);
    ck_assert_uint_eq(c.deadline[1], WR_NO_DEADLINE);
    ck_assert_uint_eq(c.wake_pending, 1u << 1);
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    unit_step(&c, 1, &nop, &o, &r);
    ck_assert_uint_eq(r.book.wake, 1);
    ck_assert_uint_eq(r.book.t, 50);
}
END_TEST

START_TEST(names_from_the_lists)
{
    ck_assert_str_eq(wr_exception_name(WR_EXC_WARPSYNC_GROUP_MISMATCH), "WARPSYNC_GROUP_MISMATCH");
    ck_assert_str_eq(wr_exception_name(WR_EXC_COUNT), "UNKNOWN");
    ck_assert_str_eq(wr_warning_name(WR_WARN_OPERAND_NOT_UNIFORM), "OPERAND_NOT_UNIFORM");
    ck_assert_str_eq(wr_run_state_name(WR_WARP_FAULTED), "faulted");
    ck_assert_str_eq(wr_event_name(WR_EV_RELEASE), "release");
    ck_assert_str_eq(wr_end_name(WR_END_LIVELOCK), "livelock");
    ck_assert_str_eq(wr_end_name(WR_END_COUNT), "unknown");
    ck_assert_str_eq(wr_write_kind_name(WR_WRITE_RUNSTATE), "runstate");
    ck_assert_str_eq(wr_fetch_fault_name(WR_FETCH_MISALIGNED), "misaligned pc");
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("api");
    TCase *tc = tcase_create("launch");
    tcase_add_test(tc, config_defaults);
    tcase_add_test(tc, config_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, step_refuses_bad_calls);
    tcase_add_test(tc, broken_invariant_is_returned);
    tcase_add_test(tc, event_capacity_overflow_is_an_error);
    tcase_add_test(tc, names_from_the_lists);
    suite_add_tcase(s, tc);
    tc = tcase_create("record");
    tcase_add_test(tc, record_of_a_reduction_completing);
    tcase_add_test(tc, record_undefined_is_one_representation);
    tcase_add_test(tc, record_pair_is_two_entries);
    tcase_add_test(tc, record_bookkeeping_apart);
    tcase_add_test(tc, record_of_an_illegal_word);
    suite_add_tcase(s, tc);
    tc = tcase_create("drivers");
    tcase_add_test(tc, N_27_fetch_fault_is_a_library_call);
    tcase_add_test(tc, N_23_explicit_wake_at_a_cycle);
    suite_add_tcase(s, tc);
    tc = tcase_create("compare");
    tcase_add_loop_test(tc, compare_one_mismatch_per_field, 0, WR_RF_COUNT);
    tcase_add_test(tc, compare_matching_pair_reports_nothing);
    tcase_add_test(tc, compare_controls_are_data);
    tcase_add_test(tc, compare_built_in_rules);
    tcase_add_test(tc, compare_missing_extra_and_lanes);
    tcase_add_test(tc, N_51_the_read_set_is_compared);
    tcase_add_test(tc, N_37_illegal_word_reads_the_guard);
    tcase_add_test(tc, section_5_undefined_where_the_model_is_defined);
    tcase_add_test(tc, compare_same_decides_the_common_cases);
    tcase_add_test(tc, compare_same_never_hides_a_difference);
    tcase_add_test(tc, compare_covers_every_element);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
