// test_tlm.cpp - warpref_tlm_target (tb/sc/, docs/systemc.md): the answer to
// every bad transaction (TLM-2.0 response status, the extension's status,
// nothing changed), the effect of a step against wr_step's, both operand
// modes, the annotated delay and the time, the debug map, DMI, the debug
// write that restores a checkpoint.
//
// One target, elaborated once in sc_main; each test relaunches it.  The
// transactions are called from sc_main after elaboration: the target never
// waits.
#include <cstdio>
#include <cstring>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "warpref_tlm.h"

#include <check.h>      // last: it defines a macro `fail`

namespace {

struct harness : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<harness> socket{"socket"};
    explicit harness(sc_core::sc_module_name n) : sc_core::sc_module(n) {}
};

harness *g_ini;
warpref_tlm_target *g_unit;
wr_program g_prog;                      // the test program, assembled once
warpref_tlm_extension *g_x;             // (large: not on a test's stack)

const char *const k_prog =
    ".threads 64\n"
    ".const c[0x2][0x10] = 0x7\n"
    "S2R R0, SR_LANEID ;\n"             // 0x00
    "ISETP.LT P0, R0, 0x10 ;\n"         // 0x10
    "BSSY B0, 0x60 ;\n"                 // 0x20
    "@P0 BRA 0x50 ;\n"                  // 0x30
    "LDC R1, c[0x2][0x10] ;\n"          // 0x40
    "BSYNC B0 ;\n"                      // 0x50
    "BAR.SYNC 0x3 ;\n"                  // 0x60
    "NANOSLEEP 0x4 ;\n"                 // 0x70
    "EXIT ;\n";                         // 0x80

void launch(unsigned mode, unsigned threads = 64)
{
    wr_config cfg;
    wr_config_init(&cfg, threads);
    cfg.operand_mode = mode;
    ck_assert_int_eq(g_unit->launch(cfg, 8), 0);
    g_unit->set_latency(sc_core::sc_time(5, sc_core::SC_NS));
    g_unit->set_clock_period(sc_core::sc_time(1, sc_core::SC_NS));
}

// a b_transport with the extension (or none); returns the response status
tlm::tlm_response_status send(warpref_tlm_extension *x, tlm::tlm_command cmd = tlm::TLM_WRITE_COMMAND,
                              uint64_t addr = WR_TLM_ADDR_OP, unsigned char *be = nullptr,
                              sc_core::sc_time *delay_out = nullptr)
{
    tlm::tlm_generic_payload tx;
    tx.set_command(cmd);
    tx.set_address(addr);
    tx.set_data_ptr(nullptr);
    tx.set_data_length(0);
    tx.set_byte_enable_ptr(be);
    tx.set_byte_enable_length(be ? 4 : 0);
    tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (x)
        tx.set_extension(x);
    sc_core::sc_time delay(1, sc_core::SC_NS);
    g_ini->socket->b_transport(tx, delay);
    if (x)
        tx.clear_extension(x);
    ck_assert(delay == sc_core::sc_time(6, sc_core::SC_NS));   // the latency added, never reset
    if (delay_out)
        *delay_out = delay;
    return tx.get_response_status();
}

// a step of instruction i of the test program for warp w, driven operands `ops`
warpref_tlm_extension *step_req(unsigned w, size_t i, uint64_t cycle)
{
    warpref_tlm_extension *x = g_x;
    x->op = WR_TLM_STEP;
    x->warp = w;
    x->word = g_prog.words[i];
    memset(&x->ops, 0, sizeof x->ops);
    x->cycle = cycle;
    x->illegal = 0;
    x->status = WR_TLM_STATUS_COUNT;
    return x;
}

unsigned dbg(tlm::tlm_command cmd, uint64_t addr, void *p, unsigned n)
{
    tlm::tlm_generic_payload d;
    d.set_command(cmd);
    d.set_address(addr);
    d.set_data_ptr(static_cast<unsigned char *>(p));
    d.set_data_length(n);
    return g_ini->socket->transport_dbg(d);
}

uint32_t dbg32(uint64_t addr)
{
    uint32_t v = 0xdeadbeef;
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, addr, &v, 4), 4);
    return v;
}

// the CTA is what it was (a refused transaction changes nothing)
struct snapshot {
    wr_cta c;
    snapshot() { memcpy(&c, &g_unit->cta(), sizeof c); }
    bool same() const { return memcmp(&c, &g_unit->cta(), sizeof c) == 0; }
};

