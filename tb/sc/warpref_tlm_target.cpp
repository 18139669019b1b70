// warpref_tlm_target.cpp - the model as a TLM-2.0 target: a thin driver of
// wr_step and friends (warpref_tlm.h, docs/systemc.md).  No semantics here.
#include "warpref_tlm.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace {

const char *const k_op_names[] = {
#define WR_X_(name, text, doc) text,
    WR_TLM_OPS(WR_X_)
#undef WR_X_
};

const char *const k_status_names[] = {
#define WR_X_(name, resp, doc) #name,
    WR_TLM_STATUSES(WR_X_)
#undef WR_X_
};

const tlm::tlm_response_status k_responses[] = {
#define WR_X_(name, resp, doc) tlm::resp,
    WR_TLM_STATUSES(WR_X_)
#undef WR_X_
};

// the part of the CTA a debug write restores: everything after the launch configuration
constexpr size_t k_state_off = offsetof(wr_cta, bar);

}  // namespace

const char *wr_tlm_op_name(unsigned op) { return op < WR_TLM_OP_COUNT ? k_op_names[op] : "?"; }
const char *wr_tlm_status_name(unsigned st) { return st < WR_TLM_STATUS_COUNT ? k_status_names[st] : "?"; }

tlm::tlm_response_status wr_tlm_response(unsigned st)
{
    return st < WR_TLM_STATUS_COUNT ? k_responses[st] : tlm::TLM_GENERIC_ERROR_RESPONSE;
}

tlm::tlm_extension_base *warpref_tlm_extension::clone() const { return new warpref_tlm_extension(*this); }

void warpref_tlm_extension::copy_from(const tlm::tlm_extension_base &other)
{
    *this = static_cast<const warpref_tlm_extension &>(other);
}

// ---- construction --------------------------------------------------------------------

warpref_tlm_target::warpref_tlm_target(sc_core::sc_module_name name, const wr_config &cfg, unsigned nregs)
    : sc_core::sc_module(name), socket("socket"), cta_(new wr_cta())
{
    socket.register_b_transport(this, &warpref_tlm_target::b_transport);
    socket.register_transport_dbg(this, &warpref_tlm_target::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &warpref_tlm_target::get_direct_mem_ptr);
    launch(cfg, nregs);
}

warpref_tlm_target::~warpref_tlm_target()
{
    if (have_rf_)
        wr_regfile_free(&rf_);
}

int warpref_tlm_target::launch(const wr_config &cfg, unsigned nregs)
{
    if (have_rf_)
        wr_regfile_free(&rf_);
    have_rf_ = false;
    wr_config c = cfg;
    c.record_state = 1;                  // the effect carries the state after
    if (wr_cta_init(cta_.get(), &c) != 0) {
        snprintf(err_, sizeof err_, "launch: %s", wr_cta_errmsg(cta_.get()));
        cta_->nwarps = 0;                // unusable: every operation answers BAD_WARP
        return -1;
    }
    if (cta_->operand_mode == WR_OPERANDS_SELF) {
        if (nregs < 1 || nregs > WR_RZ) {
            snprintf(err_, sizeof err_, "launch: %u registers: 1..%d (R0..R%d)", nregs, WR_RZ, WR_RZ - 1);
            cta_->nwarps = 0;
            return -1;
        }
        if (wr_regfile_init(&rf_, cta_->nwarps, nregs) != 0) {
            snprintf(err_, sizeof err_, "launch: no memory for %u registers of %u warps", nregs, cta_->nwarps);
            cta_->nwarps = 0;
            return -1;
        }
        have_rf_ = true;
        for (const wr_const_init &k : consts_)
            wr_regfile_const(&rf_, k.bank, k.offset, k.value);
    }
    err_[0] = '\0';
    return 0;
}

int warpref_tlm_target::set_const(unsigned bank, unsigned offset, uint32_t value)
{
    if (bank >= WR_CONST_BANKS || offset >= WR_CONST_BANK_BYTES || offset % 4 != 0) {
        snprintf(err_, sizeof err_, "c[0x%x][0x%x]: no such constant word", bank, offset);
        return -1;
    }
    if (have_rf_ && wr_regfile_const(&rf_, bank, offset, value) != 0) {
        snprintf(err_, sizeof err_, "c[0x%x][0x%x]: out of memory", bank, offset);
        return -1;
    }
    consts_.push_back(wr_const_init{ static_cast<uint8_t>(bank), static_cast<uint16_t>(offset), value });
    return 0;
}

