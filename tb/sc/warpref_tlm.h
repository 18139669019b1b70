// warpref_tlm.h - the model as a SystemC TLM-2.0 target (docs/systemc.md).
//
// warpref_tlm_target is an sc_module with one tlm_utils::simple_target_socket.
// A b_transport whose generic payload carries a warpref_tlm_extension is one
// operation of the model on the target's CTA: a step of one warp instruction
// (wr_step), a fetch fault (wr_fetch_fault) or a sleep deadline that fired
// (wr_wake).  The effect comes back in the extension as the model's retire
// record (warpref/retire.h): the warp's state after, the destination writes
// with their don't-care masks, the barrier changes, the events.  Every
// transaction takes the configured latency (loosely timed: added to the
// annotated delay, never waited for).  Bad transactions get the TLM-2.0
// error response that matches (WR_TLM_STATUSES), never an abort.
//
// transport_dbg reads the CTA state at the addresses of the debug map below
// (no side effects); get_direct_mem_ptr grants read-only DMI to the CTA
// itself (the wr_cta of warpref/model.h, host layout).  A debug write to that
// image restores the CTA's state (a checkpoint taken by a debug read).
//
// Operands (wr_config.operand_mode): in driven mode (WR_OPERANDS_DRIVEN) the
// initiator gives the values the instruction read; in self-contained mode
// (WR_OPERANDS_SELF, wr_config_init's default) the target reads them from its
// own register file (the values it read are returned in the extension) and
// stores the writes.
#ifndef WARPREF_TLM_H
#define WARPREF_TLM_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "warpref.h"

// What a transaction asks (warpref_tlm_extension::op): X(NAME, "spelling", doc).
#define WR_TLM_OPS(X)                                                                           \
    X(STEP,        "step",        "execute `word` for `warp` with `ops` at `cycle` (wr_step)")   \
    X(FETCH_FAULT, "fetch_fault", "`warp` could not fetch at its ActivePC, `why` (N-27)")        \
    X(WAKE,        "wake",        "`warp`'s sleep deadline fired at `cycle` (N-23, wr_wake)")

enum wr_tlm_op {
#define WR_X_(name, text, doc) WR_TLM_##name,
    WR_TLM_OPS(WR_X_)
#undef WR_X_
    WR_TLM_OP_COUNT
};