void expect_refused(warpref_tlm_extension *x, tlm::tlm_response_status want, unsigned status,
                    tlm::tlm_command cmd = tlm::TLM_WRITE_COMMAND, uint64_t addr = WR_TLM_ADDR_OP,
                    unsigned char *be = nullptr)
{
    snapshot before;
    ck_assert_int_eq(send(x, cmd, addr, be), want);
    ck_assert_str_eq(wr_tlm_status_name(x->status), wr_tlm_status_name(status));
    ck_assert_msg(before.same(), "a refused transaction changed the CTA");
}

}  // namespace

// ---- error responses ------------------------------------------------------------------

START_TEST(no_extension)
{
    launch(WR_OPERANDS_DRIVEN);
    snapshot before;
    ck_assert_int_eq(send(nullptr), tlm::TLM_GENERIC_ERROR_RESPONSE);
    ck_assert(before.same());
}
END_TEST

START_TEST(bad_command)
{
    launch(WR_OPERANDS_DRIVEN);
    expect_refused(step_req(0, 0, 0), tlm::TLM_COMMAND_ERROR_RESPONSE, WR_TLM_ST_BAD_COMMAND, tlm::TLM_READ_COMMAND);
    expect_refused(step_req(0, 0, 0), tlm::TLM_COMMAND_ERROR_RESPONSE, WR_TLM_ST_BAD_COMMAND,
                   tlm::TLM_IGNORE_COMMAND);
    warpref_tlm_extension *x = step_req(0, 0, 0);
    x->op = WR_TLM_OP_COUNT;
    expect_refused(x, tlm::TLM_COMMAND_ERROR_RESPONSE, WR_TLM_ST_BAD_OP);
    x->op = 0xffffffffu;
    expect_refused(x, tlm::TLM_COMMAND_ERROR_RESPONSE, WR_TLM_ST_BAD_OP);
}
END_TEST

START_TEST(bad_address_and_byte_enables)
{
    launch(WR_OPERANDS_DRIVEN);
    expect_refused(step_req(0, 0, 0), tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_ADDRESS,
                   tlm::TLM_WRITE_COMMAND, 0x10);
    expect_refused(step_req(0, 0, 0), tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_ADDRESS,
                   tlm::TLM_WRITE_COMMAND, WR_TLM_DBG_RAW);
    unsigned char be[4] = { 0xff, 0xff, 0xff, 0xff };
    expect_refused(step_req(0, 0, 0), tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, WR_TLM_ST_BYTE_ENABLE,
                   tlm::TLM_WRITE_COMMAND, WR_TLM_ADDR_OP, be);
}
END_TEST

START_TEST(warp_out_of_range)
{
    launch(WR_OPERANDS_DRIVEN, 33);       // two warps
    expect_refused(step_req(2, 0, 0), tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_WARP);
    expect_refused(step_req(WR_MAX_WARPS, 0, 0), tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_WARP);
    expect_refused(step_req(0xffffffffu, 0, 0), tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_WARP);
    warpref_tlm_extension *x = step_req(2, 0, 0);
    x->op = WR_TLM_WAKE;
    expect_refused(x, tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_WARP);
    x->op = WR_TLM_FETCH_FAULT;
    expect_refused(x, tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_WARP);
}
END_TEST

START_TEST(undecodable_word)
{
    launch(WR_OPERANDS_DRIVEN);
    warpref_tlm_extension *x = step_req(0, 0, 0);
    for (unsigned k = 0; k < 4; k++)
        x->word.w[k] = 0xffffffffu;
    wr_insn insn;
    ck_assert_int_ne(wr_decode(&x->word, &insn, nullptr, 0), 0);
    expect_refused(x, tlm::TLM_COMMAND_ERROR_RESPONSE, WR_TLM_ST_UNDECODABLE);
    // illegal = 1: the N-37 exception, as wr_step_word does
    x->illegal = 1;
    ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
    ck_assert_uint_eq(x->status, WR_TLM_ST_OK);
    ck_assert_uint_eq(x->effect.exception, WR_EXC_ILLEGAL_ENCODING);
    ck_assert_uint_eq(g_unit->cta().warp[0].run, WR_WARP_FAULTED);
}
END_TEST