int warpref_tlm_target::set_consts(const wr_program &prog)
{
    for (size_t i = 0; i < prog.nconsts; i++)
        if (set_const(prog.consts[i].bank, prog.consts[i].offset, prog.consts[i].value) != 0)
            return -1;
    return 0;
}

// ---- b_transport -----------------------------------------------------------------------

void warpref_tlm_target::b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay)
{
    warpref_tlm_extension *x = tx.get_extension<warpref_tlm_extension>();
    if (!x) {                            // a mandatory extension is missing
        tx.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        delay += latency_;
        return;
    }
    x->error = WR_ERR_NONE;
    x->message[0] = '\0';
    unsigned st;
    if (tx.get_command() != tlm::TLM_WRITE_COMMAND)
        st = WR_TLM_ST_BAD_COMMAND;
    else if (tx.get_address() != WR_TLM_ADDR_OP)
        st = WR_TLM_ST_BAD_ADDRESS;
    else if (tx.get_byte_enable_ptr() != nullptr)
        st = WR_TLM_ST_BYTE_ENABLE;
    else if (x->op >= WR_TLM_OP_COUNT)
        st = WR_TLM_ST_BAD_OP;
    else if (x->warp >= cta_->nwarps)
        st = WR_TLM_ST_BAD_WARP;
    else
        st = execute(*x, x->cycle != WR_TLM_SC_TIME
                             ? x->cycle
                             : static_cast<uint64_t>((sc_core::sc_time_stamp() + delay) / period_));
    x->status = st;
    tx.set_response_status(k_responses[st]);
    delay += latency_;
}

// One operation on the CTA; the transaction is well formed.
unsigned warpref_tlm_target::execute(warpref_tlm_extension &x, uint64_t cycle)
{
    wr_cta *c = cta_.get();
    int rc;
    switch (x.op) {
    case WR_TLM_STEP: {
        wr_insn insn;
        const bool decoded = wr_decode(&x.word, &insn, nullptr, 0) == 0;
        if (!decoded && !x.illegal)
            return WR_TLM_ST_UNDECODABLE;
        c->now = cycle;
        wr_fire_deadlines(c);            // N-23: the deadlines due by the issue time
        if (have_rf_ && decoded && c->warp[x.warp].run == WR_WARP_READY)
            wr_regfile_read(&rf_, x.warp, &insn, &x.ops);
        rc = wr_step_word(c, x.warp, &x.word, &x.ops, &x.effect);
        if (have_rf_ && (rc == 0 || wr_cta_error(c) == WR_ERR_EVENTS))
            wr_regfile_apply(&rf_, &x.effect);
        break;
    }
    case WR_TLM_FETCH_FAULT:
        rc = wr_fetch_fault(c, x.warp, x.why, &x.effect);
        break;
    default:                             // WR_TLM_WAKE
        rc = wr_wake(c, x.warp, cycle);
        break;
    }
    if (rc == 0)
        return WR_TLM_ST_OK;
    x.error = wr_cta_error(c);
    snprintf(x.message, sizeof x.message, "%s", wr_cta_errmsg(c));
    return WR_TLM_ST_MODEL_ERROR;
}

// ---- the debug path ------------------------------------------------------------------------

// The 32-bit word at `addr` (4-aligned) of the debug map; false if not mapped.
bool warpref_tlm_target::dbg_word(uint64_t addr, uint32_t *v) const
{
    const wr_cta &c = *cta_;
    auto lo = [](uint64_t x) { return static_cast<uint32_t>(x); };
    auto hi = [](uint64_t x) { return static_cast<uint32_t>(x >> 32); };
    if (addr < WR_TLM_DBG_CTA + WR_TLM_DBG_CTA_SIZE) {
        const uint32_t words[] = { c.threads, c.nwarps, c.nbars, c.profile, c.operand_mode,
                                   c.wake_pending, lo(c.now), hi(c.now) };
        *v = words[(addr - WR_TLM_DBG_CTA) / 4];
        return true;
    }
    if (addr >= WR_TLM_DBG_BAR && addr < WR_TLM_DBG_BAR + c.nbars * WR_TLM_DBG_BAR_STRIDE) {
        const wr_barrier &b = c.bar[(addr - WR_TLM_DBG_BAR) / WR_TLM_DBG_BAR_STRIDE];
        const uint32_t words[] = { b.word, b.blocked, b.arrived, 0 };
        *v = words[(addr - WR_TLM_DBG_BAR) % WR_TLM_DBG_BAR_STRIDE / 4];
        return true;
    }
    if (addr < WR_TLM_DBG_WARP || addr >= WR_TLM_DBG_WARP + c.nwarps * WR_TLM_DBG_WARP_STRIDE)
        return false;
    const unsigned w = static_cast<unsigned>((addr - WR_TLM_DBG_WARP) / WR_TLM_DBG_WARP_STRIDE);
    const uint64_t off = (addr - WR_TLM_DBG_WARP) % WR_TLM_DBG_WARP_STRIDE;
    const wr_warp &p = c.warp[w];
    if (off >= WR_TLM_W_SIZE)
        return false;
    if (off >= WR_TLM_W_RPC) {
        const uint64_t r = p.rpc[(off - WR_TLM_W_RPC) / 8];
        *v = off % 8 ? hi(r) : lo(r);
    } else if (off >= WR_TLM_W_BREG) {
        *v = p.breg[(off - WR_TLM_W_BREG) / 4];
    } else {
        const uint32_t words[] = { lo(p.active_pc), hi(p.active_pc), p.valid, p.active, p.yield, p.sleep,
                                   p.swtch, p.bar_state, p.bar_state_defined, p.run,
                                   p.run == WR_WARP_BLOCKED ? p.blocked_bar : 0u, 0, lo(c.deadline[w]),
                                   hi(c.deadline[w]), 0, 0 };
        *v = words[off / 4];
    }
    return true;
}

