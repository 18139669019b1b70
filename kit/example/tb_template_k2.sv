// tb_template_k2.sv - the kit's template testbench with two retire slots
// (K = 2, docs/integrate.md "Several retires in one cycle"): the two-issue
// variant of the RTL stub (rtl_stub/warpref_dual.sv, docs/rtl.md) checked in
// lockstep through kit/warpref_retire_if.sv and kit/warpref_checker.sv
// alone.  It is tb_template.sv with the interface's K = 2, a second clock
// for the variant and each signal wired per slot.
//
// Build as tb_template (kit/meson.build: tb_template_k2), run:
//   ./tb_template_k2 +program=tests/programs/bar_red.s [+sched=rr] [+bug=NAME]
// At the end it prints `tb_template_k2: N cycles retired two, M one`.
module tb_template_k2;
  logic clk = 1'b0, clk2x = 1'b1;
  initial forever #10 clk = ~clk;             // one cycle: 20 time units (Verilator: --timing)
  initial forever #5 clk2x = ~clk2x;          // the variant's core clock: rising at every edge of clk and between

  warpref_retire_if #(.K(2), .NW(32), .NBAR(16)) rif (.clk(clk));
  warpref_checker #(.NAME("tb_template_k2"), .NR(64), .MAX_INSNS(4096), .MAX_CONSTS(256),
                    .STRICT_UNDEF(1'b1),      // the stub marks the model's undefined lanes
                    .TIME_STEP(2)) u_chk (.rif(rif));   // two core cycles an edge: its time moves up to 2

  // ---- your design: from here ----
  `include "warpref_bug_names.svh"            // string bug_names [NBUGS], generated from the stub's package
  logic rr = 1'b0;
  logic [warpref_rtl_pkg::NBUGS-1:0] bugs = '0;
  initial begin
    string s;
    if ($value$plusargs("sched=%s", s)) rr = s == "rr";
    if ($value$plusargs("bug=%s", s))
      for (int i = 0; i < int'(warpref_rtl_pkg::NBUGS); i++) if (bug_names[i] == s) bugs[i] = 1'b1;
  end
  localparam int unsigned NBM = warpref_rtl_pkg::NBAR_MAX;
  logic [1:0][warpref_rtl_pkg::NREADS-1:0] reads; logic [1:0] pd_dc; logic [1:0][31:0] pd_undef; logic [1:0][32*5-1:0] bbar;
  logic [1:0][32*32-1:0] wbs_all; logic [1:0] issued;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [1:0][NBM*32-1:0] bar_words, woken; logic [1:0][NBM-1:0] bar_changed, release_;
  logic [NBM*32-1:0] st_bar_words;
  /* verilator lint_on UNUSEDSIGNAL */
  warpref_dual #(.NW(32), .NR(64), .IMEM_DEPTH(4096), .CMEM_N(256)) dut (
    .clk2x_i(clk2x), .rst_ni(rif.rst_n), .threads_i(rif.cfg_threads), .n_insns_i(rif.cfg_ninsns), .rr_i(rr),
    .bug_i(bugs), .run_i(rif.run), .imem_we_i(rif.ld_imem_we), .imem_addr_i(rif.ld_imem_addr),
    .imem_wdata_i(rif.ld_imem_data), .cmem_we_i(rif.ld_cmem_we),
    .cmem_addr_i({rif.ld_cmem_bank, rif.ld_cmem_offset[15:2]}), .cmem_wdata_i(rif.ld_cmem_data),
    .rt_valid_o(rif.rt_valid), .rt_warp_o(rif.rt_warp), .rt_time_o(rif.rt_time), .rt_pc_o(rif.rt_pc),
    .rt_insn_o(rif.rt_insn), .rt_reads_o(reads), .rt_pg_o(rif.rt_pg), .rt_pp_o(rif.rt_pp),
    .rt_ra_o(rif.rt_ra), .rt_rb_o(rif.rt_rb), .rt_rc_o(rif.rt_rc), .rt_re_o(rif.rt_re), .rt_ra_undef_o(rif.rt_ra_undef),
    .rt_rb_undef_o(rif.rt_rb_undef), .rt_ur_o(rif.rt_ur), .rt_c_o(rif.rt_c), .rt_apc_o(rif.rt_apc),
    .rt_valid_mask_o(rif.rt_valid_mask), .rt_active_o(rif.rt_active), .rt_yield_o(rif.rt_yield),
    .rt_sleep_o(rif.rt_sleep), .rt_switch_o(rif.rt_switch), .rt_rpc_o(rif.rt_rpc), .rt_breg_o(rif.rt_breg),
    .rt_wbs_o(rif.rt_wbs), .rt_wbs_def_o(rif.rt_wbs_def), .rt_rd_we_o(rif.rt_rd_we), .rt_rd_o(rif.rt_rd),
    .rt_rd_pair_o(rif.rt_rd_pair), .rt_rd_val_o(rif.rt_rd_val), .rt_rd_dc_o(rif.rt_rd_dc),
    .rt_rd_undef_o(rif.rt_rd_undef), .rt_pd_we_o(rif.rt_pd_we), .rt_pd_o(rif.rt_pd), .rt_pd_val_o(rif.rt_pd_val),
    .rt_pd_dc_o(pd_dc), .rt_pd_undef_o(pd_undef), .rt_ur_we_o(rif.rt_ur_we), .rt_urd_o(rif.rt_urd),
    .rt_ur_val_o(rif.rt_ur_val), .rt_bar_words_o(bar_words), .rt_bar_changed_o(bar_changed),
    .rt_run_o(rif.rt_runs), .rt_wbs_we_o(rif.rt_wbs_we), .rt_ev_wake_o(rif.rt_ev_wake),
    .rt_ev_warn_o(rif.rt_ev_warn), .rt_ev_exc_o(rif.rt_exc), .rt_ev_block_o(rif.rt_ev_block),
    .rt_ev_arrive_o(rif.rt_ev_arrive), .rt_ev_bar_o(rif.rt_ev_bar), .rt_ev_exit_o(rif.rt_ev_exit),
    .rt_ev_release_o(release_), .rt_ev_woken_o(woken), .rt_ev_sleep_o(rif.rt_ev_sleep),
    .rt_ev_trap_o(rif.rt_ev_trap), .rt_trap_idx_o(rif.rt_trap_idx), .rt_ev_syscall_o(rif.rt_ev_syscall),
    .rt_ev_rtt_o(rif.rt_ev_rtt), .rt_wbs_all_o(wbs_all), .rt_bbar_o(bbar),
    .ft_valid_o(rif.ft_valid), .ft_warp_o(rif.ft_warp), .ft_pc_o(rif.ft_pc),
    .ft_time_o(rif.ft_time), .ft_misaligned_o(rif.ft_misaligned), .as_valid_o(rif.as_valid),
    .as_time_o(rif.as_time), .as_fired_o(rif.as_fired), .as_woke_o(rif.as_woke), .st_now_o(rif.st_now),
    .st_run_o(rif.st_run), .st_woke_o(rif.st_woke), .st_bar_words_o(st_bar_words), .st_stuck_o(rif.st_stuck),
    .st_issued_o(issued),
    .dbg_warp_i(rif.dbg_warp), .dbg_reg_i(rif.dbg_reg), .dbg_apc_o(rif.dbg_apc), .dbg_valid_o(rif.dbg_valid),
    .dbg_active_o(rif.dbg_active), .dbg_yield_o(rif.dbg_yield), .dbg_sleep_o(rif.dbg_sleep),
    .dbg_switch_o(rif.dbg_switch), .dbg_breg_o(rif.dbg_breg), .dbg_run_o(rif.dbg_run), .dbg_gpr_o(rif.dbg_gpr),
    .dbg_gpr_undef_o(rif.dbg_gpr_undef), .dbg_pred_o(rif.dbg_pred), .dbg_pred_undef_o(rif.dbg_pred_undef));
  // per slot, what the stub reports in another shape (as tb_template.sv)
  for (genvar s = 0; s < 2; s++) begin : g_slot
    assign rif.rt_reads[s] = reads[s];
    assign rif.rt_bar_words[s] = bar_words[s][16*32-1:0];
    assign rif.rt_bar_changed[s] = bar_changed[s][15:0];
    assign rif.rt_ev_release[s] = release_[s][15:0];
    assign rif.rt_ev_woken[s] = woken[s][16*32-1:0];
    assign rif.rt_rc_undef[s] = rif.rt_rb_undef[s];
    assign rif.rt_pd_undef[s] = pd_undef[s] | (pd_dc[s] ? rif.rt_pd_we[s] : 32'd0);
    assign rif.rt_warn[s] = 16'd1;
    assign rif.rt_wbs_all[s] = wbs_all[s];
    assign rif.rt_blocked_bar[s] = bbar[s][rif.rt_warp[s]*5 +: 5];
  end
  assign rif.st_bar_words = st_bar_words[16*32-1:0];
  assign rif.ld_done = 1'b0;
  // how often both slots retired (the variant's figure, docs/rtl.md)
  longint unsigned n2 = 0, n1 = 0;
  always @(posedge clk) begin
    if (issued == 2'b11) n2 <= n2 + 1;
    else if (issued != 2'b00) n1 <= n1 + 1;
  end
  final $display("tb_template_k2: %0d cycles retired two, %0d one", n2, n1);
  // ---- your design: to here ----
endmodule