START_TEST(model_refuses)
{
    launch(WR_OPERANDS_DRIVEN);
    // a wake without a deadline, a fetch fault without a fault
    warpref_tlm_extension *x = step_req(1, 0, 0);
    x->op = WR_TLM_WAKE;
    ck_assert_int_eq(send(x), tlm::TLM_GENERIC_ERROR_RESPONSE);
    ck_assert_uint_eq(x->status, WR_TLM_ST_MODEL_ERROR);
    ck_assert_uint_eq(x->error, WR_ERR_CALL);
    ck_assert_msg(x->message[0] != '\0', "no message");
    x->op = WR_TLM_FETCH_FAULT;
    x->why = WR_FETCH_NONE;
    ck_assert_int_eq(send(x), tlm::TLM_GENERIC_ERROR_RESPONSE);
    ck_assert_uint_eq(x->error, WR_ERR_CALL);
    // a warp that is not ready: faulted by a fetch fault first
    x->why = WR_FETCH_MISALIGNED;
    ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
    ck_assert_uint_eq(x->effect.fetch_fault, WR_FETCH_MISALIGNED);
    ck_assert_uint_eq(g_unit->cta().warp[1].run, WR_WARP_FAULTED);
    x = step_req(1, 0, 0);
    ck_assert_int_eq(send(x), tlm::TLM_GENERIC_ERROR_RESPONSE);
    ck_assert_uint_eq(x->status, WR_TLM_ST_MODEL_ERROR);
    ck_assert_uint_eq(x->error, WR_ERR_CALL);
    ck_assert_str_eq(wr_error_name(x->error), "CALL");
}
END_TEST

START_TEST(bad_configuration)
{
    wr_config cfg;
    wr_config_init(&cfg, 2000);
    g_unit->set_latency(sc_core::sc_time(5, sc_core::SC_NS));
    ck_assert_int_eq(g_unit->launch(cfg), -1);
    ck_assert_msg(strstr(g_unit->last_error(), "thread count 2000") != nullptr, "%s", g_unit->last_error());
    expect_refused(step_req(0, 0, 0), tlm::TLM_ADDRESS_ERROR_RESPONSE, WR_TLM_ST_BAD_WARP);
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_CTA + 4), 0);       // no warps
    // self-contained: 1..255 registers, all 255 by default
    wr_config_init(&cfg, 32);
    cfg.operand_mode = WR_OPERANDS_SELF;
    ck_assert_int_eq(g_unit->launch(cfg, 256), -1);
    ck_assert_str_eq(g_unit->last_error(), "launch: 256 registers: 1..255 (R0..R254)");
    ck_assert_int_eq(g_unit->launch(cfg, 0), -1);
    ck_assert_int_eq(g_unit->launch(cfg), 0);
    ck_assert_uint_eq(g_unit->regs()->nregs, 255);
    ck_assert_str_eq(g_unit->last_error(), "");
    ck_assert_int_eq(g_unit->set_const(32, 0, 1), -1);
    ck_assert_int_eq(g_unit->set_const(0, 2, 1), -1);
}
END_TEST

// ---- steps ----------------------------------------------------------------------------------

