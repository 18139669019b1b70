// warpref_dual.sv - the two-issue variant of the RTL stub (docs/rtl.md,
// "Two-issue variant"): up to two warp instructions, of two different
// warps, issue and retire in one cycle of clk_i, reported on two retire
// slots in slot order (slot 0's effects apply first, slot 1's "after" state
// includes them).  The native profile only.
//
// It is the single-issue core (warpref_core, unchanged) run on clk2x_i, a
// clock of twice the rate whose rising edges include every rising edge of
// the cycle's clock clk_i (which the module itself does not need); rst_ni is
// released at a rising edge of clk_i.  A cycle of clk_i
// from the middle edge M (a rising edge of clk2x_i only) to the next M is
// two issue phases: phase 0 from M to the clk_i edge S, phase 1 from S to
// M.  Phase 0's record, its sleep deadlines and its fetch fault are held at
// M (slot 0); phase 1's stay on the core's registered ports (slot 1); at
// the next S both are valid together, one cycle of clk_i after the issue
// as the core's own port.  The status and debug ports are the core's: at S
// they show the state after both phases.
//
// Phase 1 issues only when it cannot break the slot contract:
//   - no warp has a sleep deadline armed (a deadline firing in phase 1
//     would fall between the two slots, but the interface takes deadlines
//     before every slot of a cycle);
//   - the warp the scheduler picks is not phase 0's: phase 0's warp can no
//     longer issue (blocked, asleep, exited, faulted or, in own mode, busy),
//     or in rr mode (N-50) some other warp is ready, which the pointer
//     past phase 0's warp reaches first.
// Otherwise the core's run_i is low for phase 1: nothing issues, time
// stands (own mode: the busy counters still count down).
//
// Bug dual_bar_swap (docs/bugs.md, section two-issue): when both slots hold
// barrier instructions (optype 0x1X) on the same barrier, the slots are
// swapped: the instruction whose effect applied first is reported in slot 1.
module warpref_dual #(
  parameter int unsigned NW = 4,
  parameter int unsigned NR = 16,
  parameter int unsigned IMEM_DEPTH = 256,
  parameter int unsigned CMEM_N = 64
) (
  input  logic                 clk2x_i,        // the core's clock, twice the cycle's rate, edges aligned
  input  logic                 rst_ni,
  input  logic [10:0]          threads_i,
  input  logic [31:0]          n_insns_i,
  input  logic                 rr_i,
  input  logic [warpref_rtl_pkg::NBUGS-1:0] bug_i,
  input  logic                 run_i,
  input  logic                 imem_we_i,
  input  logic [31:0]          imem_addr_i,
  input  logic [127:0]         imem_wdata_i,
  input  logic                 cmem_we_i,
  input  logic [18:0]          cmem_addr_i,
  input  logic [31:0]          cmem_wdata_i,
  // retire port, slot s = [s] (the core's rt_*_o each, and per slot the
  // WarpBARStates and barriers waited on after it: the status port's st_wbs_o, st_bbar_o)
  output logic [1:0]           rt_valid_o,
  output logic [1:0][4:0]      rt_warp_o,
  output logic [1:0][63:0]     rt_time_o,
  output logic [1:0][63:0]     rt_pc_o,
  output logic [1:0][127:0]    rt_insn_o,
  output logic [1:0][warpref_rtl_pkg::NREADS-1:0] rt_reads_o,
  output logic [1:0][31:0]     rt_pg_o,
  output logic [1:0][31:0]     rt_pp_o,
  output logic [1:0][32*64-1:0] rt_ra_o,
  output logic [1:0][32*32-1:0] rt_rb_o,
  output logic [1:0][32*32-1:0] rt_rc_o,
  output logic [1:0][32*32-1:0] rt_re_o,
  output logic [1:0][31:0]     rt_ra_undef_o,
  output logic [1:0][31:0]     rt_rb_undef_o,
  output logic [1:0][63:0]     rt_ur_o,
  output logic [1:0][63:0]     rt_c_o,
  output logic [1:0][63:0]     rt_apc_o,
  output logic [1:0][31:0]     rt_valid_mask_o,
  output logic [1:0][31:0]     rt_active_o,
  output logic [1:0][31:0]     rt_yield_o,
  output logic [1:0][31:0]     rt_sleep_o,
  output logic [1:0][31:0]     rt_switch_o,
  output logic [1:0][32*64-1:0] rt_rpc_o,
  output logic [1:0][16*32-1:0] rt_breg_o,
  output logic [1:0][31:0]     rt_wbs_o,
  output logic [1:0]           rt_wbs_def_o,
  output logic [1:0][31:0]     rt_rd_we_o,
  output logic [1:0][7:0]      rt_rd_o,
  output logic [1:0]           rt_rd_pair_o,
  output logic [1:0][32*64-1:0] rt_rd_val_o,
  output logic [1:0][63:0]     rt_rd_dc_o,
  output logic [1:0][31:0]     rt_rd_undef_o,
  output logic [1:0][31:0]     rt_pd_we_o,
  output logic [1:0][2:0]      rt_pd_o,
  output logic [1:0][31:0]     rt_pd_val_o,
  output logic [1:0]           rt_pd_dc_o,
  output logic [1:0][31:0]     rt_pd_undef_o,
  output logic [1:0]           rt_ur_we_o,
  output logic [1:0][5:0]      rt_urd_o,
  output logic [1:0][31:0]     rt_ur_val_o,
  output logic [1:0][warpref_rtl_pkg::NBAR_MAX*32-1:0] rt_bar_words_o,
  output logic [1:0][warpref_rtl_pkg::NBAR_MAX-1:0] rt_bar_changed_o,
  output logic [1:0][NW*3-1:0] rt_run_o,
  output logic [1:0][NW-1:0]   rt_wbs_we_o,
  output logic [1:0]           rt_ev_wake_o,
  output logic [1:0]           rt_ev_warn_o,
  output logic [1:0][3:0]      rt_ev_exc_o,
  output logic [1:0]           rt_ev_block_o,
  output logic [1:0]           rt_ev_arrive_o,
  output logic [1:0][4:0]      rt_ev_bar_o,
  output logic [1:0]           rt_ev_exit_o,
  output logic [1:0][warpref_rtl_pkg::NBAR_MAX-1:0] rt_ev_release_o,
  output logic [1:0][warpref_rtl_pkg::NBAR_MAX*32-1:0] rt_ev_woken_o,
  output logic [1:0]           rt_ev_sleep_o,
  output logic [1:0]           rt_ev_trap_o,
  output logic [1:0][31:0]     rt_trap_idx_o,
  output logic [1:0]           rt_ev_syscall_o,
  output logic [1:0]           rt_ev_rtt_o,
  output logic [1:0][NW*32-1:0] rt_wbs_all_o,
  output logic [1:0][NW*5-1:0] rt_bbar_o,
  // fault port, slot s
  output logic [1:0]           ft_valid_o,
  output logic [1:0][4:0]      ft_warp_o,
  output logic [1:0][63:0]     ft_pc_o,
  output logic [1:0][63:0]     ft_time_o,
  output logic [1:0]           ft_misaligned_o,
  // async port: the deadlines that fired in the cycle (phase 0 only)
  output logic                 as_valid_o,
  output logic [63:0]          as_time_o,
  output logic [NW-1:0]        as_fired_o,
  output logic [NW-1:0]        as_woke_o,
  // status (the core's)
  output logic [63:0]          st_now_o,
  output logic [NW*3-1:0]      st_run_o,
  output logic [NW-1:0]        st_woke_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] st_bar_words_o,
  output logic                 st_stuck_o,
  output logic [1:0]           st_issued_o,    // the slots that issued in the cycle just reported (both: 2'b11)
  // debug read port (the core's)
  input  logic [4:0]           dbg_warp_i,
  input  logic [7:0]           dbg_reg_i,
  output logic [63:0]          dbg_apc_o,
  output logic [31:0]          dbg_valid_o,
  output logic [31:0]          dbg_active_o,
  output logic [31:0]          dbg_yield_o,
  output logic [31:0]          dbg_sleep_o,
  output logic [31:0]          dbg_switch_o,
  output logic [16*32-1:0]     dbg_breg_o,
  output logic [2:0]           dbg_run_o,
  output logic [32*32-1:0]     dbg_gpr_o,
  output logic [31:0]          dbg_gpr_undef_o,
  output logic [7*32-1:0]      dbg_pred_o,
  output logic [7*32-1:0]      dbg_pred_undef_o
);
  localparam logic [2:0] READY = warpref_rtl_pkg::RUN_READY;

  // ---- the phase: high from S to M (phase 1), toggling at every edge of clk2x_i ----
  logic ph1_q;
  always_ff @(posedge clk2x_i or negedge rst_ni) begin
    if (!rst_ni) ph1_q <= 1'b1;                 // rst_ni rises at S: phase 1 comes first
    else ph1_q <= !ph1_q;
  end

  // ---- one retire-port field: the core's output (c_), held at M (h_),
  // slot 0 the held one and slot 1 the core's, swapped by the bug ----
  logic swap;
