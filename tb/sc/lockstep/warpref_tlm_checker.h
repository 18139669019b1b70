// warpref_tlm_checker.h - the lockstep checker as a TLM-2.0 target, for the
// SystemC lockstep testbench (tb_sc_lockstep.cpp, docs/systemc.md).
//
// A monitor samples the RTL stub's retire, fault and async ports and sends
// what it saw to this target, one b_transport each, as the ports give it (a
// retire_sample: the arguments of warpref_dpi_retire).  The target hands each
// to the DPI glue (dpi/warpref_dpi.c), the same calls the SystemVerilog
// testbench makes through DPI: the glue turns the sample into the library's
// retire record and the lockstep checker (warpref/checker.h) steps the model
// and compares; the same compare controls, the same dump.  The answer
// (WR_CHK_OK, WR_CHK_MISMATCH, WR_CHK_ERROR) comes back in the extension.
#ifndef WARPREF_TLM_CHECKER_H
#define WARPREF_TLM_CHECKER_H

#include <cstdint>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

// What a transaction to the checker carries: X(NAME, doc).
#define WR_CHECK_OPS(X)                                                            \
    X(RETIRE,      "an instruction the RTL retired: `rt`")                          \
    X(FETCH_FAULT, "the RTL could not fetch for `warp` at `pc` (N-27), `why`")      \
    X(WAKE,        "`warp`'s sleep deadline fired at `cycle` (N-23); `woke` it")    \
    X(FAIL,        "a failure the testbench found itself at `cycle`: `line`")       \
    X(FINAL_WARP,  "the end state of one warp, undefined-lane marks too: `fw`")     \
    X(FINAL,       "the end: how the run ended, `end`; the end state, `woke`, `bar_words`") \
    X(CLOCK,       "over one edge the RTL's time went from `from` to `cycle`, not by one")

enum wr_check_op {
#define WR_X_(name, doc) WR_CHECK_##name,
    WR_CHECK_OPS(WR_X_)
#undef WR_X_
    WR_CHECK_OP_COUNT
};

// One retired instruction as the retire port gives it (docs/rtl.md): the
// arguments of warpref_dpi_retire and of the calls giving its wide parts
// (warpref_dpi_retire_in/_rd/_cta, dpi/warpref_pkg.sv).  The vectors are the
// packed vectors of those calls as 32-bit words, word 0 = bits 31:0 (lane l
// of a 64-bit vector in words 2l, 2l+1).
struct retire_sample {
    uint64_t cycle;                  // rt_time: the issue time
    uint32_t warp;
    uint64_t pc;
    uint32_t insn[4];                // w[0] = bits 31:0
    uint32_t exc, reads, pg, pp;
    uint32_t ra[64];                 // 64-bit pairs
    uint32_t rb[32], rc[32];
    uint32_t re[32] = {};            // visa's fourth GPR slot (read when reads has WR_IN_RE)
    uint64_t ur, c;
    uint32_t ra_undef, rb_undef, rc_undef;   // lanes holding undefined values
    uint64_t active_pc;
    uint32_t valid, active, yield, sleep, swtch;
    uint32_t rpc[64];
    uint32_t breg[16];
    uint32_t wbs, wbs_def, run, blocked_bar;
    uint32_t rd_lanes, rd, rd_pair;
    uint32_t rd_val[64];
    uint64_t rd_dc;
    uint32_t rd_undef;
    uint32_t pd_lanes, pd, pd_val, pd_undef;
    uint32_t ur_we, urd, ur_val;
    uint32_t bar_changed;
    uint32_t bar_words[32];
    uint32_t runs[3];                // every warp's run state after, 3 bits each
    uint32_t wbs_all[32];
    uint32_t wbs_we;
    uint32_t ev, ev_bar, warn, released;
    uint32_t woken[32];
    uint32_t trap_idx;
};

// One warp's end state, read through the debug port.
struct final_warp_sample {
    uint32_t warp, run;
    uint64_t active_pc;
    uint32_t masks[5], breg[16];
    uint32_t nregs;                  // R0..R(nregs-1) in regs[r * 32 + lane]
    uint32_t regs[256 * 32];
    uint32_t preds[7];
    uint32_t regs_undef[256];        // the lanes of Rr it holds undefined (SPEC-NOTES section 5)
    uint32_t preds_undef[7];         // ... of Pp
};

struct warpref_check_extension : tlm::tlm_extension<warpref_check_extension> {
    uint32_t op = WR_CHECK_RETIRE;   // wr_check_op
    uint64_t cycle = 0;              // FETCH_FAULT, WAKE, FAIL, FINAL, CLOCK
    uint64_t from = 0;               // CLOCK
    uint32_t warp = 0;               // FETCH_FAULT, WAKE
    uint64_t pc = 0;                 // FETCH_FAULT
    uint32_t why = 0;                // FETCH_FAULT: wr_fetch_status
    std::string line;                // FAIL
    retire_sample rt{};              // RETIRE
    final_warp_sample fw{};          // FINAL_WARP
    uint32_t bar_words[32] = {};     // FINAL
    uint32_t woke = 0;               // WAKE: the deadline woke the warp; FINAL: the warps woken
                                     // whose `wake` is not yet reported (bit per warp)
    std::string end;                 // FINAL: how the run ended (done, deadlock, ...)
    int result = 0;                  // the answer: WR_CHK_OK, WR_CHK_MISMATCH, WR_CHK_ERROR

    tlm::tlm_extension_base *clone() const override { return new warpref_check_extension(*this); }
    void copy_from(const tlm::tlm_extension_base &o) override
    {
        *this = static_cast<const warpref_check_extension &>(o);
    }
};

class warpref_tlm_checker : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<warpref_tlm_checker> socket;

    // h: the glue's handle (warpref_dpi_new), owned by the caller
    warpref_tlm_checker(sc_core::sc_module_name name, void *h);

private:
    void b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay);
    void *h_;
};

#endif
