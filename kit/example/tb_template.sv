// tb_template.sv - the kit's template testbench (docs/integrate.md): a design
// checked in lockstep through kit/warpref_retire_if.sv and
// kit/warpref_checker.sv alone.  The design here is the project's RTL stub
// (rtl_stub/warpref_core.sv), treated as foreign RTL: nothing in it is
// changed, nothing else of the project's testbenches is used.  For your own
// design, replace the block between the two "your design" lines.
//
// Build (Verilator 5, no Makefile: docs/integrate.md "Building"), run:
//   ./tb_template +program=tests/programs/bar_red.s [+sched=rr] [+bug=NAME]
// +sched and +bug are this design's own plusargs; +trace_sv=FILE the trace
// writer's (the trace written in SystemVerilog alone: docs/integrate.md,
// "Traces without DPI"); the rest are the checker's.
module tb_template #(
  // the optional parts this design reports (all of them: the stub does; tests/check_kit.py
  // builds it once more with them off, -GOPERANDS=0 -GRD_VALUES=0 -GCTA_WORDS=0)
  parameter bit OPERANDS = 1'b1, RD_VALUES = 1'b1, CTA_WORDS = 1'b1
);
  logic clk = 1'b0;
  initial forever #5 clk = ~clk;              // one cycle: 10 time units (Verilator: --timing)

  warpref_retire_if #(.K(1), .NW(32), .NBAR(16)) rif (.clk(clk));
  warpref_checker #(.NAME("tb_template"), .NR(64), .MAX_INSNS(4096), .MAX_CONSTS(256), .OPERANDS(OPERANDS),
                    .RD_VALUES(RD_VALUES), .CTA_WORDS(CTA_WORDS)) u_chk (.rif(rif));
  // the trace with $fwrite alone (+trace_sv=FILE; idle without it)
  warpref_trace_writer #(.NAME("tb_template"), .OPERANDS(OPERANDS), .RD_VALUES(RD_VALUES),
                         .CTA_WORDS(CTA_WORDS)) u_trace (.rif(rif));

  // ---- your design: from here ----
  // the stub's own controls: its scheduler (+sched=rr: N-50's) and an injected bug (docs/bugs.md)
  `include "warpref_bug_names.svh"            // string bug_names [NBUGS], generated from the stub's package
  logic rr = 1'b0;
  logic [warpref_rtl_pkg::NBUGS-1:0] bugs = '0;
  initial begin
    string s;
    if ($value$plusargs("sched=%s", s)) rr = s == "rr";
    if ($value$plusargs("bug=%s", s))
      for (int i = 0; i < int'(warpref_rtl_pkg::NBUGS); i++) if (bug_names[i] == s) bugs[i] = 1'b1;
  end
  logic [10:0] reads; logic [4:0] ev_bar; logic pd_dc; logic [31:0] pd_undef; logic [32*32-1:0] wbs_all; logic [32*5-1:0] bbar;
  // the stub's barrier ports have room for 32 barriers; its native build uses the first 16 (NBAR)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [32*32-1:0] bar_words, woken, st_bar_words; logic [31:0] bar_changed, release_;
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off PINCONNECTEMPTY */          // (status ports the checker does not need)
  warpref_core #(.NW(32), .NR(64), .IMEM_DEPTH(4096), .CMEM_N(256)) dut (
    .clk_i(clk), .rst_ni(rif.rst_n), .trap_mode_i(1'b0), .threads_i(rif.cfg_threads), .n_insns_i(rif.cfg_ninsns), .rr_i(rr),
    .bug_i(bugs), .run_i(rif.run), .imem_we_i(rif.ld_imem_we), .imem_addr_i(rif.ld_imem_addr),
    .imem_wdata_i(rif.ld_imem_data), .cmem_we_i(rif.ld_cmem_we),
    .cmem_addr_i({rif.ld_cmem_bank, rif.ld_cmem_offset[15:2]}), .cmem_wdata_i(rif.ld_cmem_data),
    .rt_valid_o(rif.rt_valid), .rt_warp_o(rif.rt_warp), .rt_time_o(rif.rt_time), .rt_pc_o(rif.rt_pc),
    .rt_insn_o(rif.rt_insn), .rt_form_o(), .rt_reads_o(reads), .rt_pg_o(rif.rt_pg), .rt_pp_o(rif.rt_pp),
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
    .rt_ev_warn_o(rif.rt_ev_warn), .rt_ev_unread_o(), .rt_ev_exc_o(rif.rt_exc), .rt_ev_block_o(rif.rt_ev_block),
    .rt_ev_arrive_o(rif.rt_ev_arrive), .rt_ev_bar_o(ev_bar), .rt_ev_exit_o(rif.rt_ev_exit),
    .rt_ev_release_o(release_), .rt_ev_woken_o(woken), .rt_ev_sleep_o(rif.rt_ev_sleep),
    .rt_ev_trap_o(rif.rt_ev_trap), .rt_trap_idx_o(rif.rt_trap_idx), .rt_ev_syscall_o(rif.rt_ev_syscall),
    .rt_ev_rtt_o(rif.rt_ev_rtt), .ft_valid_o(rif.ft_valid), .ft_warp_o(rif.ft_warp), .ft_pc_o(rif.ft_pc),
    .ft_time_o(rif.ft_time), .ft_misaligned_o(rif.ft_misaligned), .as_valid_o(rif.as_valid),
    .as_time_o(rif.as_time), .as_fired_o(rif.as_fired), .as_woke_o(rif.as_woke), .st_now_o(rif.st_now),
    .st_nwarps_o(), .st_run_o(rif.st_run), .st_armed_o(), .st_woke_o(rif.st_woke), .st_sleep_o(),
    .st_wbs_o(wbs_all), .st_wbs_def_o(), .st_bbar_o(bbar), .st_bar_words_o(st_bar_words),
    .st_bar_arrived_o(), .st_bar_blocked_o(), .st_trap_o(), .st_unread_o(), .st_ptr_o(), .st_sched_o(), .st_stuck_o(rif.st_stuck),
    .dbg_warp_i(rif.dbg_warp), .dbg_reg_i(rif.dbg_reg), .dbg_apc_o(rif.dbg_apc), .dbg_valid_o(rif.dbg_valid),
    .dbg_active_o(rif.dbg_active), .dbg_yield_o(rif.dbg_yield), .dbg_sleep_o(rif.dbg_sleep),
    .dbg_switch_o(rif.dbg_switch), .dbg_breg_o(rif.dbg_breg), .dbg_run_o(rif.dbg_run), .dbg_gpr_o(rif.dbg_gpr),
    .dbg_gpr_undef_o(rif.dbg_gpr_undef), .dbg_pred_o(rif.dbg_pred), .dbg_pred_undef_o(rif.dbg_pred_undef));
  /* verilator lint_on PINCONNECTEMPTY */
  // what the stub reports in another shape: the read set's width, the barrier's width, Rc's undefined
  // lanes (the stub's Rb and Rc share them), the predicate's undefined flag, the warning's code, the
  // WarpBARStates and the barrier waited on after the record (its status port: the state after it)
  assign rif.rt_reads = 11'(reads);
  assign rif.rt_ev_bar = ev_bar;
  assign rif.rt_bar_words = bar_words[16*32-1:0];
  assign rif.rt_bar_changed = bar_changed[15:0];
  assign rif.rt_ev_release = release_[15:0];
  assign rif.rt_ev_woken = woken[16*32-1:0];
  assign rif.st_bar_words = st_bar_words[16*32-1:0];
  assign rif.rt_rc_undef = rif.rt_rb_undef;
  assign rif.rt_pd_undef = pd_undef | (pd_dc ? rif.rt_pd_we : 32'd0);
  assign rif.rt_warn = 4'd1;                  // OPERAND_NOT_UNIFORM, the stub's one warning
  assign rif.rt_wbs_all = wbs_all;
  assign rif.rt_blocked_bar = bbar[rif.rt_warp*5 +: 5];
  assign rif.ld_done = 1'b0;                  // the checker loads through the load port (EXT_LOAD = 0)
  // ---- your design: to here ----
endmodule