unsigned warpref_tlm_target::dbg_read(uint64_t addr, unsigned char *p, unsigned n) const
{
    if (addr >= WR_TLM_DBG_RAW) {
        const uint64_t off = addr - WR_TLM_DBG_RAW;
        if (off >= sizeof(wr_cta))
            return 0;
        const unsigned k = static_cast<unsigned>(std::min<uint64_t>(n, sizeof(wr_cta) - off));
        memcpy(p, reinterpret_cast<const unsigned char *>(cta_.get()) + off, k);
        return k;
    }
    unsigned i = 0;
    for (; i < n; i++) {
        uint32_t v;
        const uint64_t a = addr + i;
        if (!dbg_word(a & ~UINT64_C(3), &v))
            break;
        p[i] = static_cast<unsigned char>(v >> (8 * (a & 3)));
    }
    return i;
}

// a restore of the state part of the image, whole bytes inside it only
unsigned warpref_tlm_target::dbg_write(uint64_t addr, const unsigned char *p, unsigned n)
{
    if (addr < WR_TLM_DBG_RAW + k_state_off || addr - WR_TLM_DBG_RAW > sizeof(wr_cta) ||
        n > sizeof(wr_cta) - (addr - WR_TLM_DBG_RAW))
        return 0;
    memcpy(reinterpret_cast<unsigned char *>(cta_.get()) + (addr - WR_TLM_DBG_RAW), p, n);
    return n;
}

unsigned warpref_tlm_target::transport_dbg(tlm::tlm_generic_payload &tx)
{
    unsigned char *p = tx.get_data_ptr();
    const unsigned n = tx.get_data_length();
    if (!p || n == 0)
        return 0;
    switch (tx.get_command()) {
    case tlm::TLM_READ_COMMAND: return dbg_read(tx.get_address(), p, n);
    case tlm::TLM_WRITE_COMMAND: return dbg_write(tx.get_address(), p, n);
    default: return 0;
    }
}

// Read-only DMI to the CTA image, nothing else: a request to read in the
// image is granted; a request to write, or outside it, is not (the object
// then says where DMI is not available).
bool warpref_tlm_target::get_direct_mem_ptr(tlm::tlm_generic_payload &tx, tlm::tlm_dmi &dmi)
{
    const uint64_t a = tx.get_address(), end = WR_TLM_DBG_RAW + sizeof(wr_cta);
    dmi.set_read_latency(sc_core::SC_ZERO_TIME);
    dmi.set_write_latency(sc_core::SC_ZERO_TIME);
    if (a < WR_TLM_DBG_RAW || a >= end) {
        dmi.set_start_address(a < WR_TLM_DBG_RAW ? 0 : end);
        dmi.set_end_address(a < WR_TLM_DBG_RAW ? WR_TLM_DBG_RAW - 1 : UINT64_MAX);
        dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_NONE);
        return false;
    }
    dmi.set_start_address(WR_TLM_DBG_RAW);
    dmi.set_end_address(end - 1);
    if (tx.get_command() != tlm::TLM_READ_COMMAND) {
        dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_NONE);
        return false;
    }
    dmi.set_dmi_ptr(reinterpret_cast<unsigned char *>(cta_.get()));
    dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_READ);
    return true;
}