// The test program on warp `w` through the target and on a CTA of its own
// through wr_step with the same operands: the records agree field by field.
START_TEST(steps_equal_wr_step)
{
    const unsigned mode = _i ? WR_OPERANDS_SELF : WR_OPERANDS_DRIVEN;
    launch(mode);
    wr_config cfg;
    wr_config_init(&cfg, 64);
    static wr_cta ref;
    static wr_regfile rf;
    static wr_retire rec;
    ck_assert_int_eq(wr_cta_init(&ref, &cfg), 0);
    ck_assert_int_eq(wr_regfile_init(&rf, 2, 8), 0);
    for (size_t i = 0; i < g_prog.nconsts; i++)
        wr_regfile_const(&rf, g_prog.consts[i].bank, g_prog.consts[i].offset, g_prog.consts[i].value);
    uint64_t t = 0;
    for (; ref.warp[0].run == WR_WARP_READY && t < 20; t++) {   // warp 0 up to its BAR.SYNC (blocks)
        const size_t i = ref.warp[0].active_pc / WR_INST_SIZE;
        wr_operands o;
        wr_regfile_read(&rf, 0, &g_prog.insns[i], &o);
        ref.now = t;
        ck_assert_int_eq(wr_step(&ref, 0, &g_prog.insns[i], &o, &rec), 0);
        wr_regfile_apply(&rf, &rec);
        warpref_tlm_extension *x = step_req(0, i, t);
        if (mode == WR_OPERANDS_DRIVEN)
            x->ops = o;
        ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
        ck_assert_uint_eq(x->status, WR_TLM_ST_OK);
        static wr_compare_report rep;
        char text[2048];
        const int nd = wr_compare(&rec, &x->effect, nullptr, &rep);
        wr_compare_format(&rep, &rec, &x->effect, nullptr, text, sizeof text);
        ck_assert_msg(nd == 0, "pc 0x%zx: %s", i * WR_INST_SIZE, text);
        ck_assert_uint_eq(x->effect.book.t, t);
        if (mode == WR_OPERANDS_SELF && (wr_insn_reads(&g_prog.insns[i]) & WR_IN_RA))
            ck_assert_mem_eq(x->ops.ra, o.ra, sizeof o.ra);   // the values the target read
    }
    ck_assert_uint_eq(g_unit->cta().warp[0].run, WR_WARP_BLOCKED);
    ck_assert_mem_eq(&g_unit->cta().warp[0], &ref.warp[0], sizeof ref.warp[0]);
    ck_assert_mem_eq(g_unit->cta().bar, ref.bar, sizeof ref.bar);
    if (mode == WR_OPERANDS_SELF) {                 // LDC R1 read c[2][0x10] = 7 in lanes 16..31
        const wr_regfile *mine = g_unit->regs();
        ck_assert_ptr_nonnull(mine);
        ck_assert_uint_eq(mine->r[wr_regfile_slot(mine, 0, 1) * WR_LANES + 20], 7);
        ck_assert_uint_eq(mine->r[wr_regfile_slot(mine, 0, 1) * WR_LANES + 3], 0);
        ck_assert_mem_eq(mine->r, rf.r, 2 * 8 * WR_LANES * sizeof *rf.r);
    } else {
        ck_assert_ptr_null(g_unit->regs());
    }
    wr_regfile_free(&rf);
}
END_TEST

// the time of a step: explicit, or the SystemC time plus the delay over the clock period
START_TEST(time_and_sleep)
{
    launch(WR_OPERANDS_DRIVEN, 32);
    g_unit->set_clock_period(sc_core::sc_time(500, sc_core::SC_PS));
    warpref_tlm_extension *x = step_req(0, 7, WR_TLM_SC_TIME);   // NANOSLEEP 0x4 at 1 ns: t = 2
    ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
    ck_assert_uint_eq(x->effect.book.t, 2);
    ck_assert_uint_eq(g_unit->cta().warp[0].run, WR_WARP_ASLEEP);
    uint64_t dl = 0;
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_WARP + WR_TLM_W_DEADLINE, &dl, 8), 8);
    ck_assert_uint_eq(dl, g_unit->cta().deadline[0]);
    ck_assert_uint_ne(dl, WR_NO_DEADLINE);
    // asleep: refused before the deadline, executed from it on (the target fires it)
    x = step_req(0, 8, dl - 1);
    ck_assert_int_eq(send(x), tlm::TLM_GENERIC_ERROR_RESPONSE);
    ck_assert_uint_eq(x->error, WR_ERR_CALL);
    x = step_req(0, 8, dl);
    ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
    ck_assert_uint_eq(x->effect.book.wake, 1);
    ck_assert_uint_eq(g_unit->cta().warp[0].run, WR_WARP_EXITED);
    // an explicit wake (a checker following another's timing)
    launch(WR_OPERANDS_DRIVEN, 32);
    x = step_req(0, 7, 10);
    ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
    x = step_req(0, 0, 12);
    x->op = WR_TLM_WAKE;
    ck_assert_int_eq(send(x), tlm::TLM_OK_RESPONSE);
    ck_assert_uint_eq(g_unit->cta().warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(g_unit->cta().now, 12);
}
END_TEST

// ---- the debug path -------------------------------------------------------------------------

