// stub_wiring.svh - the RTL stub's core (rtl_stub/warpref_core.sv) on the
// kit's interface (kit/warpref_retire_if.sv): the one wiring of the stub to
// the checker, included by the template testbench (tb_template.sv) and by the
// project's own lockstep testbench (tb/lockstep/tb_lockstep.sv).  It is what
// a team writes for its own design (docs/integrate.md, "Your wiring").
// Included inside the testbench module, which declares before it:
//   rif                       warpref_retire_if #(.K(1), .NW(..), .NBAR(..)) on clk (NBAR <= 32)
//   clk                       the clock
//   NR, IMEM_DEPTH, CMEM_N    the core's parameters (its registers, memories)
//   PROFILE                   and its barrier engine (warpref_isa_pkg::PROFILE_*)
//   rr, bugs                  the stub's own controls: N-50's scheduler, the injected bug
//                             (warpref_rtl_pkg::NBUGS bits, docs/bugs.md)
// The ports whose shape is the interface's are connected to it; the few the
// stub reports in another shape are adapted by the assigns after it; the
// status ports the checker does not read are left open.

  // the stub's debug read port: one register a read (combinational: the checker's DBG_LATENCY 1)
  // unless the includer defines WARPREF_STUB_DBG_REGS before it, as the interface's DBG_REGS
  // (tb_lockstep: NR, a warp's registers a read, registered: DBG_LATENCY 2; docs/rtl.md).
  // (a macro: Verilator 5.006 takes no rif.DBG_REGS here unless the interface sets it)
