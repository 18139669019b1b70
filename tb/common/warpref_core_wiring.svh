// warpref_core_wiring.svh - the RTL stub's core (rtl_stub/warpref_core.sv) and
// one signal per port, declared and wired once for every testbench that
// instantiates it (tb/lockstep/tb_lockstep.sv, tb/rtl_run/tb_rtl_run.sv).
// Included inside the testbench module, which declares before it:
//   parameters  NW, NR, IMEM_DEPTH, CMEM_N,  the core's
//               PROFILE
//               NB                           warpref_rtl_pkg::NBUGS
//   signals     clk, rst_n                   the clock and the active-low reset
// Each signal is the port's name without its _i/_o suffix (bug_i: bugs,
// threads_i: threads); the testbench drives the inputs and reads the outputs,
// and names the outputs it does not read in a lint-clean `unused` reduction
// of its own.  (The SystemC lockstep has no SystemVerilog top: it binds the
// Verilated core in C++, tb/sc/lockstep/tb_sc_lockstep.cpp.)

  // ---- inputs: configuration, issue enable, memory load, debug read ----
  logic [10:0]   threads;
  logic [31:0]   n_insns;
  logic          rr;
  logic          trap_mode;
  logic [NB-1:0] bugs;
  logic          run;
  logic          imem_we, cmem_we;
  logic [31:0]   imem_addr;
  logic [127:0]  imem_wdata;
  logic [18:0]   cmem_addr;
  logic [31:0]   cmem_wdata;
  logic [4:0]    dbg_warp;
  logic [7:0]    dbg_reg;

  // ---- the retire port (docs/rtl.md): the instruction that committed at the last edge ----
  logic rt_valid; logic [4:0] rt_warp; logic [63:0] rt_time, rt_pc; logic [127:0] rt_insn;
  logic [warpref_isa_pkg::FORM_BITS-1:0] rt_form; logic [warpref_rtl_pkg::NREADS-1:0] rt_reads; logic [31:0] rt_pg, rt_pp;
  logic [32*64-1:0] rt_ra; logic [32*32-1:0] rt_rb, rt_rc, rt_re; logic [31:0] rt_ra_undef, rt_rb_undef;
  logic [63:0] rt_ur, rt_c;
  logic [63:0] rt_apc; logic [31:0] rt_valid_mask, rt_active, rt_yield, rt_sleep, rt_switch;
  logic [32*64-1:0] rt_rpc; logic [16*32-1:0] rt_breg; logic [31:0] rt_wbs; logic rt_wbs_def;
  logic [31:0] rt_rd_we; logic [7:0] rt_rd; logic rt_rd_pair; logic [32*64-1:0] rt_rd_val;
  logic [63:0] rt_rd_dc; logic [31:0] rt_rd_undef, rt_pd_we; logic [2:0] rt_pd; logic [31:0] rt_pd_val;
  logic rt_pd_dc; logic [31:0] rt_pd_undef; logic rt_ur_we; logic [5:0] rt_urd; logic [31:0] rt_ur_val;
  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] rt_bar_words; logic [warpref_rtl_pkg::NBAR_MAX-1:0] rt_bar_changed;
  logic [NW*3-1:0] rt_run;
  logic [NW-1:0] rt_wbs_we;
  logic rt_ev_wake, rt_ev_warn, rt_ev_unread; logic [3:0] rt_ev_exc; logic rt_ev_block, rt_ev_arrive;
  logic [4:0] rt_ev_bar; logic rt_ev_exit; logic [warpref_rtl_pkg::NBAR_MAX-1:0] rt_ev_release;
  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] rt_ev_woken;
  logic rt_ev_sleep, rt_ev_trap; logic [31:0] rt_trap_idx; logic rt_ev_syscall, rt_ev_rtt;
  // ---- fetch fault, asynchronous wakes, status, debug ----
  logic ft_valid; logic [4:0] ft_warp; logic [63:0] ft_pc, ft_time; logic ft_misaligned;
  logic as_valid; logic [63:0] as_time; logic [NW-1:0] as_fired, as_woke;
  logic [63:0] st_now; logic [5:0] st_nwarps; logic [NW*3-1:0] st_run; logic [NW-1:0] st_armed, st_woke;
  logic [NW*32-1:0] st_sleep, st_wbs; logic [NW-1:0] st_wbs_def; logic [NW*5-1:0] st_bbar;
  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] st_bar_words, st_bar_arrived, st_bar_blocked;
  logic [4:0] st_ptr; logic st_stuck; logic [NW-1:0] st_trap, st_unread;
  logic [NW*11-1:0] st_sched;
  logic [63:0] dbg_apc; logic [31:0] dbg_valid, dbg_active, dbg_yield, dbg_sleep, dbg_switch;
  logic [16*32-1:0] dbg_breg; logic [2:0] dbg_run; logic [32*32-1:0] dbg_gpr; logic [31:0] dbg_gpr_undef;
  logic [7*32-1:0] dbg_pred, dbg_pred_undef;

  warpref_core #(.NW(NW), .NR(NR), .IMEM_DEPTH(IMEM_DEPTH), .CMEM_N(CMEM_N), .PROFILE(PROFILE)) dut (
    .clk_i(clk), .rst_ni(rst_n), .threads_i(threads), .n_insns_i(n_insns), .rr_i(rr), .trap_mode_i(trap_mode),
    .bug_i(bugs),
    .run_i(run), .imem_we_i(imem_we), .imem_addr_i(imem_addr), .imem_wdata_i(imem_wdata),
    .cmem_we_i(cmem_we), .cmem_addr_i(cmem_addr), .cmem_wdata_i(cmem_wdata),
    .rt_valid_o(rt_valid), .rt_warp_o(rt_warp), .rt_time_o(rt_time), .rt_pc_o(rt_pc), .rt_insn_o(rt_insn),
    .rt_form_o(rt_form), .rt_reads_o(rt_reads), .rt_pg_o(rt_pg), .rt_pp_o(rt_pp), .rt_ra_o(rt_ra),
    .rt_rb_o(rt_rb), .rt_rc_o(rt_rc), .rt_re_o(rt_re), .rt_ra_undef_o(rt_ra_undef), .rt_rb_undef_o(rt_rb_undef),
    .rt_ur_o(rt_ur), .rt_c_o(rt_c), .rt_apc_o(rt_apc),
    .rt_valid_mask_o(rt_valid_mask), .rt_active_o(rt_active), .rt_yield_o(rt_yield), .rt_sleep_o(rt_sleep),
    .rt_switch_o(rt_switch), .rt_rpc_o(rt_rpc), .rt_breg_o(rt_breg), .rt_wbs_o(rt_wbs),
    .rt_wbs_def_o(rt_wbs_def), .rt_rd_we_o(rt_rd_we), .rt_rd_o(rt_rd), .rt_rd_pair_o(rt_rd_pair),
    .rt_rd_val_o(rt_rd_val), .rt_rd_dc_o(rt_rd_dc), .rt_rd_undef_o(rt_rd_undef), .rt_pd_we_o(rt_pd_we),
    .rt_pd_o(rt_pd), .rt_pd_val_o(rt_pd_val), .rt_pd_dc_o(rt_pd_dc), .rt_pd_undef_o(rt_pd_undef),
    .rt_ur_we_o(rt_ur_we), .rt_urd_o(rt_urd), .rt_ur_val_o(rt_ur_val), .rt_bar_words_o(rt_bar_words),
    .rt_bar_changed_o(rt_bar_changed), .rt_run_o(rt_run), .rt_wbs_we_o(rt_wbs_we), .rt_ev_wake_o(rt_ev_wake),
    .rt_ev_warn_o(rt_ev_warn), .rt_ev_unread_o(rt_ev_unread), .rt_ev_exc_o(rt_ev_exc), .rt_ev_block_o(rt_ev_block),
    .rt_ev_arrive_o(rt_ev_arrive), .rt_ev_bar_o(rt_ev_bar), .rt_ev_exit_o(rt_ev_exit),
    .rt_ev_release_o(rt_ev_release), .rt_ev_woken_o(rt_ev_woken), .rt_ev_sleep_o(rt_ev_sleep),
    .rt_ev_trap_o(rt_ev_trap), .rt_trap_idx_o(rt_trap_idx), .rt_ev_syscall_o(rt_ev_syscall),
    .rt_ev_rtt_o(rt_ev_rtt),
    .ft_valid_o(ft_valid), .ft_warp_o(ft_warp), .ft_pc_o(ft_pc), .ft_time_o(ft_time),
    .ft_misaligned_o(ft_misaligned),
    .as_valid_o(as_valid), .as_time_o(as_time), .as_fired_o(as_fired), .as_woke_o(as_woke),
    .st_now_o(st_now), .st_nwarps_o(st_nwarps), .st_run_o(st_run), .st_armed_o(st_armed),
    .st_woke_o(st_woke), .st_sleep_o(st_sleep), .st_wbs_o(st_wbs), .st_wbs_def_o(st_wbs_def),
    .st_bbar_o(st_bbar), .st_bar_words_o(st_bar_words), .st_bar_arrived_o(st_bar_arrived),
    .st_bar_blocked_o(st_bar_blocked), .st_trap_o(st_trap), .st_unread_o(st_unread), .st_ptr_o(st_ptr), .st_sched_o(st_sched), .st_stuck_o(st_stuck),
    .dbg_warp_i(dbg_warp), .dbg_reg_i(dbg_reg), .dbg_apc_o(dbg_apc), .dbg_valid_o(dbg_valid),
    .dbg_active_o(dbg_active), .dbg_yield_o(dbg_yield), .dbg_sleep_o(dbg_sleep),
    .dbg_switch_o(dbg_switch), .dbg_breg_o(dbg_breg), .dbg_run_o(dbg_run), .dbg_gpr_o(dbg_gpr),
    .dbg_gpr_undef_o(dbg_gpr_undef), .dbg_pred_o(dbg_pred), .dbg_pred_undef_o(dbg_pred_undef)
  );
