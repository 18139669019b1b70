// warpref_tlm_checker.cpp - the lockstep checker behind a TLM-2.0 socket:
// each transaction is one call of the DPI glue (warpref_tlm_checker.h).
#include "warpref_tlm_checker.h"

#include "svdpi.h"
#include "Vtb_lockstep__Dpi.h"      // the glue's calls (dpi/warpref_pkg.sv)
#include "warpref.h"                // WR_IN_*

warpref_tlm_checker::warpref_tlm_checker(sc_core::sc_module_name name, void *h)
    : sc_core::sc_module(name), socket("socket"), h_(h)
{
    socket.register_b_transport(this, &warpref_tlm_checker::b_transport);
}

void warpref_tlm_checker::b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay)
{
    (void)delay;                     // the check takes no simulated time
    warpref_check_extension *x = tx.get_extension<warpref_check_extension>();
    if (!x) {
        tx.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
        return;
    }
    if (tx.get_command() != tlm::TLM_WRITE_COMMAND || x->op >= WR_CHECK_OP_COUNT) {
        tx.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
        return;
    }
    if (tx.get_address() != 0) {
        tx.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    const retire_sample &r = x->rt;
    const final_warp_sample &f = x->fw;
    switch (x->op) {
    case WR_CHECK_RETIRE:
        // the wide parts the record uses, then the record (dpi/warpref_pkg.sv)
        if (r.reads & WR_IN_GPRS)
            warpref_dpi_retire_in(h_, r.ra, r.rb, r.rc, r.re);
        if (r.rd_lanes)
            warpref_dpi_retire_rd(h_, r.rd_val);
        if (r.bar_changed | r.wbs_we | r.released)
            warpref_dpi_retire_cta(h_, r.bar_words, r.wbs_all, r.woken);
        x->result = warpref_dpi_retire(
            h_, r.cycle, r.warp, r.pc, r.insn, r.exc, r.reads, r.pg, r.pp, r.ur, r.c, r.ra_undef, r.rb_undef,
            r.rc_undef, r.active_pc, r.valid, r.active, r.yield, r.sleep, r.swtch, r.rpc, r.breg, r.wbs, r.wbs_def,
            r.run, r.blocked_bar, r.rd_lanes, r.rd, r.rd_pair, r.rd_dc, r.rd_undef, r.pd_lanes, r.pd, r.pd_val,
            r.pd_undef, r.ur_we, r.urd, r.ur_val, r.bar_changed, r.runs, r.wbs_we, r.ev, r.ev_bar, r.warn,
            r.released, r.trap_idx);
        break;
    case WR_CHECK_FETCH_FAULT:
        x->result = warpref_dpi_fetch_fault(h_, x->cycle, x->warp, x->pc, x->why);
        break;
    case WR_CHECK_WAKE:
        x->result = warpref_dpi_wake(h_, x->cycle, x->warp, x->woke);
        break;
    case WR_CHECK_FAIL:
        x->result = warpref_dpi_fail(h_, x->cycle, x->line.c_str());
        break;
    case WR_CHECK_FINAL_WARP:
        warpref_dpi_final_undef(h_, f.warp, f.nregs, f.regs_undef, f.preds_undef);
        warpref_dpi_final_warp(h_, f.warp, f.run, f.active_pc, f.masks, f.breg, f.nregs, f.regs, f.preds);
        x->result = 0;
        break;
    case WR_CHECK_CLOCK:
        x->result = warpref_dpi_clock(h_, x->from, x->cycle);
        break;
    default:                         // WR_CHECK_FINAL
        x->result = warpref_dpi_final(h_, x->cycle, x->end.c_str(), x->woke, x->bar_words);
        break;
    }
    tx.set_response_status(tlm::TLM_OK_RESPONSE);
}