// How the target answered (warpref_tlm_extension::status) and the TLM-2.0
// response status it set: X(NAME, RESPONSE, doc).  A payload without the
// extension gets TLM_GENERIC_ERROR_RESPONSE (there is nowhere to say more).
#define WR_TLM_STATUSES(X)                                                                       \
    X(OK,           TLM_OK_RESPONSE,                "done: the effect is in the extension")       \
    X(BAD_COMMAND,  TLM_COMMAND_ERROR_RESPONSE,     "not TLM_WRITE_COMMAND; nothing done")         \
    X(BAD_ADDRESS,  TLM_ADDRESS_ERROR_RESPONSE,     "address not WR_TLM_ADDR_OP; nothing done")    \
    X(BYTE_ENABLE,  TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables given; nothing done")             \
    X(BAD_OP,       TLM_COMMAND_ERROR_RESPONSE,     "op not one of WR_TLM_OPS; nothing done")      \
    X(BAD_WARP,     TLM_ADDRESS_ERROR_RESPONSE,     "warp beyond the CTA's warps; nothing done")   \
    X(UNDECODABLE,  TLM_COMMAND_ERROR_RESPONSE,     "the word is no instruction of the table and `illegal` is 0; nothing done") \
    X(MODEL_ERROR,  TLM_GENERIC_ERROR_RESPONSE,     "the model refused or failed: `error` (wr_error) and `message`")

enum wr_tlm_status {
#define WR_X_(name, resp, doc) WR_TLM_ST_##name,
    WR_TLM_STATUSES(WR_X_)
#undef WR_X_
    WR_TLM_STATUS_COUNT
};

const char *wr_tlm_op_name(unsigned op);            // "step"
const char *wr_tlm_status_name(unsigned status);    // "BAD_WARP"
tlm::tlm_response_status wr_tlm_response(unsigned status);

// b_transport's one address; `cycle` meaning "from the SystemC time".
constexpr uint64_t WR_TLM_ADDR_OP = 0;
constexpr uint64_t WR_TLM_SC_TIME = UINT64_MAX;

// The debug map (transport_dbg; little-endian 32-bit words, 64-bit values as
// two words, low first).  Bytes outside these blocks are not mapped: a read
// stops there and returns the bytes it read.
//   CTA      WR_TLM_DBG_CTA: threads, nwarps, nbarriers, profile, operand mode,
//            warps with a pending `wake`, now (64 bits)
//   barrier  WR_TLM_DBG_BAR + b * WR_TLM_DBG_BAR_STRIDE, b < nbarriers:
//            state word (N-38), warps blocked on it, warps arrived, 0
//   warp     WR_TLM_DBG_WARP + w * WR_TLM_DBG_WARP_STRIDE, w < nwarps, the
//            WR_TLM_W_* offsets: ActivePC, the five masks, WarpBARState and
//            its defined bit, run state, barrier waited on, sleep deadline,
//            B0..B15, RPC of each lane
//   image    WR_TLM_DBG_RAW: the wr_cta itself (host layout), sizeof(wr_cta)
//            bytes; DMI (read only); a debug write restores [offsetof(wr_cta,
//            bar), sizeof(wr_cta)), the state after the launch configuration
enum : uint64_t {
    WR_TLM_DBG_CTA = 0x0000,
    WR_TLM_DBG_CTA_SIZE = 0x20,
    WR_TLM_DBG_BAR = 0x0100,
    WR_TLM_DBG_BAR_STRIDE = 0x10,
    WR_TLM_DBG_WARP = 0x1000,
    WR_TLM_DBG_WARP_STRIDE = 0x200,
    WR_TLM_DBG_RAW = 0x10000
};

// Word offsets in a warp's debug block.
enum : uint64_t {
    WR_TLM_W_ACTIVE_PC = 0x000,  // 64 bits
    WR_TLM_W_VALID = 0x008,
    WR_TLM_W_ACTIVE = 0x00c,
    WR_TLM_W_YIELD = 0x010,
    WR_TLM_W_SLEEP = 0x014,
    WR_TLM_W_SWITCH = 0x018,
    WR_TLM_W_BAR_STATE = 0x01c,
    WR_TLM_W_BAR_STATE_DEFINED = 0x020,
    WR_TLM_W_RUN = 0x024,        // wr_run_state
    WR_TLM_W_BLOCKED_BAR = 0x028,
    WR_TLM_W_DEADLINE = 0x030,   // 64 bits, WR_NO_DEADLINE if none
    WR_TLM_W_BREG = 0x040,       // + 4 n
    WR_TLM_W_RPC = 0x080,        // + 8 lane, 64 bits
    WR_TLM_W_SIZE = 0x180
};

// The payload extension: the request (set by the initiator) and the answer
// (set by the target).  Mandatory: b_transport answers a payload without it
// with TLM_GENERIC_ERROR_RESPONSE.
struct warpref_tlm_extension : tlm::tlm_extension<warpref_tlm_extension> {
    // ---- request ----
    uint32_t op = WR_TLM_STEP;        // wr_tlm_op
    uint32_t warp = 0;                // the warp, < the CTA's warps
    wr_word word = {};                // STEP: the 128-bit instruction, w[0] = bits 31:0
    wr_operands ops = {};             // STEP: the operand values read (driven mode);
                                      // self mode: filled by the target with those it read
    uint64_t cycle = WR_TLM_SC_TIME;  // STEP, WAKE: the issue time (the CTA's `now`);
                                      // WR_TLM_SC_TIME: (sc_time_stamp() + delay) / clock period
    uint32_t why = WR_FETCH_NO_INSN;  // FETCH_FAULT: wr_fetch_status
    uint32_t illegal = 0;             // STEP with an undecodable word: 0 answers UNDECODABLE;
                                      // 1 executes it: ILLEGAL_ENCODING exception (N-37)
    // ---- answer ----
    uint32_t status = WR_TLM_ST_OK;   // wr_tlm_status
    uint32_t error = WR_ERR_NONE;     // MODEL_ERROR: wr_error
    char message[160] = "";           // MODEL_ERROR: the model's message
    wr_retire effect;                 // OK (and MODEL_ERROR EVENTS): the retire record

    tlm::tlm_extension_base *clone() const override;
    void copy_from(const tlm::tlm_extension_base &other) override;
};

class warpref_tlm_target : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<warpref_tlm_target> socket;

    // Launches the CTA of `cfg` (wr_config_init, then what the platform
    // changes); self-contained mode keeps R0..R(nregs-1) per lane (1..255;
    // the default: every register an instruction can name).  A bad
    // configuration leaves a CTA of no warps (every step answers BAD_WARP)
    // and the reason in last_error().
    warpref_tlm_target(sc_core::sc_module_name name, const wr_config &cfg, unsigned nregs = WR_RZ);
    ~warpref_tlm_target() override;
    warpref_tlm_target(const warpref_tlm_target &) = delete;
    warpref_tlm_target &operator=(const warpref_tlm_target &) = delete;

    // (Re)launch (N-04): registers zero, constants kept.  0, or -1 with last_error().
    int launch(const wr_config &cfg, unsigned nregs = WR_RZ);
    // Self-contained mode: a constant bank word (c[bank][offset]), or every
    // `.const` of a program.  0, or -1 with last_error().
    int set_const(unsigned bank, unsigned offset, uint32_t value);
    int set_consts(const wr_program &prog);

    void set_latency(const sc_core::sc_time &t) { latency_ = t; }
    void set_clock_period(const sc_core::sc_time &t) { period_ = t; }
    const sc_core::sc_time &latency() const { return latency_; }

    const wr_cta &cta() const { return *cta_; }
    const wr_regfile *regs() const { return have_rf_ ? &rf_ : nullptr; }
    const char *last_error() const { return err_; }

private:
    void b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &tx);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &tx, tlm::tlm_dmi &dmi);

    unsigned execute(warpref_tlm_extension &x, uint64_t cycle);
    bool dbg_word(uint64_t addr, uint32_t *v) const;
    unsigned dbg_read(uint64_t addr, unsigned char *p, unsigned n) const;
    unsigned dbg_write(uint64_t addr, const unsigned char *p, unsigned n);

    std::unique_ptr<wr_cta> cta_;     // DMI hands out its address
    wr_regfile rf_{};
    bool have_rf_ = false;
    std::vector<wr_const_init> consts_;
    sc_core::sc_time latency_ = sc_core::SC_ZERO_TIME;
    sc_core::sc_time period_{1, sc_core::SC_NS};
    char err_[200] = "";
};

#endif
