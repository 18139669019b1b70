// tb_lockstep.sv - the lockstep testbench: the RTL stub (rtl_stub/) runs a
// program and the C model (libwarpref, through dpi/warpref_pkg.sv) checks
// every instruction it retires, every fetch fault and every sleep deadline
// that fires; at the end the final state of every warp.  docs/lockstep.md
// describes every plusarg, the exit statuses and the result file.
//
// The C++ main (tb_main.cpp) reads and checks the plusargs and makes the
// checker before the simulation (tb/common/lockstep_session: shared with the
// SystemC testbench), hands them over (tb_config) and, at the end, writes the
// dump, the result file and the summary (tb_finish).
//
// The clock comes from the C++ main (tb_main.cpp: no --timing).  The
// testbench is one process at the rising edge: it samples the core's
// registered ports as they were before the edge (the record of the
// instruction that committed at the previous edge, the state after it),
// calls the model, and drives the core's inputs with non-blocking
// assignments (one settling of the core's logic per cycle).  When it stops
// issuing, the instruction of that cycle still commits: its record is taken
// at the next edge (S_STOP), so the model has seen every instruction the
// RTL executed.  It never exits: tb_finish sets the exit status and it
// calls $finish; main returns the status after the final blocks and the
// wave file are closed.
//
// Phases: reset, load (the program's words and constants from the model's
// assembler, through the core's load ports), run, stop (the last record),
// drain (a few cycles after a mismatch, for the waves), final (each warp's
// state through the debug port, compared by warpref_dpi_final_warp and
// warpref_dpi_final), end (dump, result file, summary).
module tb_lockstep #(
  // (tb/meson.build sets them, and tells tb_main.cpp: the C++ side refuses a
  // program that does not fit before the simulation)
  parameter int unsigned NW = 32,             // warps: CTAs up to 1024 threads
  parameter int unsigned NR = 64,             // GPRs per lane the RTL keeps
  parameter int unsigned IMEM_DEPTH = 4096,   // instructions
  parameter int unsigned CMEM_N = 256,        // constant words
  // the core's barrier engine (warpref_isa_pkg::PROFILE_*): tb_lockstep runs native
  // programs, tb_lockstep_sass sass ones (the checker runs the program's profile)
  parameter int unsigned PROFILE = warpref_isa_pkg::PROFILE_NATIVE
) (
  /*verilator tracing_off*/  // one sample a cycle in the waves: no clock drawn
  input logic clk
  /*verilator tracing_on*/
);
  localparam int unsigned NB = warpref_rtl_pkg::NBUGS;
  localparam int DRAIN = 8;                   // cycles run after a mismatch

  // ---- the C++ main (tb_main.cpp) ----
  // the checker and the plusargs the run needs (bug: the bit of bug_i, -1: none)
  import "DPI-C" function void tb_config(output chandle h, output longint unsigned max_cycles,
                                         output longint unsigned watchdog, output longint unsigned waves_from,
                                         output longint unsigned check, output int bug, output int rr,
                                         output int waves);
  import "DPI-C" function void tb_waves(input int on);
  // the first failure: the clock cycle whose port values failed (the wave file's time)
  import "DPI-C" function void tb_failed_at(input longint unsigned cycle);
  import "DPI-C" function void tb_finish(input int errored, input int hung, input int failed, input string end_reason,
                                         input longint unsigned t_end, input longint unsigned nretired,
                                         input longint unsigned cycles);

  // ---- the core and its ports (one wiring for every testbench) ----
  logic rst_n;
  `include "warpref_core_wiring.svh"

  // ports this testbench does not read (the trace testbench does)
  logic unused;
  assign unused = ^{rt_form, rt_wbs, rt_wbs_def, st_armed, st_trap, st_unread,
                    st_sleep, st_bar_arrived, st_bar_blocked, st_ptr, st_sched};

  // ---- configuration (tb_config) ----
  chandle h;
  longint unsigned max_cycles, watchdog, waves_from, check;
  int ninsns, nconsts, nregs, nwarps;

  // arguments of the DPI calls of the load and final phases
  bit [127:0] word;
  int unsigned a_masks [5], a_breg [16], a_bw [warpref_rtl_pkg::NBAR_MAX], a_preds [7];
  int unsigned a_regs [8192];
  int unsigned a_regs_undef [256], a_preds_undef [7];

  initial begin : setup
    int bug, is_rr, waves;
    /*verilator tracing_off*/
    for (int i = 0; i < 32; i++) a_bw[i] = 0;
    /*verilator tracing_on*/
    rst_n = 1'b0; run = 1'b0; trap_mode = 1'b0; imem_we = 1'b0; cmem_we = 1'b0; imem_addr = 0; imem_wdata = 0;
    cmem_addr = 0; cmem_wdata = 0; dbg_warp = 0; dbg_reg = 0; bugs = '0;
    tb_config(h, max_cycles, watchdog, waves_from, check, bug, is_rr, waves);
    if (bug >= 0) bugs[bug] = 1'b1;
    want_waves = waves != 0;
    ninsns = warpref_pkg::warpref_dpi_ninsns(h);
    nconsts = warpref_pkg::warpref_dpi_nconsts(h);
    nregs = warpref_pkg::warpref_dpi_nregs(h);
    nwarps = (warpref_pkg::warpref_dpi_threads(h) + 31) / 32;
    threads = 11'(warpref_pkg::warpref_dpi_threads(h));
    n_insns = 32'(ninsns);
    rr = is_rr != 0;
  end

  // ---- the run ----
  // The testbench is one procedural process (and the functions it calls):
  // its blocking assignments to its own variables are meant; what the core
  // reads it drives with non-blocking assignments.
  /* verilator lint_off BLKSEQ */
  localparam int S_RESET = 0, S_LOAD = 1, S_RUN = 2, S_STOP = 3, S_DRAIN = 4, S_FINAL = 5, S_END = 6,
                 S_DONE = 7;
  int state = S_RESET;
  int k = 0;                                  // phase counter
  longint unsigned cyc = 0;                   // clock cycles since the start
  longint unsigned last_retire = 0;           // cycle of the last retire (the watchdog)
  longint unsigned nretired = 0;              // retires and faults seen on the ports
  longint unsigned t_end = 0;                 // the RTL's time at the end
  string endr = "";                           // done, exception, deadlock, limit, mismatch, hang, error
  bit failed = 1'b0, errored = 1'b0, hung = 1'b0, waves_on = 1'b0, want_waves = 1'b0;


  // the per-warp state on the ports as the DPI's arrays
  function automatic void breg_array(input logic [16*32-1:0] b);
    for (int i = 0; i < 16; i++) a_breg[i] = b[i*32 +: 32];
  endfunction
  function automatic void bar_array(input logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] w);
    for (int i = 0; i < int'(warpref_rtl_pkg::NBAR_MAX); i++) a_bw[i] = w[i*32 +: 32];
  endfunction

  // the warning codes (WR_WARN_*: 1 OPERAND_NOT_UNIFORM, 2 sass RESULT_NOT_READ, which
  // comes first): the first in bits 7:0, a second in bits 15:8 (docs/dpi.md)
  function automatic int unsigned warn_code();
    if (rt_ev_unread) return rt_ev_warn ? 32'h0102 : 32'd2;
    return rt_ev_warn ? 32'd1 : 32'd0;
  endfunction

  // the ports as they are (packed vectors); the wide parts only when the record uses them
  function automatic int do_retire();
    int unsigned ev;
    int unsigned w;
    w = 32'(rt_warp);
    if (rt_reads[warpref_rtl_pkg::IN_RA] || rt_reads[warpref_rtl_pkg::IN_RB] || rt_reads[warpref_rtl_pkg::IN_RC] ||
        rt_reads[warpref_rtl_pkg::IN_RE])
      warpref_pkg::warpref_dpi_retire_in(h, rt_ra, rt_rb, rt_rc, rt_re);
    if (rt_rd_we != 0) warpref_pkg::warpref_dpi_retire_rd(h, rt_rd_val);
    if (rt_bar_changed != 0 || rt_wbs_we != 0 || rt_ev_release != 0)
      warpref_pkg::warpref_dpi_retire_cta(h, rt_bar_words, (32*32)'(st_wbs), rt_ev_woken);
    ev = (rt_ev_block ? warpref_pkg::EV_BLOCK : 0) | (rt_ev_arrive ? warpref_pkg::EV_ARRIVE : 0) |
         (rt_ev_exit ? warpref_pkg::EV_EXIT : 0) | (rt_ev_sleep ? warpref_pkg::EV_SLEEP : 0) |
         (rt_ev_trap ? warpref_pkg::EV_TRAP : 0) | (rt_ev_syscall ? warpref_pkg::EV_SYSCALL : 0) |
         (rt_ev_rtt ? warpref_pkg::EV_RTT : 0) | (rt_ev_warn || rt_ev_unread ? warpref_pkg::EV_WARNING : 0) |
         (rt_ev_wake ? warpref_pkg::EV_WAKE : 0);
    return warpref_pkg::warpref_dpi_retire(h, rt_time, w, rt_pc, rt_insn, 32'(rt_ev_exc),
        32'(rt_reads), rt_pg, rt_pp, rt_ur, rt_c,
        rt_ra_undef, rt_rb_undef, rt_rb_undef,          // Rc shares Rb's undefined lanes
        rt_apc, rt_valid_mask, rt_active, rt_yield, rt_sleep, rt_switch, rt_rpc, rt_breg,
        st_wbs[w*32 +: 32], 32'(st_wbs_def[w]), 32'(rt_run[w*3 +: 3]), 32'(st_bbar[w*5 +: 5]),
        rt_rd_we, 32'(rt_rd), 32'(rt_rd_pair), rt_rd_dc, rt_rd_undef,
        rt_pd_we, 32'(rt_pd), rt_pd_val, rt_pd_undef | (rt_pd_dc ? rt_pd_we : 32'd0),
        32'(rt_ur_we), 32'(rt_urd), rt_ur_val, 32'(rt_bar_changed), (32*3)'(rt_run), 32'(rt_wbs_we), ev,
        32'(rt_ev_bar), warn_code(), rt_ev_release, rt_trap_idx);
  endfunction

  // every warp finished (exited or trapped)
  function automatic bit all_finished();
    for (int w = 0; w < int'(st_nwarps); w++)
      if (st_run[w*3 +: 3] != warpref_rtl_pkg::RUN_EXITED && st_run[w*3 +: 3] != warpref_rtl_pkg::RUN_TRAPPED)
        return 1'b0;
    return 1'b1;
  endfunction

  // the checker takes more: no error, not stopped by +max_mismatches
  function automatic bit live();
    if (errored) return 1'b0;
    if (!failed) return 1'b1;                 // (no call in the common case)
    return warpref_pkg::warpref_dpi_stopped(h) == 0;
  endfunction

  // (the ports sampled at this edge are the values of the cycle before: the
  // wave file's time cyc - 1, where the failing record is on the retire port)
  function automatic void note(input int r);
    if (r < 0) errored = 1'b1;
    else if (r > 0) begin
      if (!failed) tb_failed_at(cyc - 1);
      failed = 1'b1;
    end
  endfunction

  // stop issuing: the instruction issued in this cycle still commits at this
  // edge; S_STOP takes its record, then the final phase compares the end state
  function automatic void stop(input string why);
    endr = why;
    run <= 1'b0;
    state = S_STOP;
  endfunction

  // the ports of the previous rising edge: deadlines that fired, then the
  // fault or the instruction (a warp woken at an edge may issue in that
  // cycle); nothing once the checker has stopped (+max_mismatches)
  function automatic void ports();
    if (check != 0) begin
      if (as_valid) begin
        for (int w = 0; w < int'(NW); w++)
          if (as_fired[w] && live()) note(warpref_pkg::warpref_dpi_wake(h, as_time, w, 32'(as_woke[w])));
      end
      if (ft_valid && live())
        note(warpref_pkg::warpref_dpi_fetch_fault(h, ft_time, 32'(ft_warp),
             ft_pc, ft_misaligned ? warpref_pkg::FETCH_MISALIGNED : warpref_pkg::FETCH_NO_INSN));
      if (rt_valid && live()) note(do_retire());
    end
    if (rt_valid || ft_valid) begin
      nretired++;
      last_retire = cyc;
    end
  endfunction

  // the final phase: warp k / nregs, register k % nregs is on the debug port
  function automatic void final_step();
    int w, r;
    w = k / nregs;                            // (nregs >= 1)
    r = k % nregs;
    if (w < nwarps) begin
      for (int l = 0; l < 32; l++) a_regs[r*32 + l] = dbg_gpr[l*32 +: 32];
      a_regs_undef[r] = dbg_gpr_undef;
    end
    if (w < nwarps && r == nregs - 1) begin
      a_masks[0] = dbg_valid; a_masks[1] = dbg_active; a_masks[2] = dbg_yield; a_masks[3] = dbg_sleep;
      a_masks[4] = dbg_switch;
      breg_array(dbg_breg);
      for (int p = 0; p < 7; p++) a_preds[p] = dbg_pred[p*32 +: 32];
      for (int p = 0; p < 7; p++) a_preds_undef[p] = dbg_pred_undef[p*32 +: 32];
      // the RTL's undefined-lane marks (SPEC-NOTES section 5), compared by warpref_dpi_final
      warpref_pkg::warpref_dpi_final_undef(h, w, nregs, a_regs_undef, a_preds_undef);
      warpref_pkg::warpref_dpi_final_warp(h, w, 32'(dbg_run), dbg_apc, a_masks, a_breg, nregs, a_regs,
                                          a_preds);
    end
    k++;
    w = k / nregs;
    r = k % nregs;
    if (w >= nwarps) begin
      bar_array(st_bar_words);
      note(warpref_pkg::warpref_dpi_final(h, t_end, endr, 32'(st_woke), a_bw));
      state = S_END;
    end else begin
      dbg_warp <= 5'(w);
      dbg_reg <= 8'(r);
    end
  endfunction

  function automatic void finish_run();
    tb_finish(32'(errored), 32'(hung), 32'(failed), endr, t_end, nretired, cyc);
  endfunction

  // The process, at the rising edge: it reads the core's outputs as they
  // were before the edge (the record of the instruction that committed at
  // the previous edge, the state after it) and drives the core's inputs with
  // non-blocking assignments, so the core's logic settles once per cycle.
  always @(posedge clk) begin
    cyc = cyc + 1;
    case (state)
      S_RESET: begin
        if (cyc == 2) begin
          rst_n <= 1'b1;
          state = S_LOAD;
          k = 0;
        end
      end
      S_LOAD: begin
        if (k < ninsns) begin
          warpref_pkg::warpref_dpi_insn(h, k, word);
          imem_we <= 1'b1; imem_addr <= k; imem_wdata <= word;
        end else if (k < ninsns + nconsts) begin : load_const
          int bank, off;
          int unsigned val;
          imem_we <= 1'b0;
          warpref_pkg::warpref_dpi_const(h, k - ninsns, bank, off, val);
          cmem_we <= 1'b1; cmem_addr <= 19'((bank << 14) | (off >> 2)); cmem_wdata <= val;
        end else begin
          imem_we <= 1'b0; cmem_we <= 1'b0;
          state = S_RUN;
          last_retire = cyc;
          if (max_cycles == 0) begin
            endr = "limit";
            state = S_FINAL;
          end else run <= 1'b1;
        end
        k++;
      end
      S_RUN: begin
        ports();
        if (errored) begin
          endr = "error";
          run <= 1'b0;
          t_end = st_now;
          state = S_END;
        end else if (check != 0 && !live()) begin
          endr = "mismatch";
          t_end = st_now;
          state = S_DRAIN;
          k = 0;
        end else if (ft_valid || (rt_valid && rt_ev_exc != 4'd0)) stop("exception");
        else if (st_stuck) stop(all_finished() ? "done" : "deadlock");
        else if (st_now >= max_cycles) stop("limit");
        else if (cyc - last_retire >= watchdog && check != 0) begin : hang_check
          int unsigned ready;
          ready = warpref_pkg::warpref_dpi_ready(h);
          if (ready != 0) begin
            note(warpref_pkg::warpref_dpi_fail(h, st_now, $sformatf(
                 "hang: no retire for %0d cycles while the model has warps 0x%08x ready [N-50]",
                 cyc - last_retire, ready)));
            hung = 1'b1;
            endr = "hang";
            run <= 1'b0;
            t_end = st_now;
            state = S_END;
          end else last_retire = cyc;         // every warp waits (asleep): not a hang
        end
      end
      S_STOP: begin                           // the last instruction, then the end state
        ports();
        t_end = st_now;
        // the limit struck as the last instruction ended the run: the end is the RTL's own
        if (endr == "limit" && st_stuck) endr = all_finished() ? "done" : "deadlock";
        if (check != 0 && !live()) endr = "mismatch";
        state = S_FINAL;
        k = 0;
        dbg_warp <= 5'd0;
        dbg_reg <= 8'd0;
      end
      S_DRAIN: begin
        if (++k >= DRAIN) begin
          run <= 1'b0;
          state = S_END;
        end
      end
      S_FINAL: begin
        if (failed || errored || check == 0) state = S_END;
        else final_step();
      end
      S_END: begin
        finish_run();
        state = S_DONE;
        $finish;
      end
      default: ;
    endcase
    // the wave window (+waves_from: the RTL's time)
    if (want_waves && !waves_on && st_now >= waves_from) begin
      waves_on = 1'b1;
      tb_waves(1);
    end
  end
  /* verilator lint_on BLKSEQ */

endmodule