START_TEST(debug_map)
{
    launch(WR_OPERANDS_SELF);
    for (size_t i = 0; i < 3; i++)                 // S2R, ISETP, BSSY B0 on warp 1
        ck_assert_int_eq(send(step_req(1, i, i)), tlm::TLM_OK_RESPONSE);
    const wr_cta &c = g_unit->cta();
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_CTA + 0x00), 64);
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_CTA + 0x04), 2);
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_CTA + 0x08), 16);
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_CTA + 0x10), WR_OPERANDS_SELF);
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_CTA + 0x18), 2);    // now
    const uint64_t w1 = WR_TLM_DBG_WARP + WR_TLM_DBG_WARP_STRIDE;
    ck_assert_uint_eq(dbg32(w1 + WR_TLM_W_ACTIVE_PC), 0x30);
    ck_assert_uint_eq(dbg32(w1 + WR_TLM_W_VALID), 0xffffffffu);
    ck_assert_uint_eq(dbg32(w1 + WR_TLM_W_ACTIVE), 0xffffffffu);
    ck_assert_uint_eq(dbg32(w1 + WR_TLM_W_BREG + 0), 0xffffffffu);   // B0 after BSSY
    ck_assert_uint_eq(dbg32(w1 + WR_TLM_W_BREG + 4), 0);
    ck_assert_uint_eq(dbg32(w1 + WR_TLM_W_RUN), WR_WARP_READY);
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_WARP + WR_TLM_W_ACTIVE_PC), 0);  // warp 0 never ran
    // a whole warp block, byte for byte, against the state
    unsigned char blk[WR_TLM_W_SIZE];
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, w1, blk, sizeof blk), sizeof blk);
    uint64_t rpc5;
    memcpy(&rpc5, blk + WR_TLM_W_RPC + 8 * 5, 8);
    ck_assert_uint_eq(rpc5, c.warp[1].rpc[5]);
    // an unaligned read across words
    unsigned char three[3];
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, w1 + WR_TLM_W_ACTIVE_PC + 1, three, 3), 3);
    ck_assert_uint_eq(three[0], 0);
    // barrier 3 is idle
    ck_assert_uint_eq(dbg32(WR_TLM_DBG_BAR + 3 * WR_TLM_DBG_BAR_STRIDE), c.bar[3].word);
    // unmapped: past the CTA block, past the barriers and the warps; a read stops there
    uint32_t v;
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_CTA_SIZE, &v, 4), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_CTA_SIZE - 2, &v, 4), 2);
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_BAR + 16 * WR_TLM_DBG_BAR_STRIDE, &v, 4), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_WARP + 2 * WR_TLM_DBG_WARP_STRIDE, &v, 4), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, w1 + WR_TLM_W_SIZE, &v, 4), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_RAW + sizeof(wr_cta), &v, 4), 0);
    // no side effects; the debug view is not writable; no data, no transfer
    snapshot before;
    ck_assert_uint_eq(dbg(tlm::TLM_WRITE_COMMAND, w1 + WR_TLM_W_VALID, &v, 4), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_IGNORE_COMMAND, w1, &v, 4), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, w1, nullptr, 4), 0);
    ck_assert(before.same());
}
END_TEST

// a checkpoint: the image read through the debug path and written back later
START_TEST(checkpoint_restore)
{
    launch(WR_OPERANDS_DRIVEN);
    static unsigned char saved[sizeof(wr_cta)];
    ck_assert_uint_eq(dbg(tlm::TLM_READ_COMMAND, WR_TLM_DBG_RAW, saved, sizeof saved), sizeof saved);
    ck_assert_mem_eq(saved, &g_unit->cta(), sizeof saved);
    ck_assert_int_eq(send(step_req(0, 2, 0)), tlm::TLM_OK_RESPONSE);      // BSSY
    ck_assert_uint_eq(g_unit->cta().warp[0].breg[0], 0xffffffffu);
    const size_t off = offsetof(wr_cta, bar);
    // the launch configuration is not writable, nor past the image
    ck_assert_uint_eq(dbg(tlm::TLM_WRITE_COMMAND, WR_TLM_DBG_RAW, saved, sizeof saved), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_WRITE_COMMAND, WR_TLM_DBG_RAW + off, saved + off,
                          static_cast<unsigned>(sizeof saved - off + 1)), 0);
    ck_assert_uint_eq(dbg(tlm::TLM_WRITE_COMMAND, WR_TLM_DBG_RAW + off, saved + off,
                          static_cast<unsigned>(sizeof saved - off)), sizeof saved - off);
    ck_assert_mem_eq(saved, &g_unit->cta(), sizeof saved);
}
END_TEST