`ifndef WARPREF_STUB_DBG_REGS
`define WARPREF_STUB_DBG_REGS 1
`endif
  // the stub's barrier ports have room for 32 barriers (NBAR_MAX): the interface takes NBAR
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] stub_bar_changed, stub_release;
  logic [32*32-1:0] stub_bar_words, stub_woken, stub_st_bar_words, stub_wbs;
  /* verilator lint_on UNUSEDSIGNAL */
  logic stub_warn, stub_unread, stub_pd_dc;
  logic [31:0] stub_pd_undef;
  logic [32*5-1:0] stub_bbar;
  /* verilator lint_off PINCONNECTEMPTY */
  warpref_core #(.NW(rif.NW), .NR(NR), .IMEM_DEPTH(IMEM_DEPTH), .CMEM_N(CMEM_N), .PROFILE(PROFILE),
                 .DBG_REGS(`WARPREF_STUB_DBG_REGS)) dut (
    .clk_i(clk), .rst_ni(rif.rst_n), .trap_mode_i(1'b0), .threads_i(rif.cfg_threads), .n_insns_i(rif.cfg_ninsns),
    .rr_i(rr), .bug_i(bugs), .run_i(rif.run), .imem_we_i(rif.ld_imem_we), .imem_addr_i(rif.ld_imem_addr),
    .imem_wdata_i(rif.ld_imem_data), .cmem_we_i(rif.ld_cmem_we),
    .cmem_addr_i({rif.ld_cmem_bank, rif.ld_cmem_offset[15:2]}), .cmem_wdata_i(rif.ld_cmem_data),
    .rt_valid_o(rif.rt_valid), .rt_warp_o(rif.rt_warp), .rt_time_o(rif.rt_time), .rt_pc_o(rif.rt_pc),
    .rt_insn_o(rif.rt_insn), .rt_form_o(), .rt_reads_o(rif.rt_reads), .rt_pg_o(rif.rt_pg), .rt_pp_o(rif.rt_pp),
    .rt_ra_o(rif.rt_ra), .rt_rb_o(rif.rt_rb), .rt_rc_o(rif.rt_rc), .rt_re_o(rif.rt_re), .rt_ra_undef_o(rif.rt_ra_undef),
    .rt_rb_undef_o(rif.rt_rb_undef), .rt_ur_o(rif.rt_ur), .rt_c_o(rif.rt_c), .rt_apc_o(rif.rt_apc),
    .rt_valid_mask_o(rif.rt_valid_mask), .rt_active_o(rif.rt_active), .rt_yield_o(rif.rt_yield),
    .rt_sleep_o(rif.rt_sleep), .rt_switch_o(rif.rt_switch), .rt_rpc_o(rif.rt_rpc), .rt_breg_o(rif.rt_breg),
    .rt_wbs_o(rif.rt_wbs), .rt_wbs_def_o(rif.rt_wbs_def), .rt_rd_we_o(rif.rt_rd_we), .rt_rd_o(rif.rt_rd),
    .rt_rd_pair_o(rif.rt_rd_pair), .rt_rd_val_o(rif.rt_rd_val), .rt_rd_dc_o(rif.rt_rd_dc),
    .rt_rd_undef_o(rif.rt_rd_undef), .rt_pd_we_o(rif.rt_pd_we), .rt_pd_o(rif.rt_pd), .rt_pd_val_o(rif.rt_pd_val),
    .rt_pd_dc_o(stub_pd_dc), .rt_pd_undef_o(stub_pd_undef), .rt_ur_we_o(rif.rt_ur_we), .rt_urd_o(rif.rt_urd),
    .rt_ur_val_o(rif.rt_ur_val), .rt_bar_words_o(stub_bar_words), .rt_bar_changed_o(stub_bar_changed),
    .rt_run_o(rif.rt_runs), .rt_wbs_we_o(rif.rt_wbs_we), .rt_ev_wake_o(rif.rt_ev_wake),
    .rt_ev_warn_o(stub_warn), .rt_ev_unread_o(stub_unread), .rt_ev_exc_o(rif.rt_exc),
    .rt_ev_block_o(rif.rt_ev_block), .rt_ev_arrive_o(rif.rt_ev_arrive), .rt_ev_bar_o(rif.rt_ev_bar),
    .rt_ev_exit_o(rif.rt_ev_exit), .rt_ev_release_o(stub_release), .rt_ev_woken_o(stub_woken),
    .rt_ev_sleep_o(rif.rt_ev_sleep), .rt_ev_trap_o(rif.rt_ev_trap), .rt_trap_idx_o(rif.rt_trap_idx),
    .rt_ev_syscall_o(rif.rt_ev_syscall), .rt_ev_rtt_o(rif.rt_ev_rtt), .ft_valid_o(rif.ft_valid),
    .ft_warp_o(rif.ft_warp), .ft_pc_o(rif.ft_pc), .ft_time_o(rif.ft_time), .ft_misaligned_o(rif.ft_misaligned),
    .as_valid_o(rif.as_valid), .as_time_o(rif.as_time), .as_fired_o(rif.as_fired), .as_woke_o(rif.as_woke),
    .st_now_o(rif.st_now), .st_nwarps_o(), .st_run_o(rif.st_run), .st_armed_o(), .st_woke_o(rif.st_woke),
    .st_sleep_o(), .st_wbs_o(stub_wbs[rif.NW*32-1:0]), .st_wbs_def_o(),
    .st_bbar_o(stub_bbar[rif.NW*5-1:0]), .st_bar_words_o(stub_st_bar_words), .st_bar_arrived_o(),
    .st_bar_blocked_o(), .st_trap_o(), .st_unread_o(), .st_ptr_o(), .st_sched_o(), .st_stuck_o(rif.st_stuck),
    .dbg_warp_i(rif.dbg_warp), .dbg_reg_i(rif.dbg_reg), .dbg_apc_o(rif.dbg_apc), .dbg_valid_o(rif.dbg_valid),
    .dbg_active_o(rif.dbg_active), .dbg_yield_o(rif.dbg_yield), .dbg_sleep_o(rif.dbg_sleep),
    .dbg_switch_o(rif.dbg_switch), .dbg_breg_o(rif.dbg_breg), .dbg_run_o(rif.dbg_run), .dbg_gpr_o(rif.dbg_gpr),
    .dbg_gpr_undef_o(rif.dbg_gpr_undef), .dbg_pred_o(rif.dbg_pred), .dbg_pred_undef_o(rif.dbg_pred_undef));
  /* verilator lint_on PINCONNECTEMPTY */

  // what the stub reports in another shape: the barrier ports' width,
  // Rc's undefined lanes (the stub's Rb and Rc share them), the predicate write's
// undefined lanes with its whole-write mark (rt_pd_dc_o) folded in, the warnings as codes
  // (OPERAND_NOT_UNIFORM; sass's RESULT_NOT_READ, which comes first), and from its
  // status port (the state after the record) every warp's WarpBARState and the barrier
  // the warp waits on
  assign rif.rt_bar_changed = stub_bar_changed[rif.NBAR-1:0];
  assign rif.rt_bar_words = stub_bar_words[rif.NBAR*32-1:0];
  assign rif.rt_ev_release = stub_release[rif.NBAR-1:0];
  assign rif.rt_ev_woken = stub_woken[rif.NBAR*32-1:0];
  assign rif.st_bar_words = stub_st_bar_words[rif.NBAR*32-1:0];
  assign rif.rt_rc_undef = rif.rt_rb_undef;
  assign rif.rt_pd_undef = stub_pd_undef | (stub_pd_dc ? rif.rt_pd_we : 32'd0);   // the whole write's mark, per lane
  assign rif.rt_ev_warn = stub_warn | stub_unread;
  assign rif.rt_warn = stub_unread ? (stub_warn ? 16'h0102 : 16'h0002) : 16'h0001;
  assign rif.rt_wbs_all = stub_wbs[rif.NW*32-1:0];
  assign rif.rt_blocked_bar = stub_bbar[rif.rt_warp*5 +: 5];
  assign rif.ld_done = 1'b0;                  // the checker loads through the load port (EXT_LOAD = 0)