`define WR_DUAL_SLOT(name, w) \
  logic [(w)-1:0] c_``name, h_``name; \
  always_ff @(posedge clk2x_i) if (ph1_q) h_``name <= c_``name; \
  assign name``_o[0] = swap ? c_``name : h_``name; \
  assign name``_o[1] = swap ? h_``name : c_``name;

  `WR_DUAL_SLOT(rt_warp, 5)
  `WR_DUAL_SLOT(rt_time, 64)
  `WR_DUAL_SLOT(rt_pc, 64)
  `WR_DUAL_SLOT(rt_insn, 128)
  `WR_DUAL_SLOT(rt_reads, warpref_rtl_pkg::NREADS)
  `WR_DUAL_SLOT(rt_pg, 32)
  `WR_DUAL_SLOT(rt_pp, 32)
  `WR_DUAL_SLOT(rt_ra, 32*64)
  `WR_DUAL_SLOT(rt_rb, 32*32)
  `WR_DUAL_SLOT(rt_rc, 32*32)
  `WR_DUAL_SLOT(rt_re, 32*32)
  `WR_DUAL_SLOT(rt_ra_undef, 32)
  `WR_DUAL_SLOT(rt_rb_undef, 32)
  `WR_DUAL_SLOT(rt_ur, 64)
  `WR_DUAL_SLOT(rt_c, 64)
  `WR_DUAL_SLOT(rt_apc, 64)
  `WR_DUAL_SLOT(rt_valid_mask, 32)
  `WR_DUAL_SLOT(rt_active, 32)
  `WR_DUAL_SLOT(rt_yield, 32)
  `WR_DUAL_SLOT(rt_sleep, 32)
  `WR_DUAL_SLOT(rt_switch, 32)
  `WR_DUAL_SLOT(rt_rpc, 32*64)
  `WR_DUAL_SLOT(rt_breg, 16*32)
  `WR_DUAL_SLOT(rt_wbs, 32)
  `WR_DUAL_SLOT(rt_wbs_def, 1)
  `WR_DUAL_SLOT(rt_rd_we, 32)
  `WR_DUAL_SLOT(rt_rd, 8)
  `WR_DUAL_SLOT(rt_rd_pair, 1)
  `WR_DUAL_SLOT(rt_rd_val, 32*64)
  `WR_DUAL_SLOT(rt_rd_dc, 64)
  `WR_DUAL_SLOT(rt_rd_undef, 32)
  `WR_DUAL_SLOT(rt_pd_we, 32)
  `WR_DUAL_SLOT(rt_pd, 3)
  `WR_DUAL_SLOT(rt_pd_val, 32)
  `WR_DUAL_SLOT(rt_pd_dc, 1)
  `WR_DUAL_SLOT(rt_pd_undef, 32)
  `WR_DUAL_SLOT(rt_ur_we, 1)
  `WR_DUAL_SLOT(rt_urd, 6)
  `WR_DUAL_SLOT(rt_ur_val, 32)
  `WR_DUAL_SLOT(rt_bar_words, warpref_rtl_pkg::NBAR_MAX*32)
  `WR_DUAL_SLOT(rt_bar_changed, warpref_rtl_pkg::NBAR_MAX)
  `WR_DUAL_SLOT(rt_run, NW*3)
  `WR_DUAL_SLOT(rt_wbs_we, NW)
  `WR_DUAL_SLOT(rt_ev_wake, 1)
  `WR_DUAL_SLOT(rt_ev_warn, 1)
  `WR_DUAL_SLOT(rt_ev_exc, 4)
  `WR_DUAL_SLOT(rt_ev_block, 1)
  `WR_DUAL_SLOT(rt_ev_arrive, 1)
  `WR_DUAL_SLOT(rt_ev_bar, 5)
  `WR_DUAL_SLOT(rt_ev_exit, 1)
  `WR_DUAL_SLOT(rt_ev_release, warpref_rtl_pkg::NBAR_MAX)
  `WR_DUAL_SLOT(rt_ev_woken, warpref_rtl_pkg::NBAR_MAX*32)
  `WR_DUAL_SLOT(rt_ev_sleep, 1)
  `WR_DUAL_SLOT(rt_ev_trap, 1)
  `WR_DUAL_SLOT(rt_trap_idx, 32)
  `WR_DUAL_SLOT(rt_ev_syscall, 1)
  `WR_DUAL_SLOT(rt_ev_rtt, 1)
  `WR_DUAL_SLOT(rt_wbs_all, NW*32)
  `WR_DUAL_SLOT(rt_bbar, NW*5)
  `WR_DUAL_SLOT(ft_warp, 5)
  `WR_DUAL_SLOT(ft_pc, 64)
  `WR_DUAL_SLOT(ft_time, 64)
  `WR_DUAL_SLOT(ft_misaligned, 1)