START_TEST(dmi)
{
    launch(WR_OPERANDS_DRIVEN);
    tlm::tlm_generic_payload q;
    tlm::tlm_dmi d;
    q.set_command(tlm::TLM_READ_COMMAND);
    q.set_address(WR_TLM_DBG_RAW + 8);
    ck_assert(g_ini->socket->get_direct_mem_ptr(q, d));
    ck_assert(d.is_read_allowed() && !d.is_write_allowed());
    ck_assert_uint_eq(d.get_start_address(), WR_TLM_DBG_RAW);
    ck_assert_uint_eq(d.get_end_address(), WR_TLM_DBG_RAW + sizeof(wr_cta) - 1);
    ck_assert_ptr_eq(d.get_dmi_ptr(), reinterpret_cast<const unsigned char *>(&g_unit->cta()));
    // the pointer follows the state
    ck_assert_int_eq(send(step_req(0, 2, 0)), tlm::TLM_OK_RESPONSE);
    const wr_cta *view = reinterpret_cast<const wr_cta *>(d.get_dmi_ptr());
    ck_assert_uint_eq(view->warp[0].breg[0], 0xffffffffu);
    // no write access, nothing outside the image
    tlm::tlm_dmi d2;
    q.set_command(tlm::TLM_WRITE_COMMAND);
    ck_assert(!g_ini->socket->get_direct_mem_ptr(q, d2));
    ck_assert(d2.is_none_allowed());
    tlm::tlm_dmi d3;
    q.set_command(tlm::TLM_READ_COMMAND);
    q.set_address(WR_TLM_DBG_WARP);
    ck_assert(!g_ini->socket->get_direct_mem_ptr(q, d3));
    ck_assert(d3.is_none_allowed());
    ck_assert_uint_eq(d3.get_start_address(), 0);
    ck_assert_uint_eq(d3.get_end_address(), WR_TLM_DBG_RAW - 1);
}
END_TEST

START_TEST(extension_copies)
{
    warpref_tlm_extension *x = step_req(1, 4, 9);
    x->ops.ra[3] = 42;
    tlm::tlm_extension_base *y = x->clone();
    const auto *z = static_cast<const warpref_tlm_extension *>(y);
    ck_assert_uint_eq(z->warp, 1);
    ck_assert_uint_eq(z->cycle, 9);
    ck_assert_uint_eq(z->ops.ra[3], 42);
    ck_assert_mem_eq(&z->word, &g_prog.words[4], sizeof z->word);
    static warpref_tlm_extension w;
    w.copy_from(*y);
    ck_assert_uint_eq(w.ops.ra[3], 42);
    y->free();
    ck_assert_str_eq(wr_tlm_op_name(WR_TLM_FETCH_FAULT), "fetch_fault");
    ck_assert_str_eq(wr_tlm_op_name(99), "?");
    ck_assert_int_eq(wr_tlm_response(WR_TLM_ST_UNDECODABLE), tlm::TLM_COMMAND_ERROR_RESPONSE);
    ck_assert_int_eq(wr_tlm_response(999), tlm::TLM_GENERIC_ERROR_RESPONSE);
}
END_TEST

int sc_main(int, char **)
{
    char err[256];
    if (wr_assemble(k_prog, "test_tlm.s", &g_prog, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    wr_config cfg;
    wr_config_init(&cfg, 64);
    g_ini = new harness("ini");
    g_unit = new warpref_tlm_target("unit", cfg);
    g_x = new warpref_tlm_extension;
    if (g_unit->set_consts(g_prog) != 0) {          // self mode's constant bank
        fprintf(stderr, "%s\n", g_unit->last_error());
        return 1;
    }
    g_ini->socket.bind(g_unit->socket);
    sc_core::sc_start(sc_core::SC_ZERO_TIME);      // elaboration done: the sockets are bound

    Suite *s = suite_create("tlm");
    TCase *t = tcase_create("errors");
    tcase_add_test(t, no_extension);
    tcase_add_test(t, bad_command);
    tcase_add_test(t, bad_address_and_byte_enables);
    tcase_add_test(t, warp_out_of_range);
    tcase_add_test(t, undecodable_word);
    tcase_add_test(t, model_refuses);
    tcase_add_test(t, bad_configuration);
    suite_add_tcase(s, t);
    t = tcase_create("steps");
    tcase_add_loop_test(t, steps_equal_wr_step, 0, 2);    // driven, self
    tcase_add_test(t, time_and_sleep);
    suite_add_tcase(s, t);
    t = tcase_create("debug");
    tcase_add_test(t, debug_map);
    tcase_add_test(t, checkpoint_restore);
    tcase_add_test(t, dmi);
    tcase_add_test(t, extension_copies);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    const int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    wr_program_free(&g_prog);
    return failed != 0;
}
