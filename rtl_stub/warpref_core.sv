// warpref_core.sv - the RTL stub: a small SIMT control core with the
// branch/reconvergence unit (warpref_bru) of seed 003 and the barrier unit
// (warpref_bcu) of its PROFILE (native: seed 000; sass: seed 001; visa: seed 004), the helper instructions (warpref_alu), per-warp register
// files (warpref_regfile), constant memory (warpref_cmem) and its own warp
// scheduler (warpref_sched).  Independent of the C model: everything is
// computed here.
//
// One instruction issues per cycle at most: fetch at the picked warp's
// ActivePC from the instruction memory, decode with the package generated
// from the ISA table, read operands, execute, commit at the clock edge.  In
// rr mode (N-50) the time `now` advances by one per issued instruction and
// jumps to the earliest sleep deadline when every live warp waits; in own
// mode it is the cycle count and instructions have latencies.
//
// Ports: instruction/constant memory load, control (run, mode, bugs), the
// registered retire port (one record per issued instruction, the cycle
// after), the fault port (fetch fault), the async port (deadlines that
// fired: no instruction caused them), a status port and a debug read port.
module warpref_core #(
  parameter int unsigned NW = 4,          // warps, 1..32
  parameter int unsigned NR = 16,         // GPRs stored per lane
  parameter int unsigned IMEM_DEPTH = 256,
  parameter int unsigned CMEM_N = 64,
  // the barrier engine (warpref_isa_pkg::PROFILE_*; one build per profile): the
  // profile's instructions decode, the others' are ILLEGAL_ENCODING (G-01)
  parameter int unsigned PROFILE = warpref_isa_pkg::PROFILE_NATIVE,
  // the debug read port's registers per read (1..NR; docs/rtl.md): 1, the default, a
  // combinational port (the values of dbg_warp_i/dbg_reg_i now); more, a registered one
  // that takes dbg_reg_i .. + DBG_REGS - 1 at each edge while run_i is low (its values
  // one edge after the address; nothing is done at an edge while running)
  parameter int unsigned DBG_REGS = 1
) (
  /*verilator tracing_off*/  // one sample a cycle in the waves: no clock drawn
  input  logic                 clk_i,
  /*verilator tracing_on*/
  input  logic                 rst_ni,
  // configuration, held during a run
  input  logic [10:0]          threads_i,      // CTA size 1..1024, read at reset
  input  logic [31:0]          n_insns_i,      // instructions loaded (N-27)
  input  logic                 rr_i,           // 1: N-50 scheduler and time
  input  logic                 trap_mode_i,    // sass: every warp in trap mode (S-13), read at reset
  input  logic [warpref_rtl_pkg::NBUGS-1:0] bug_i,
  input  logic                 run_i,          // issue enable
  // memory load
  input  logic                 imem_we_i,
  input  logic [31:0]          imem_addr_i,    // instruction index
  input  logic [127:0]         imem_wdata_i,
  input  logic                 cmem_we_i,
  input  logic [18:0]          cmem_addr_i,    // {bank, offset[15:2]}
  input  logic [31:0]          cmem_wdata_i,
  // retire port (registered)
  output logic                 rt_valid_o,
  output logic [4:0]           rt_warp_o,
  output logic [63:0]          rt_time_o,
  output logic [63:0]          rt_pc_o,
  output logic [127:0]         rt_insn_o,
  output logic [warpref_isa_pkg::FORM_BITS-1:0] rt_form_o,
  output logic [warpref_rtl_pkg::NREADS-1:0] rt_reads_o,
  output logic [31:0]          rt_pg_o,
  output logic [31:0]          rt_pp_o,
  output logic [32*64-1:0]     rt_ra_o,
  output logic [32*32-1:0]     rt_rb_o,
  output logic [32*32-1:0]     rt_rc_o,
  output logic [32*32-1:0]     rt_re_o,        // visa: the fourth GPR operand (IN_RE)
  output logic [31:0]          rt_ra_undef_o,  // operand lanes holding undefined values (section 5)
  output logic [31:0]          rt_rb_undef_o,  // (Rb and Rc share bits 39:32)
  output logic [63:0]          rt_ur_o,
  output logic [63:0]          rt_c_o,
  output logic [63:0]          rt_apc_o,
  output logic [31:0]          rt_valid_mask_o,
  output logic [31:0]          rt_active_o,
  output logic [31:0]          rt_yield_o,
  output logic [31:0]          rt_sleep_o,
  output logic [31:0]          rt_switch_o,
  output logic [32*64-1:0]     rt_rpc_o,
  output logic [16*32-1:0]     rt_breg_o,
  output logic [31:0]          rt_wbs_o,
  output logic                 rt_wbs_def_o,
  output logic [31:0]          rt_rd_we_o,
  output logic [7:0]           rt_rd_o,
  output logic                 rt_rd_pair_o,
  output logic [32*64-1:0]     rt_rd_val_o,
  output logic [63:0]          rt_rd_dc_o,
  output logic [31:0]          rt_rd_undef_o,
  output logic [31:0]          rt_pd_we_o,
  output logic [2:0]           rt_pd_o,
  output logic [31:0]          rt_pd_val_o,
  output logic                 rt_pd_dc_o,
  output logic [31:0]          rt_pd_undef_o,
  output logic                 rt_ur_we_o,
  output logic [5:0]           rt_urd_o,
  output logic [31:0]          rt_ur_val_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] rt_bar_words_o,
  output logic [warpref_rtl_pkg::NBAR_MAX-1:0] rt_bar_changed_o,
  output logic [NW*3-1:0]      rt_run_o,
  output logic [NW-1:0]        rt_wbs_we_o,    // warps whose WarpBARState this instruction wrote
  output logic                 rt_ev_wake_o,
  output logic                 rt_ev_warn_o,
  output logic                 rt_ev_unread_o, // sass: warning:RESULT_NOT_READ (before OPERAND_NOT_UNIFORM)
  output logic [3:0]           rt_ev_exc_o,
  output logic                 rt_ev_block_o,
  output logic                 rt_ev_arrive_o,
  output logic [4:0]           rt_ev_bar_o,
  output logic                 rt_ev_exit_o,
  output logic [warpref_rtl_pkg::NBAR_MAX-1:0] rt_ev_release_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] rt_ev_woken_o,
  output logic                 rt_ev_sleep_o,
  output logic                 rt_ev_trap_o,
  output logic [31:0]          rt_trap_idx_o,
  output logic                 rt_ev_syscall_o,
  output logic                 rt_ev_rtt_o,
  // fault port (registered): a fetch fault, N-27
  output logic                 ft_valid_o,
  output logic [4:0]           ft_warp_o,
  output logic [63:0]          ft_pc_o,
  output logic [63:0]          ft_time_o,
  output logic                 ft_misaligned_o,
  // async port (registered): sleep deadlines that fired (N-23)
  output logic                 as_valid_o,
  output logic [63:0]          as_time_o,
  output logic [NW-1:0]        as_fired_o,     // SleepMask cleared
  output logic [NW-1:0]        as_woke_o,      // asleep -> ready
  // status (the current state)
  output logic [63:0]          st_now_o,
  output logic [5:0]           st_nwarps_o,
  output logic [NW*3-1:0]      st_run_o,
  output logic [NW-1:0]        st_armed_o,
  output logic [NW-1:0]        st_woke_o,      // woken, `wake` not yet reported
  output logic [NW*32-1:0]     st_sleep_o,
  output logic [NW*32-1:0]     st_wbs_o,
  output logic [NW-1:0]        st_wbs_def_o,
  output logic [NW*5-1:0]      st_bbar_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] st_bar_words_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] st_bar_arrived_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] st_bar_blocked_o,
  output logic [NW-1:0]        st_trap_o,      // sass: warps in trap mode (S-13)
  output logic [NW-1:0]        st_unread_o,    // sass: warps whose result is unread (S-12)
  output logic [4:0]           st_ptr_o,
  output logic [NW*11-1:0]     st_sched_o,     // per warp: {busy cycles left, cycles waited}
  output logic                 st_stuck_o,     // nothing can issue and nothing sleeps
  // debug read port
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
  output logic [DBG_REGS*32*32-1:0] dbg_gpr_o,   // register dbg_reg_i + i at [i*1024 +: 1024]
  output logic [DBG_REGS*32-1:0] dbg_gpr_undef_o,
  output logic [7*32-1:0]      dbg_pred_o,
  output logic [7*32-1:0]      dbg_pred_undef_o
);
  localparam int unsigned WAW = NW > 1 ? $clog2(NW) : 1;   // warp index bits of the tables
  localparam bit SASS = PROFILE == warpref_isa_pkg::PROFILE_SASS;
  localparam bit VISA = PROFILE == warpref_isa_pkg::PROFILE_VISA;
  localparam logic [2:0] READY   = warpref_rtl_pkg::RUN_READY;
  localparam logic [2:0] BLOCKED = warpref_rtl_pkg::RUN_BLOCKED;
  localparam logic [2:0] ASLEEP  = warpref_rtl_pkg::RUN_ASLEEP;
  localparam logic [2:0] EXITED  = warpref_rtl_pkg::RUN_EXITED;
  localparam logic [2:0] TRAPPED = warpref_rtl_pkg::RUN_TRAPPED;
  localparam logic [2:0] FAULTED = warpref_rtl_pkg::RUN_FAULTED;

  // ---- warp state (SPEC-NOTES section 2) ----
  logic [63:0]      apc_q [NW];
  logic [31:0]      valid_q [NW];
  logic [31:0]      active_q [NW];
  logic [31:0]      yield_q [NW];
  logic [31:0]      sleep_q [NW];
  logic [31:0]      switch_q [NW];
  logic [32*64-1:0] rpc_q [NW];
  logic [16*32-1:0] breg_q [NW];
  logic [31:0]      wbs_q [NW];
  logic [NW-1:0]    wbs_def_q;
  logic [2:0]       run_q [NW];
  logic [4:0]       bbar_q [NW];
  logic [NW-1:0]    woke_q;
  logic [NW-1:0]    armed_q;
  logic [63:0]      deadline_q [NW];
  logic [2:0]       busy_q [NW];
  // ---- barriers ----
  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] bword_q, barrived_q, bblocked_q;
  // ---- sass (S-12, S-13): per warp, trap mode and an unread result ----
  logic [NW-1:0]    trap_q, unread_q;
  // ---- CTA ----
  logic [63:0]      now_q;
  logic [5:0]       nwarps_q;
  logic             init_q;             // the cycle after reset: load the launch state
  // ---- memories ----
  logic [127:0]     imem_q [IMEM_DEPTH];

  // ---- deadlines (N-23): fire at the start of a turn ----
  logic [NW-1:0] fire, ready_eff, asleep_armed, issuable;
  logic [63:0]   min_deadline;
  logic          any_asleep;
  always_comb begin
    min_deadline = 64'hffffffff_ffffffff;
    any_asleep = 1'b0;
    /*verilator tracing_off*/
    for (int w = 0; w < NW; w++) begin
    /*verilator tracing_on*/
      fire[w] = run_i && !init_q && armed_q[w] && deadline_q[w] <= now_q;
      ready_eff[w] = run_q[w] == READY || (fire[w] && run_q[w] == ASLEEP);
      asleep_armed[w] = run_q[w] == ASLEEP && armed_q[w];
      issuable[w] = ready_eff[w] && (rr_i || busy_q[w] == 3'd0);
      if (asleep_armed[w]) begin
        any_asleep = 1'b1;
        if (deadline_q[w] < min_deadline) min_deadline = deadline_q[w];
      end
    end
  end

  // ---- scheduler ----
  logic       pick_valid;
  logic [4:0] pw;
  logic [4:0] sched_ptr;
  logic [NW*8-1:0] sched_wait;
  logic       issue;
  warpref_sched #(.NW(NW)) u_sched (
    .clk_i, .rst_ni, .rr_i, .nwarps_i(nwarps_q), .issuable_i(issuable),
    .take_i(issue), .valid_o(pick_valid), .warp_o(pw), .ptr_o(sched_ptr),
    .wait_o(sched_wait)
  );
  logic       p_dlv;                    // ptx: a delivery cycle, nothing issues (warpref_bcu_ptx)
  assign issue = run_i && pick_valid && !init_q && !p_dlv;
  logic [WAW-1:0] pwi, dwi;
  assign pwi = pw[WAW-1:0];
  assign dwi = dbg_warp_i[WAW-1:0];

  // ---- the picked warp, with the effect of a deadline that fired ----
  logic [63:0]      c_apc;
  logic [31:0]      c_valid, c_active, c_yield, c_sleep, c_switch, c_wbs;
  logic [32*64-1:0] c_rpc;
  logic [16*32-1:0] c_breg;
  logic             c_wbs_def, c_woke, c_armed;
  logic [63:0]      c_deadline;
  always_comb begin
    c_apc = apc_q[pwi]; c_valid = valid_q[pwi]; c_active = active_q[pwi]; c_yield = yield_q[pwi];
    c_sleep = fire[pwi] ? 32'd0 : sleep_q[pwi]; c_switch = switch_q[pwi]; c_rpc = rpc_q[pwi];
    c_breg = breg_q[pwi]; c_wbs = wbs_q[pwi]; c_wbs_def = wbs_def_q[pwi];
    c_woke = woke_q[pwi] || (fire[pwi] && run_q[pwi] == ASLEEP && !bug_i[warpref_rtl_pkg::BUG_WAKE_EVENT_LOST]);
    c_armed = armed_q[pwi] && !fire[pwi]; c_deadline = deadline_q[pwi];
  end

  // ---- fetch (N-27) and decode ----
  logic [127:0] insn;
  logic         fetch_fault, misaligned;
  logic [warpref_isa_pkg::FORM_BITS-1:0] form;
  logic [7:0]   optype;
  logic         legal;
  // the forms of this profile (G-01): another profile's word is FORM_NONE here
  localparam int unsigned NFORMS = 1 << warpref_isa_pkg::FORM_BITS;
  localparam logic [NFORMS-1:0] PROFILE_FORMS = warpref_isa_pkg::PROFILE_FORMS[PROFILE*NFORMS +: NFORMS];
  always_comb begin : p_decode
    logic [warpref_isa_pkg::FORM_BITS-1:0] f;
    misaligned = c_apc[3:0] != 4'd0;
    fetch_fault = misaligned || c_apc[63:4] >= {28'd0, n_insns_i} || c_apc[63:4] >= 60'(IMEM_DEPTH);
    insn = fetch_fault ? 128'd0 : imem_q[c_apc[$clog2(IMEM_DEPTH)+3:4]];
    optype = insn[7:0];
    f = warpref_isa_pkg::decode_form(insn[11:0]);
    form = f != warpref_isa_pkg::FORM_NONE && PROFILE_FORMS[f] ? f : warpref_isa_pkg::FORM_NONE;
    legal = form != warpref_isa_pkg::FORM_NONE &&
            (bug_i[warpref_rtl_pkg::BUG_LEGAL_FORM_ONLY] || warpref_isa_pkg::word_legal(form, insn));
  end

  // ---- operands ----
  logic [7:0]  f_ra, f_rb, f_rd;
  logic [2:0]  f_pg, f_pp;
  logic        f_pg_not, f_pp_not;
  logic [5:0]  f_ur;
  logic [21:0] f_cmem;
  logic        has_pp, has_ra, has_rb, has_rc, has_ura, has_urb, has_cmem, pair;
  logic [warpref_rtl_pkg::NREADS-1:0] reads;
  logic [7:0]  f_rc, f_re;             // visa: GPR slots C and E of NBARRIER_G (Rc is Rb's bits elsewhere)
  logic        v_gen;
  always_comb begin
    f_ra = insn[warpref_isa_pkg::F_RA_LSB +: 8];
    f_rb = insn[warpref_isa_pkg::F_RB_LSB +: 8];    // RC shares these bits
    f_rd = insn[warpref_isa_pkg::F_RD_LSB +: 8];
    f_pg = insn[warpref_isa_pkg::F_PG_LSB +: 3];
    f_pg_not = insn[warpref_isa_pkg::F_PG_NOT_LSB];
    has_pp = warpref_isa_pkg::HAS_PP[form];
    has_ra = warpref_isa_pkg::HAS_RA[form];
    has_rb = warpref_isa_pkg::HAS_RB[form];
    has_rc = warpref_isa_pkg::HAS_RC[form];
    has_ura = warpref_isa_pkg::HAS_URA[form];
    has_urb = warpref_isa_pkg::HAS_URB[form];
    has_cmem = warpref_isa_pkg::HAS_CMEM[form];
    f_pp = has_pp ? insn[warpref_isa_pkg::F_PP_LSB +: 3] : 3'd7;
    f_pp_not = has_pp && insn[warpref_isa_pkg::F_PP_NOT_LSB];
    f_ur = has_ura ? insn[warpref_isa_pkg::F_URA_LSB +: 6] : insn[warpref_isa_pkg::F_URB_LSB +: 6];
    f_cmem = insn[warpref_isa_pkg::F_CMEM_LSB +: 22];
    pair = optype == warpref_isa_pkg::OPT_CALL || optype == warpref_isa_pkg::OPT_RET;
    v_gen = VISA && form == warpref_isa_pkg::FORM_NBARRIER_G;
    f_rc = v_gen ? insn[warpref_isa_pkg::F_RC_LSB_NBARRIER_G +: 8] : f_rb;
    f_re = insn[warpref_isa_pkg::F_RE_LSB +: 8];
    reads = '0;
    reads[warpref_rtl_pkg::IN_PG] = 1'b1;
    reads[warpref_rtl_pkg::IN_PP] = has_pp;
    reads[warpref_rtl_pkg::IN_RA] = has_ra;
    reads[warpref_rtl_pkg::IN_RB] = has_rb;
    reads[warpref_rtl_pkg::IN_RC] = has_rc;
    reads[warpref_rtl_pkg::IN_UR] = has_ura || has_urb;
    reads[warpref_rtl_pkg::IN_C] = has_cmem;
    reads[warpref_rtl_pkg::IN_RA64] = has_ra && pair;
    reads[warpref_rtl_pkg::IN_UR64] = (has_ura || has_urb) && pair;
    reads[warpref_rtl_pkg::IN_C64] = has_cmem && pair;
    // visa: RE is read when all four operands are registers (the fourth slot taken)
    reads[warpref_rtl_pkg::IN_RE] = v_gen && insn[warpref_isa_pkg::F_NBID_R_LSB] &&
                                    insn[warpref_isa_pkg::F_NBTYPE_R_LSB] && insn[warpref_isa_pkg::F_NBNP_R_LSB] &&
                                    insn[warpref_isa_pkg::F_NBNC_R_LSB];
  end

  logic [32*64-1:0] rf_ra;
  logic [31:0]      rf_ra_undef, rf_ra_hi_undef, rf_rb_undef, rf_pg, rf_pp;
  logic [32*32-1:0] rf_rb, rf_rc, rf_re;
  logic [63:0]      rf_ur;
  logic [31:0]      cm_lo, cm_hi;

  // operand values as read (RZ/URZ/PT read as constants)
  logic [32*64-1:0] op_ra;
  logic [32*32-1:0] op_rb, op_rc, op_re;
  logic [63:0]      op_ur, op_c;
  logic [31:0]      op_ra_undef, op_rb_undef;
  logic [31:0]      pgv, ppv, pmask;
  always_comb begin
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      op_ra[l*64 +: 32] = f_ra == warpref_isa_pkg::REG_RZ ? 32'd0 : rf_ra[l*64 +: 32];
      op_ra[l*64 + 32 +: 32] = (f_ra == warpref_isa_pkg::REG_RZ || !pair) ? 32'd0 : rf_ra[l*64 + 32 +: 32];
    end
    op_rb = f_rb == warpref_isa_pkg::REG_RZ ? '0 : rf_rb;
    op_rc = !v_gen ? op_rb : f_rc == warpref_isa_pkg::REG_RZ ? '0 : rf_rc;
    op_re = !v_gen || f_re == warpref_isa_pkg::REG_RZ ? '0 : rf_re;
    op_ra_undef = f_ra == warpref_isa_pkg::REG_RZ ? 32'd0 : rf_ra_undef;
    op_rb_undef = f_rb == warpref_isa_pkg::REG_RZ ? 32'd0 : rf_rb_undef;
    op_ur = pair ? rf_ur : {32'd0, rf_ur[31:0]};
    op_c = {pair ? cm_hi : 32'd0, cm_lo};
    pgv = rf_pg ^ {32{f_pg_not}};
    ppv = rf_pp ^ {32{f_pp_not}};
    pmask = c_active & pgv & (warpref_isa_pkg::PP_INPUT[form] ? 32'hffffffff : ppv);  // N-05
  end

  // ---- execution units ----
  logic [63:0]      b_apc, b_deadline;
  logic [31:0]      b_valid, b_active, b_yield, b_sleep, b_switch, b_rd_we, b_trap_idx;
  logic [32*64-1:0] b_rpc, b_rd_val;
  logic [16*32-1:0] b_breg;
  logic             b_armed, b_rd_pair, b_ev_sleep, b_ev_exit, b_ev_trap, b_ev_syscall, b_ev_rtt;
  logic [3:0]       b_exc;

  warpref_bru u_bru (
    .insn_i(insn), .form_i(form), .optype_i(optype), .bug_i, .now_i(now_q),
    .apc_i(c_apc), .valid_i(c_valid), .active_i(c_active), .yield_i(c_yield), .sleep_i(c_sleep),
    .switch_i(c_switch), .rpc_i(c_rpc), .breg_i(c_breg), .armed_i(c_armed), .deadline_i(c_deadline),
    .pmask_i(pmask), .pgv_i(pgv), .ppv_i(ppv), .ra_i(op_ra), .rb_i(op_rb), .ur_i(op_ur), .c_i(op_c),
    .apc_o(b_apc), .valid_o(b_valid), .active_o(b_active), .yield_o(b_yield), .sleep_o(b_sleep),
    .switch_o(b_switch), .rpc_o(b_rpc), .breg_o(b_breg), .armed_o(b_armed), .deadline_o(b_deadline),
    .rd_we_o(b_rd_we), .rd_pair_o(b_rd_pair), .rd_val_o(b_rd_val),
    .ev_sleep_o(b_ev_sleep), .ev_exit_o(b_ev_exit), .ev_trap_o(b_ev_trap), .ev_syscall_o(b_ev_syscall),
    .ev_rtt_o(b_ev_rtt), .trap_idx_o(b_trap_idx), .exc_o(b_exc)
  );

  logic [5:0]       exited_cnt;
  always_comb begin
    exited_cnt = 6'd0;
    /*verilator tracing_off*/
    for (int w = 0; w < NW; w++)
    /*verilator tracing_on*/
      if (6'(w) < nwarps_q && (run_q[w] == EXITED || (issue && legal && 5'(w) == pw && b_ev_exit)))
        exited_cnt = exited_cnt + 6'd1;
  end

  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] k_word, k_arrived, k_blocked;
  logic [warpref_rtl_pkg::NBAR_MAX-1:0]    k_changed, k_release;
  logic [NW-1:0]    k_wake, k_wbs_we;
  logic [NW*32-1:0] k_wbs_val;
  logic             k_block, k_stall, k_arrive, k_warn, k_wbs_we_self, k_rd_dc, k_pd_val, k_pd_dc;
  logic [4:0]       k_bar;
  logic [3:0]       k_exc;
  logic             k_unread_warn, k_unread_clr;
  logic [NW-1:0]    k_unread_set;
  logic [31:0]      k_wbs_self, k_rd_we, k_rd_val, k_pd_we;
  // ptx (seed 002): its own barrier unit; the warp state after a gather's
  // park or arrival (p_ovr) and the delivery cycles of P-11 (p_dlv)
  localparam bit PTX = PROFILE == warpref_isa_pkg::PROFILE_PTX;
  logic             exec_ok;            // the instruction commits (below)
  logic             p_ovr, p_sleep, p_dlv_gpr;
  logic [63:0]      p_apc;
  logic [31:0]      p_active, p_dlv_lanes, p_dlv_val;
  logic [32*64-1:0] p_rpc;
  logic [4:0]       p_dlv_warp;
  logic [7:0]       p_dlv_dest;
  generate
    if (PTX) begin : g_ptx
      warpref_bcu_ptx #(.NW(NW)) u_bcu (
        .clk_i, .rst_ni, .insn_i(insn), .form_i(form), .optype_i(optype),
        .issue_i(issue && legal && !fetch_fault), .commit_i(exec_ok), .warp_i(pw), .bug_i,
        .pmask_i(pmask), .ppv_i(ppv), .ra_i(op_ra), .rb_i(op_rb),
        .apc_i(c_apc), .valid_i(c_valid), .active_i(c_active), .yield_i(c_yield), .sleep_i(c_sleep),
        .rpc_i(c_rpc), .nwarps_i(nwarps_q), .exited_i(exited_cnt),
        .exit_i(issue && legal && !fetch_fault && b_ev_exit),
        .word_i(bword_q), .arrived_i(barrived_q), .blocked_i(bblocked_q),
        .word_o(k_word), .arrived_o(k_arrived), .blocked_o(k_blocked), .changed_o(k_changed),
        .release_o(k_release), .wake_o(k_wake), .block_o(k_block), .arrive_o(k_arrive), .bar_o(k_bar),
        .warn_o(k_warn), .exc_o(k_exc), .rd_we_o(k_rd_we), .rd_val_o(k_rd_val), .pd_we_o(k_pd_we),
        .pd_val_o(k_pd_val), .ovr_o(p_ovr), .apc_o(p_apc), .active_o(p_active), .rpc_o(p_rpc),
        .sleep_o(p_sleep), .dlv_o(p_dlv), .dlv_warp_o(p_dlv_warp), .dlv_gpr_o(p_dlv_gpr),
        .dlv_dest_o(p_dlv_dest), .dlv_lanes_o(p_dlv_lanes), .dlv_val_o(p_dlv_val)
      );
      assign k_wbs_we = '0; assign k_wbs_val = '0; assign k_unread_warn = 1'b0; assign k_unread_set = '0;
      assign k_unread_clr = 1'b0; assign k_wbs_we_self = 1'b0; assign k_wbs_self = 32'd0;
      assign k_rd_dc = 1'b0; assign k_pd_dc = 1'b0; assign k_stall = 1'b0;   // (visa's V-07 stall)
    end else begin : g_bcu
    warpref_bcu #(.NW(NW), .PROFILE(PROFILE)) u_bcu (
      .insn_i(insn), .form_i(form), .optype_i(optype), .issue_i(issue && legal && !fetch_fault),
      .warp_i(pw), .bug_i, .pmask_i(pmask), .ppv_i(ppv), .ra_i(op_ra), .rb_i(op_rb), .rc_i(op_rc), .re_i(op_re),
      .ra_rz_i(f_ra == warpref_isa_pkg::REG_RZ), .rb_rz_i(f_rb == warpref_isa_pkg::REG_RZ),
      .rc_rz_i(f_rb == warpref_isa_pkg::REG_RZ), .wbs_i(c_wbs), .wbs_def_i(c_wbs_def),
      .trap_i(trap_q[pwi]), .unread_i(unread_q[pwi]),
      .nwarps_i(nwarps_q), .exited_i(exited_cnt), .exit_i(issue && legal && !fetch_fault && b_ev_exit),
      .word_i(bword_q), .arrived_i(barrived_q), .blocked_i(bblocked_q),
      .word_o(k_word), .arrived_o(k_arrived), .blocked_o(k_blocked), .changed_o(k_changed),
      .release_o(k_release), .wake_o(k_wake), .wbs_we_o(k_wbs_we), .wbs_val_o(k_wbs_val),
      .block_o(k_block), .stall_o(k_stall), .arrive_o(k_arrive), .bar_o(k_bar), .warn_o(k_warn), .unread_warn_o(k_unread_warn),
      .exc_o(k_exc), .wbs_we_self_o(k_wbs_we_self), .wbs_self_o(k_wbs_self), .unread_set_o(k_unread_set),
      .unread_clr_o(k_unread_clr), .rd_we_o(k_rd_we), .rd_val_o(k_rd_val),
      .rd_dc_o(k_rd_dc), .pd_we_o(k_pd_we), .pd_val_o(k_pd_val), .pd_dc_o(k_pd_dc)
    );
      assign p_ovr = 1'b0; assign p_sleep = 1'b0; assign p_apc = 64'd0; assign p_active = 32'd0;
      assign p_rpc = '0; assign p_dlv = 1'b0; assign p_dlv_warp = 5'd0; assign p_dlv_gpr = 1'b0;
      assign p_dlv_dest = 8'd0; assign p_dlv_lanes = 32'd0; assign p_dlv_val = 32'd0;
    end
  endgenerate

  logic [31:0]      a_rd_we, a_rd_undef, a_pd_we, a_pd_val, a_pd_undef, a_ur_val;
  logic [32*32-1:0] a_rd_val;
  logic             a_ur_we;
  logic [5:0]       a_urd;
  warpref_alu u_alu (
    .insn_i(insn), .form_i(form), .optype_i(optype), .warp_i(pw), .pmask_i(pmask),
    .ra_i(op_ra), .rb_i(op_rb), .ra_undef_i(op_ra_undef), .rb_undef_i(op_rb_undef), .c_i(op_c),
    .rd_we_o(a_rd_we), .rd_val_o(a_rd_val), .rd_undef_o(a_rd_undef), .pd_we_o(a_pd_we),
    .pd_val_o(a_pd_val), .pd_undef_o(a_pd_undef), .ur_we_o(a_ur_we), .urd_o(a_urd), .ur_val_o(a_ur_val)
  );

  // ---- the instruction's result ----
  logic        is_bcu, is_alu;
  logic [3:0]  exc;
  logic [31:0] w_rd_we, w_rd_undef, w_pd_we, w_pd_val, w_pd_undef;
  logic [32*64-1:0] w_rd_val;
  logic        w_rd_pair, w_pd_dc, w_ur_we;
  logic [63:0] w_rd_dc;
  logic [2:0]  new_run;
  always_comb begin
    is_bcu = optype[7:4] == 4'h1 || optype[7:4] == 4'h5 || optype[7:4] == 4'h6 || optype[7:4] == 4'h7;   // native 0x1X, sass 0x5X, visa 0x60, ptx 0x7X
    is_alu = optype[7:4] == 4'h4;
    if (!legal) exc = warpref_rtl_pkg::EXC_ILLEGAL_ENCODING;
    else if (k_exc != warpref_rtl_pkg::EXC_NONE) exc = k_exc;
    else exc = b_exc;
    exec_ok = issue && !fetch_fault && exc == warpref_rtl_pkg::EXC_NONE;
    w_rd_we = 32'd0; w_rd_val = '0; w_rd_pair = 1'b0; w_rd_undef = 32'd0; w_rd_dc = 64'd0;
    w_pd_we = 32'd0; w_pd_val = 32'd0; w_pd_dc = 1'b0; w_pd_undef = 32'd0; w_ur_we = 1'b0;
    if (is_alu) begin
      w_rd_we = bug_i[warpref_rtl_pkg::BUG_RF_IGNORE_GUARD] && a_rd_we != 32'd0 ? c_active : a_rd_we;
      /*verilator tracing_off*/
      for (int l = 0; l < 32; l++) w_rd_val[l*64 +: 32] = a_rd_val[l*32 +: 32];
      /*verilator tracing_on*/
      w_rd_undef = a_rd_undef;
      w_pd_we = a_pd_we; w_pd_val = a_pd_val; w_pd_undef = a_pd_undef;
      w_ur_we = a_ur_we;
    end else if (is_bcu) begin
      w_rd_we = k_rd_we;
      /*verilator tracing_off*/
      for (int l = 0; l < 32; l++) w_rd_val[l*64 +: 32] = k_rd_dc ? 32'd0 : k_rd_val;
      /*verilator tracing_on*/
      w_rd_dc = k_rd_dc ? 64'h00000000_ffffffff : 64'd0;
      w_rd_undef = k_rd_dc ? k_rd_we : 32'd0;
      w_pd_we = k_pd_we; w_pd_val = k_pd_val ? k_pd_we : 32'd0; w_pd_dc = k_pd_dc;
      w_pd_undef = k_pd_dc ? k_pd_we : 32'd0;
    end else begin
      w_rd_we = b_rd_we; w_rd_val = b_rd_val; w_rd_pair = b_rd_pair;
      if (bug_i[warpref_rtl_pkg::BUG_PAIR_HIGH_DROPPED] && b_rd_pair)    // the pair's high word: Rd+1
        /*verilator tracing_off*/
        for (int l = 0; l < 32; l++) w_rd_val[l*64 + 32 +: 32] = 32'd0;
        /*verilator tracing_on*/
    end
    if (f_rd == warpref_isa_pkg::REG_RZ) w_rd_we = 32'd0;
    if (!exec_ok) begin
      w_rd_we = 32'd0; w_pd_we = 32'd0; w_ur_we = 1'b0;
    end
    if (b_ev_exit) new_run = EXITED;
    else if ((b_ev_trap || b_ev_syscall || b_ev_rtt) && !trap_go) new_run = TRAPPED;
    else if (b_ev_sleep || (p_ovr && p_sleep)) new_run = ASLEEP;
    else if (k_block) new_run = BLOCKED;
    else new_run = READY;
  end

  // the predicate destination: ISETP's and ptx barrier.red's Pd, else Pu; a
  // ptx delivery cycle writes a waiting result (the write port is free then)
  logic pd_is_pd;
  logic [32*64-1:0] dlv_rd_val;
  assign pd_is_pd = is_alu || (PTX && optype == warpref_isa_pkg::OPT_PBAR_REDP);
  always_comb begin
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) dlv_rd_val[l*64 +: 64] = {32'd0, p_dlv_val};
    /*verilator tracing_on*/
  end
  // an EXIT that ends its warp writes nothing; with the bug it clears R0 of
  // its executing lanes, a write the retire port does not report (the warp
  // never reads again: only the end-state compare can see it)
  logic stray_r0;
  assign stray_r0 = bug_i[warpref_rtl_pkg::BUG_EXIT_CLEARS_R0] && exec_ok && b_ev_exit && !p_dlv;
  warpref_regfile #(.NW(NW), .NR(NR), .DBG_REGS(DBG_REGS)) u_rf (
    .clk_i, .rst_ni, .warp_i(p_dlv ? p_dlv_warp : pw), .ra_i(f_ra), .rb_i(f_rb), .rc_i(f_rc), .re_i(f_re), .pg_i(f_pg), .pp_i(f_pp),
    .ur_i(f_ur), .ra_val_o(rf_ra), .ra_undef_o(rf_ra_undef), .ra_hi_undef_o(rf_ra_hi_undef), .rb_val_o(rf_rb),
    .rb_undef_o(rf_rb_undef), .rc_val_o(rf_rc), .re_val_o(rf_re), .pg_val_o(rf_pg), .pp_val_o(rf_pp), .ur_val_o(rf_ur),
    .rd_we_i(p_dlv ? (p_dlv_gpr ? p_dlv_lanes : 32'd0) : stray_r0 ? c_active & pgv : w_rd_we),
    .rd_i(p_dlv ? p_dlv_dest : stray_r0 ? 8'd0 : f_rd),
    .rd_pair_i(w_rd_pair && !p_dlv && !stray_r0), .rd_val_i(p_dlv ? dlv_rd_val : stray_r0 ? '0 : w_rd_val),
    .rd_undef_i(p_dlv || stray_r0 ? 32'd0 : w_rd_undef),
    .pd_we_i(p_dlv ? (p_dlv_gpr ? 32'd0 : p_dlv_lanes) : w_pd_we),
    .pd_i(p_dlv ? p_dlv_dest[2:0] : insn[warpref_isa_pkg::F_PD_LSB +: 3] & {3{pd_is_pd}} |
                                    insn[warpref_isa_pkg::F_PU_LSB +: 3] & {3{!pd_is_pd}}),
    .pd_val_i(p_dlv ? p_dlv_val : w_pd_val), .pd_undef_i(p_dlv ? 32'd0 : w_pd_undef),
    .ur_we_i(w_ur_we && !p_dlv), .urd_i(a_urd), .ur_wval_i(a_ur_val),
    .dbg_en_i(!run_i), .dbg_warp_i, .dbg_reg_i, .dbg_gpr_o, .dbg_gpr_undef_o, .dbg_pred_o, .dbg_pred_undef_o,
    .stale_undef_i(bug_i[warpref_rtl_pkg::BUG_RF_STALE_UNDEF])
  );

  warpref_cmem #(.N(CMEM_N)) u_cmem (
    .clk_i, .rst_ni, .we_i(cmem_we_i), .waddr_i(cmem_addr_i), .wdata_i(cmem_wdata_i),
    .re_i(has_cmem), .raddr_i({f_cmem[20:16], f_cmem[15:2]}), .rlo_o(cm_lo), .rhi_o(cm_hi)
  );

  // ---- sass (S-13): TRAP enters trap mode and goes on at the next
  // instruction; RTT in trap mode leaves it (not when pinned by trap_mode_i)
  // and goes on; RTT outside trap mode stops the warp as N-26 ----
  logic        trap_go;
  logic [63:0] x_apc;                   // ActivePC after: the BRU's, or past a TRAP/RTT that goes on
  logic [31:0] x_active;                // ActiveMask and RPC after: the BRU's, or a ptx gather's
  logic [32*64-1:0] x_rpc;
  always_comb begin
    trap_go = SASS && (b_ev_trap || (b_ev_rtt && trap_q[pwi]));
    x_apc = trap_go ? c_apc + 64'd16 : k_stall ? c_apc : p_ovr ? p_apc : b_apc;   // visa V-07: a stalled signal stays
    x_active = p_ovr ? p_active : b_active;
    x_rpc = p_ovr ? p_rpc : b_rpc;
  end

  // sass: trap mode and unread results, committed with the instruction (S-12, S-13)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin                      // (sass state: 0 in the other profiles)
      trap_q <= '0;
      unread_q <= '0;
    end else if (init_q) begin
      trap_q <= SASS && trap_mode_i ? '1 : '0;
    end else if (SASS && issue && exec_ok) begin
      if (b_ev_trap) trap_q[pwi] <= 1'b1;
      else if (b_ev_rtt && trap_q[pwi] && !trap_mode_i && !bug_i[warpref_rtl_pkg::BUG_SASS_RTT_STAYS]) trap_q[pwi] <= 1'b0;
      /*verilator tracing_off*/
      for (int w = 0; w < NW; w++)
      /*verilator tracing_on*/
        if (k_unread_set[w] || (k_unread_clr && 5'(w) == pw)) unread_q[w] <= k_unread_set[w] && !(k_unread_clr && 5'(w) == pw);
    end
  end

  // ---- time ----
  // When no warp is ready and some sleep, nothing can happen before the
  // earliest deadline: time jumps there (N-50; in own mode it skips the idle
  // cycles, which changes nothing else).  Otherwise rr time counts issued
  // instructions, own time counts cycles.
  logic [63:0] now_d;
  always_comb begin
    now_d = now_q;
    if (run_i && !init_q) begin
      if (any_asleep && (ready_eff == '0)) now_d = min_deadline;
      else if (issue || !rr_i) now_d = now_q + 64'd1;
    end
  end

  // ---- status ----
  always_comb begin : p_status
    logic any_blocked_or_ready;
    any_blocked_or_ready = 1'b0;
    st_now_o = now_q;
    st_nwarps_o = nwarps_q;
    st_bar_words_o = bword_q;
    st_bar_arrived_o = barrived_q;
    st_bar_blocked_o = bblocked_q;
    st_ptr_o = sched_ptr;
    st_trap_o = trap_q;
    st_unread_o = unread_q;
    /*verilator tracing_off*/
    for (int w = 0; w < NW; w++) begin
    /*verilator tracing_on*/
      st_run_o[w*3 +: 3] = run_q[w];
      st_armed_o[w] = armed_q[w];
      st_woke_o[w] = woke_q[w];
      st_sched_o[w*11 +: 11] = {busy_q[w], sched_wait[w*8 +: 8]};
      st_sleep_o[w*32 +: 32] = sleep_q[w];
      st_wbs_o[w*32 +: 32] = wbs_q[w];
      st_wbs_def_o[w] = wbs_def_q[w];
      st_bbar_o[w*5 +: 5] = bbar_q[w];
      if (ready_eff[w]) any_blocked_or_ready = 1'b1;
    end
    st_stuck_o = !any_blocked_or_ready && (!any_asleep || bug_i[warpref_rtl_pkg::BUG_STUCK_WHILE_ASLEEP]);
  end

  // the debug read port's warp state: combinational (DBG_REGS = 1) or, as the
  // register file's part of it, taken at the edge while run_i is low
  if (DBG_REGS == 1) begin : g_dbg_comb
    always_comb begin
      dbg_apc_o = apc_q[dwi];
      dbg_valid_o = valid_q[dwi];
      dbg_active_o = active_q[dwi];
      dbg_yield_o = yield_q[dwi];
      dbg_sleep_o = sleep_q[dwi];
      dbg_switch_o = switch_q[dwi];
      dbg_breg_o = breg_q[dwi];
      dbg_run_o = run_q[dwi];
    end
  end else begin : g_dbg_reg
    always_ff @(posedge clk_i) begin
      if (!run_i) begin
        dbg_apc_o <= apc_q[dwi];
        dbg_valid_o <= valid_q[dwi];
        dbg_active_o <= active_q[dwi];
        dbg_yield_o <= yield_q[dwi];
        dbg_sleep_o <= sleep_q[dwi];
        dbg_switch_o <= switch_q[dwi];
        dbg_breg_o <= breg_q[dwi];
        dbg_run_o <= run_q[dwi];
      end
    end
  end

  // ---- commit ----
  // Reset gives constants; the launch state (N-04), which depends on
  // threads_i, is loaded at the first clock edge after reset (init_q).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q <= 1'b1;
      nwarps_q <= 6'd0;
      now_q <= 64'd0;
      bword_q <= '0;
      barrived_q <= '0;
      bblocked_q <= '0;
      /*verilator tracing_off*/
      for (int w = 0; w < NW; w++) begin
      /*verilator tracing_on*/
        apc_q[w] <= 64'd0;
        valid_q[w] <= 32'd0;
        active_q[w] <= 32'd0;
        yield_q[w] <= 32'd0;
        sleep_q[w] <= 32'd0;
        switch_q[w] <= 32'd0;
        rpc_q[w] <= '0;
        breg_q[w] <= '0;
        wbs_q[w] <= 32'd0;
        wbs_def_q[w] <= 1'b0;
        run_q[w] <= EXITED;
        bbar_q[w] <= 5'd0;
        woke_q[w] <= 1'b0;
        armed_q[w] <= 1'b0;
        deadline_q[w] <= 64'd0;
        busy_q[w] <= 3'd0;
      end
    end else if (init_q) begin
      init_q <= 1'b0;
      nwarps_q <= 6'((32'(threads_i) + 31) / 32);
      /*verilator tracing_off*/
      for (int w = 0; w < NW; w++) begin
        logic [31:0] n;
      /*verilator tracing_on*/
        n = 32'(threads_i) - 32'(w) * 32;
        valid_q[w] <= 32'(w) * 32 >= 32'(threads_i) ? 32'd0 : n >= 32 ? 32'hffffffff : (32'd1 << n) - 32'd1;
        active_q[w] <= 32'(w) * 32 >= 32'(threads_i) ? 32'd0 : n >= 32 ? 32'hffffffff : (32'd1 << n) - 32'd1;
        run_q[w] <= 32'(w) * 32 >= 32'(threads_i) ? EXITED : READY;
      end
    end else begin
      now_q <= now_d;
      // deadlines that fired: SleepMask cleared whole, asleep warps wake
      /*verilator tracing_off*/
      for (int w = 0; w < NW; w++) begin
      /*verilator tracing_on*/
        if (busy_q[w] != 3'd0) busy_q[w] <= busy_q[w] - 3'd1;
        if (fire[w]) begin
          armed_q[w] <= 1'b0;
          sleep_q[w] <= 32'd0;
          if (run_q[w] == ASLEEP) begin
            run_q[w] <= READY;
            woke_q[w] <= 1'b1;
          end
        end
      end
      if (issue && fetch_fault) begin
        run_q[pwi] <= FAULTED;
      end else if (issue && !exec_ok) begin            // N-37: precise, only the run state
        run_q[pwi] <= FAULTED;
        woke_q[pwi] <= 1'b0;
      end else if (issue) begin
        apc_q[pwi] <= x_apc;
        valid_q[pwi] <= b_valid;
        active_q[pwi] <= x_active;
        yield_q[pwi] <= b_yield;
        sleep_q[pwi] <= b_sleep;
        switch_q[pwi] <= b_switch;
        rpc_q[pwi] <= x_rpc;
        breg_q[pwi] <= b_breg;
        armed_q[pwi] <= b_armed;
        deadline_q[pwi] <= b_deadline;
        run_q[pwi] <= new_run;
        bbar_q[pwi] <= k_block ? k_bar : 5'd0;
        woke_q[pwi] <= 1'b0;
        busy_q[pwi] <= rr_i ? 3'd0 : warpref_rtl_pkg::latency(optype) - 3'd1;
        if (k_wbs_we_self) begin
          wbs_q[pwi] <= k_wbs_self;
          wbs_def_q[pwi] <= 1'b1;
        end
        bword_q <= k_word;
        barrived_q <= k_arrived;
        bblocked_q <= k_blocked;
        /*verilator tracing_off*/
        for (int w = 0; w < NW; w++) begin
        /*verilator tracing_on*/
          if (k_wake[w]) begin
            run_q[w] <= READY;
            bbar_q[w] <= 5'd0;
          end
          if (k_wbs_we[w]) begin
            wbs_q[w] <= k_wbs_val[w*32 +: 32];
            wbs_def_q[w] <= 1'b1;
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (imem_we_i && imem_addr_i < IMEM_DEPTH) imem_q[imem_addr_i[$clog2(IMEM_DEPTH)-1:0]] <= imem_wdata_i;
  end

  // the read-set bits of UR and constant operands (bug reads_no_uniform leaves them out)
  logic [warpref_rtl_pkg::NREADS-1:0] uniform_reads;
  always_comb begin
    uniform_reads = '0;
    uniform_reads[warpref_rtl_pkg::IN_UR] = 1'b1;
    uniform_reads[warpref_rtl_pkg::IN_C] = 1'b1;
    uniform_reads[warpref_rtl_pkg::IN_UR64] = 1'b1;
    uniform_reads[warpref_rtl_pkg::IN_C64] = 1'b1;
  end

  // ---- retire, fault and async ports (registered) ----
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rt_valid_o <= 1'b0;
      ft_valid_o <= 1'b0;
      as_valid_o <= 1'b0;
    end else begin
      rt_valid_o <= issue && !fetch_fault;
      ft_valid_o <= issue && fetch_fault;
      as_valid_o <= fire != '0;
    end
  end

  always_ff @(posedge clk_i) begin
    ft_warp_o <= pw;
    ft_pc_o <= c_apc;
    ft_time_o <= now_q;
    ft_misaligned_o <= misaligned;
    as_time_o <= now_q;
    as_fired_o <= fire;
    /*verilator tracing_off*/
    for (int w = 0; w < NW; w++) as_woke_o[w] <= fire[w] && run_q[w] == ASLEEP;
    /*verilator tracing_on*/
    rt_warp_o <= pw;
    rt_time_o <= now_q;
    rt_pc_o <= c_apc;
    rt_insn_o <= insn;
    rt_form_o <= form;
    // (the retire port's read set without the UR and constant operands, their values 0)
    rt_reads_o <= bug_i[warpref_rtl_pkg::BUG_READS_NO_UNIFORM] ? reads & ~uniform_reads : reads;
    rt_pg_o <= rf_pg;
    rt_pp_o <= rf_pp;
    rt_ra_o <= op_ra;
    rt_rb_o <= op_rb;
    rt_rc_o <= op_rc;
    rt_re_o <= op_re;
    rt_ra_undef_o <= op_ra_undef | (pair && f_ra != warpref_isa_pkg::REG_RZ ? rf_ra_hi_undef : 32'd0);
    rt_rb_undef_o <= op_rb_undef;
    rt_ur_o <= bug_i[warpref_rtl_pkg::BUG_READS_NO_UNIFORM] ? 64'd0 : op_ur;
    rt_c_o <= bug_i[warpref_rtl_pkg::BUG_READS_NO_UNIFORM] ? 64'd0 : op_c;
    rt_apc_o <= exec_ok ? x_apc : c_apc;
    rt_valid_mask_o <= exec_ok ? b_valid : c_valid;
    rt_active_o <= exec_ok ? x_active : c_active;
    rt_yield_o <= exec_ok ? b_yield : c_yield;
    rt_sleep_o <= exec_ok ? b_sleep : c_sleep;
    rt_switch_o <= exec_ok ? b_switch : c_switch;
    rt_rpc_o <= exec_ok ? x_rpc : c_rpc;
    rt_breg_o <= exec_ok ? b_breg : c_breg;
    rt_wbs_o <= exec_ok && k_wbs_we_self ? k_wbs_self : exec_ok && k_wbs_we[pwi] ? k_wbs_val[pw*32 +: 32] : c_wbs;
    rt_wbs_def_o <= exec_ok && (k_wbs_we_self || k_wbs_we[pwi]) ? 1'b1 : c_wbs_def;
    rt_rd_we_o <= w_rd_we;
    rt_rd_o <= f_rd;
    rt_rd_pair_o <= w_rd_pair;
    rt_rd_val_o <= w_rd_val;
    rt_rd_dc_o <= w_rd_dc;
    rt_rd_undef_o <= w_rd_undef;
    rt_pd_we_o <= w_pd_we;
    rt_pd_o <= pd_is_pd ? insn[warpref_isa_pkg::F_PD_LSB +: 3] : insn[warpref_isa_pkg::F_PU_LSB +: 3];
    rt_pd_val_o <= w_pd_val;
    rt_pd_dc_o <= w_pd_dc;
    rt_pd_undef_o <= w_pd_undef;
    rt_ur_we_o <= w_ur_we;
    rt_urd_o <= a_urd;
    rt_ur_val_o <= a_ur_val;
    rt_bar_words_o <= exec_ok ? k_word : bword_q;
    rt_bar_changed_o <= exec_ok ? k_changed : '0;
    /*verilator tracing_off*/
    for (int w = 0; w < NW; w++) begin
    /*verilator tracing_on*/
      rt_wbs_we_o[w] <= exec_ok && (k_wbs_we[w] || (k_wbs_we_self && 5'(w) == pw));
      rt_run_o[w*3 +: 3] <= 5'(w) == pw ? (exec_ok ? new_run : FAULTED)
                          : (exec_ok && k_wake[w]) ? READY
                          : (fire[w] && run_q[w] == ASLEEP) ? READY : run_q[w];
    end
    rt_ev_wake_o <= c_woke;
    rt_ev_warn_o <= legal && k_warn;
    rt_ev_unread_o <= legal && k_unread_warn;
    rt_ev_exc_o <= exc;
    rt_ev_block_o <= exec_ok && k_block;
    rt_ev_arrive_o <= exec_ok && k_arrive;
    rt_ev_bar_o <= k_bar;
    rt_ev_exit_o <= exec_ok && b_ev_exit;
    rt_ev_release_o <= exec_ok ? k_release : '0;
    rt_ev_woken_o <= bblocked_q;
    rt_ev_sleep_o <= exec_ok && (b_ev_sleep || (p_ovr && p_sleep));
    rt_ev_trap_o <= exec_ok && b_ev_trap;
    rt_trap_idx_o <= b_trap_idx;
    rt_ev_syscall_o <= exec_ok && b_ev_syscall;
    rt_ev_rtt_o <= exec_ok && b_ev_rtt;
  end

  logic unused;
  assign unused = ^{has_rc, f_cmem[21], f_cmem[1:0]};

endmodule