`undef WR_DUAL_SLOT

  // the valid bits (reset) and the async port (phase 0's, held at M)
  logic c_rt_valid, c_ft_valid, h_rt_valid, h_ft_valid, c_as_valid;
  logic [63:0] c_as_time;
  logic [NW-1:0] c_as_fired, c_as_woke;
  always_ff @(posedge clk2x_i or negedge rst_ni) begin
    if (!rst_ni) begin
      h_rt_valid <= 1'b0;
      h_ft_valid <= 1'b0;
      as_valid_o <= 1'b0;
    end else if (ph1_q) begin
      h_rt_valid <= c_rt_valid;
      h_ft_valid <= c_ft_valid;
      as_valid_o <= c_as_valid;
    end
  end
  always_ff @(posedge clk2x_i) begin
    if (ph1_q) begin
      as_time_o <= c_as_time;
      as_fired_o <= c_as_fired;
      as_woke_o <= c_as_woke;
    end
  end
  assign rt_valid_o = swap ? {h_rt_valid, c_rt_valid} : {c_rt_valid, h_rt_valid};
  assign ft_valid_o = swap ? {h_ft_valid, c_ft_valid} : {c_ft_valid, h_ft_valid};
  assign st_issued_o = {c_rt_valid || c_ft_valid, h_rt_valid || h_ft_valid};

  // the bug: two barrier instructions of one cycle on the same barrier, reported swapped
  assign swap = bug_i[warpref_rtl_pkg::BUG_DUAL_BAR_SWAP] && h_rt_valid && c_rt_valid &&
                h_rt_insn[7:4] == 4'h1 && c_rt_insn[7:4] == 4'h1 && h_rt_ev_bar == c_rt_ev_bar;

  // ---- phase 1's issue enable (see the head comment) ----
  logic [NW-1:0] c_st_armed;
  logic [NW*11-1:0] c_st_sched;
  logic run1;
  always_comb begin : p_run1
    logic [NW-1:0] iss;
    logic [4:0] w0;
    logic any0;
    any0 = c_rt_valid || c_ft_valid;           // during phase 1 the core's ports hold phase 0's record
    w0 = c_rt_valid ? c_rt_warp : c_ft_warp;
    /*verilator tracing_off*/
    for (int w = 0; w < NW; w++)
    /*verilator tracing_on*/
      iss[w] = st_run_o[w*3 +: 3] == READY && (rr_i || c_st_sched[w*11 + 8 +: 3] == 3'd0);
    run1 = c_st_armed == '0 &&
           (!any0 || 32'(w0) >= NW || !iss[w0[$clog2(NW > 1 ? NW : 2)-1:0]] ||
            (rr_i && (iss & ~(NW'(1) << w0)) != '0));
  end

  // ---- the core ----
  /* verilator lint_off UNUSEDSIGNAL */
  logic [warpref_isa_pkg::FORM_BITS-1:0] c_form;
  logic c_unread;
  logic [5:0] c_nwarps;
  logic [NW*32-1:0] c_st_sleep;
  logic [NW-1:0] c_st_wbs_def, c_st_trap, c_st_unread;
  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] c_st_arrived, c_st_blocked;
  logic [4:0] c_st_ptr;
  /* verilator lint_on UNUSEDSIGNAL */
  warpref_core #(.NW(NW), .NR(NR), .IMEM_DEPTH(IMEM_DEPTH), .CMEM_N(CMEM_N),
                 .PROFILE(warpref_isa_pkg::PROFILE_NATIVE)) u_core (
    .clk_i(clk2x_i), .rst_ni, .threads_i, .n_insns_i, .rr_i, .trap_mode_i(1'b0), .bug_i,
    .run_i(run_i && (!ph1_q || run1)),
    .imem_we_i, .imem_addr_i, .imem_wdata_i, .cmem_we_i, .cmem_addr_i, .cmem_wdata_i,
    .rt_valid_o(c_rt_valid), .rt_warp_o(c_rt_warp), .rt_time_o(c_rt_time), .rt_pc_o(c_rt_pc),
    .rt_insn_o(c_rt_insn), .rt_form_o(c_form), .rt_reads_o(c_rt_reads), .rt_pg_o(c_rt_pg), .rt_pp_o(c_rt_pp),
    .rt_ra_o(c_rt_ra), .rt_rb_o(c_rt_rb), .rt_rc_o(c_rt_rc), .rt_re_o(c_rt_re), .rt_ra_undef_o(c_rt_ra_undef),
    .rt_rb_undef_o(c_rt_rb_undef), .rt_ur_o(c_rt_ur), .rt_c_o(c_rt_c), .rt_apc_o(c_rt_apc),
    .rt_valid_mask_o(c_rt_valid_mask), .rt_active_o(c_rt_active), .rt_yield_o(c_rt_yield),
    .rt_sleep_o(c_rt_sleep), .rt_switch_o(c_rt_switch), .rt_rpc_o(c_rt_rpc), .rt_breg_o(c_rt_breg),
    .rt_wbs_o(c_rt_wbs), .rt_wbs_def_o(c_rt_wbs_def), .rt_rd_we_o(c_rt_rd_we), .rt_rd_o(c_rt_rd),
    .rt_rd_pair_o(c_rt_rd_pair), .rt_rd_val_o(c_rt_rd_val), .rt_rd_dc_o(c_rt_rd_dc),
    .rt_rd_undef_o(c_rt_rd_undef), .rt_pd_we_o(c_rt_pd_we), .rt_pd_o(c_rt_pd), .rt_pd_val_o(c_rt_pd_val),
    .rt_pd_dc_o(c_rt_pd_dc), .rt_pd_undef_o(c_rt_pd_undef), .rt_ur_we_o(c_rt_ur_we), .rt_urd_o(c_rt_urd),
    .rt_ur_val_o(c_rt_ur_val), .rt_bar_words_o(c_rt_bar_words), .rt_bar_changed_o(c_rt_bar_changed),
    .rt_run_o(c_rt_run), .rt_wbs_we_o(c_rt_wbs_we), .rt_ev_wake_o(c_rt_ev_wake),
    .rt_ev_warn_o(c_rt_ev_warn), .rt_ev_unread_o(c_unread), .rt_ev_exc_o(c_rt_ev_exc),
    .rt_ev_block_o(c_rt_ev_block), .rt_ev_arrive_o(c_rt_ev_arrive), .rt_ev_bar_o(c_rt_ev_bar),
    .rt_ev_exit_o(c_rt_ev_exit), .rt_ev_release_o(c_rt_ev_release), .rt_ev_woken_o(c_rt_ev_woken),
    .rt_ev_sleep_o(c_rt_ev_sleep), .rt_ev_trap_o(c_rt_ev_trap), .rt_trap_idx_o(c_rt_trap_idx),
    .rt_ev_syscall_o(c_rt_ev_syscall), .rt_ev_rtt_o(c_rt_ev_rtt),
    .ft_valid_o(c_ft_valid), .ft_warp_o(c_ft_warp), .ft_pc_o(c_ft_pc), .ft_time_o(c_ft_time),
    .ft_misaligned_o(c_ft_misaligned), .as_valid_o(c_as_valid), .as_time_o(c_as_time),
    .as_fired_o(c_as_fired), .as_woke_o(c_as_woke), .st_now_o, .st_nwarps_o(c_nwarps), .st_run_o,
    .st_armed_o(c_st_armed), .st_woke_o, .st_sleep_o(c_st_sleep), .st_wbs_o(c_rt_wbs_all),
    .st_wbs_def_o(c_st_wbs_def), .st_bbar_o(c_rt_bbar), .st_bar_words_o, .st_bar_arrived_o(c_st_arrived),
    .st_bar_blocked_o(c_st_blocked), .st_trap_o(c_st_trap), .st_unread_o(c_st_unread), .st_ptr_o(c_st_ptr),
    .st_sched_o(c_st_sched), .st_stuck_o,
    .dbg_warp_i, .dbg_reg_i, .dbg_apc_o, .dbg_valid_o, .dbg_active_o, .dbg_yield_o, .dbg_sleep_o,
    .dbg_switch_o, .dbg_breg_o, .dbg_run_o, .dbg_gpr_o, .dbg_gpr_undef_o, .dbg_pred_o, .dbg_pred_undef_o
  );

endmodule
