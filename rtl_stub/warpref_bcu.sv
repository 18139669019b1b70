// warpref_bcu.sv - the barrier unit (seed 000, SPEC-NOTES section 4,
// N-30..N-39): combinational.  Arrivals of BAR.SYNC/ARV and BAR.RED with the
// N-37 exceptions and the OPERAND_NOT_UNIFORM warning, completion (N-32,
// N-34) on an arrival or, for cnt == 0 barriers, on a warp's full exit
// (N-33), and the state transfers B2R, BAR.RESULT, R2B.
//
// PROFILE selects the barrier engine (one build per profile): native (seed
// 000) or sass (seed 001, S-01..S-15: the sass operand forms, BAR.SCAN's
// exclusive prefix, BAR.SYNCALL on barrier 16, RESULT_NOT_READ, the
// trap-mode exceptions, B2R.RESULT's values).  The sass parts are the blocks
// marked "sass"; everything else is the native instruction flow they share.
// visa (seed 004, V-01..V-11) is its own engine, warpref_bcu_visa, whose
// outputs replace this flow's for NBARRIER (the block marked "visa").
// Barrier vectors carry NBAR_MAX barriers; the profile uses nbars(PROFILE).
module warpref_bcu #(
  parameter int unsigned NW = 4,
  parameter int unsigned PROFILE = warpref_isa_pkg::PROFILE_NATIVE
) (
  input  logic [127:0]        insn_i,
  input  logic [warpref_isa_pkg::FORM_BITS-1:0] form_i,
  input  logic [7:0]          optype_i,
  input  logic                issue_i,        // an instruction of this unit issues
  input  logic [4:0]          warp_i,
  input  logic [warpref_rtl_pkg::NBUGS-1:0] bug_i,
  input  logic [31:0]         pmask_i,        // BAR.RED: ActiveMask & pgv (N-05)
  input  logic [31:0]         ppv_i,
  input  logic [32*64-1:0]    ra_i,           // RZ reads 0
  input  logic [32*32-1:0]    rb_i,
  input  logic [32*32-1:0]    rc_i,
  input  logic [32*32-1:0]    re_i,           // visa: the fourth GPR slot (RE)
  input  logic                ra_rz_i, rb_rz_i, rc_rz_i,
  input  logic [31:0]         wbs_i,          // the issuing warp's WarpBARState
  input  logic                wbs_def_i,
  input  logic                trap_i,         // sass: the issuing warp is in trap mode (S-13)
  input  logic                unread_i,       // sass: its result is unread (S-12)
  // the CTA
  input  logic [5:0]          nwarps_i,
  input  logic [5:0]          exited_i,       // warps fully exited, this one included if it exits now
  input  logic                exit_i,         // the issuing warp fully exits now (N-33)
  input  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] word_i,
  input  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] arrived_i,      // warps arrived in the phase, bit per warp
  input  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] blocked_i,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] word_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] arrived_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] blocked_o,
  output logic [warpref_rtl_pkg::NBAR_MAX-1:0]   changed_o,    // state words written
  output logic [warpref_rtl_pkg::NBAR_MAX-1:0]   release_o,    // barriers completed, ascending in events
  output logic [NW-1:0]       wake_o,         // warps made ready by a completion
  output logic [NW-1:0]       wbs_we_o,       // warps given a reduction result (N-34)
  output logic [NW*32-1:0]    wbs_val_o,
  // the issuing warp
  output logic                block_o,        // the warp now waits on bar_o
  output logic                stall_o,        // visa V-07: ActivePC stays (the signal goes again)
  output logic                arrive_o,
  output logic [4:0]          bar_o,
  output logic                warn_o,         // OPERAND_NOT_UNIFORM
  output logic                unread_warn_o,  // sass: RESULT_NOT_READ (S-05, S-12)
  output logic [3:0]          exc_o,
  output logic                wbs_we_self_o,  // R2B.WARP
  output logic [31:0]         wbs_self_o,
  output logic [NW-1:0]       unread_set_o,   // sass: warps given a result to read (S-12)
  output logic                unread_clr_o,   // sass: the issuing warp read its result
  output logic [31:0]         rd_we_o,
  output logic [31:0]         rd_val_o,       // the same value in every lane
  output logic                rd_dc_o,        // every bit undefined (section 5)
  output logic [31:0]         pd_we_o,
  output logic                pd_val_o,
  output logic                pd_dc_o
);

  localparam int unsigned NBM = warpref_rtl_pkg::NBAR_MAX;
  localparam int unsigned NB = warpref_rtl_pkg::nbars(PROFILE);
  localparam bit SASS = PROFILE == warpref_isa_pkg::PROFILE_SASS;
  localparam bit VISA = PROFILE == warpref_isa_pkg::PROFILE_VISA;
  localparam int unsigned WAW = NW > 1 ? $clog2(NW) : 1;   // warp index bits
  localparam int unsigned ARR = warpref_rtl_pkg::BW_ARRIVED_LSB;
  localparam int unsigned EXP = warpref_rtl_pkg::BW_EXPECT_LSB;
  localparam int unsigned MOD = warpref_rtl_pkg::BW_MODE_LSB;
  localparam int unsigned OP  = warpref_rtl_pkg::BW_OP_LSB;
  localparam int unsigned ACC = warpref_rtl_pkg::BW_ACC_LSB;

  logic [3:0]  imm_bar;
  logic [11:0] imm_cnt;
  logic [7:0]  rd;
  logic [2:0]  pu;
  logic        barmode_arv;
  logic [1:0]  redop;
  logic        b2r_bar;
  // sass: a barrier instruction of seed 001 (BAR.SYNC/ARV/RED/SCAN/SYNCALL)
  logic        sass_bar, sass_scan, sass_syncall;

  always_comb begin
    imm_bar     = insn_i[warpref_isa_pkg::F_BARID_LSB +: 4];
    imm_cnt     = insn_i[warpref_isa_pkg::F_CNT_LSB +: 12];
    rd          = insn_i[warpref_isa_pkg::F_RD_LSB +: 8];
    pu          = insn_i[warpref_isa_pkg::F_PU_LSB +: 3];
    barmode_arv = insn_i[warpref_isa_pkg::F_BARMODE_LSB];
    redop       = insn_i[warpref_isa_pkg::F_REDOP_LSB +: 2];
    b2r_bar     = insn_i[warpref_isa_pkg::F_B2RMODE_LSB];
    sass_bar    = SASS && (optype_i == warpref_isa_pkg::OPT_SBAR_SYNC || optype_i == warpref_isa_pkg::OPT_SBAR_ARV ||
                           optype_i == warpref_isa_pkg::OPT_SBAR_RED || optype_i == warpref_isa_pkg::OPT_SBAR_SCAN ||
                           optype_i == warpref_isa_pkg::OPT_SBAR_SYNCALL);
    sass_scan    = SASS && optype_i == warpref_isa_pkg::OPT_SBAR_SCAN;
    sass_syncall = SASS && optype_i == warpref_isa_pkg::OPT_SBAR_SYNCALL;
  end

  // ---- N-30: operands from warpref_rtl_pkg::lowest(pmask), uniformity of the bits used ----
  logic [4:0]  bid;
  logic [11:0] cnt;
  logic        uniform;
  always_comb begin : p_uniform
    logic [4:0] l;
    l = warpref_rtl_pkg::lowest(pmask_i);
    bid = {1'b0, imm_bar};
    cnt = imm_cnt;
    uniform = 1'b1;
    unique case (form_i)
      warpref_isa_pkg::FORM_BAR_RR: begin
        bid = {1'b0, ra_i[l*64 +: 4]};
        cnt = rb_i[l*32 +: 12];
        /*verilator tracing_off*/
        for (int k = 0; k < 32; k++)
        /*verilator tracing_on*/
          if (pmask_i[k] && (ra_i[k*64 +: 4] != bid[3:0] || rb_i[k*32 +: 12] != cnt)) uniform = 1'b0;
      end
      warpref_isa_pkg::FORM_BAR_RRI, warpref_isa_pkg::FORM_BAR_RED_RRI: begin
        bid = {1'b0, rb_i[l*32 +: 4]};
        /*verilator tracing_off*/
        for (int k = 0; k < 32; k++) if (pmask_i[k] && rb_i[k*32 +: 4] != bid[3:0]) uniform = 1'b0;
        /*verilator tracing_on*/
      end
      warpref_isa_pkg::FORM_BAR_RIR, warpref_isa_pkg::FORM_BAR_RED_RIR: begin
        cnt = rc_i[l*32 +: 12];
        /*verilator tracing_off*/
        for (int k = 0; k < 32; k++) if (pmask_i[k] && rc_i[k*32 +: 12] != cnt) uniform = 1'b0;
        /*verilator tracing_on*/
      end
      warpref_isa_pkg::FORM_BAR_RED_R: begin   // barid = Rb[3:0], cnt = Rb[15:4]
        bid = {1'b0, rb_i[l*32 +: 4]};
        cnt = rb_i[l*32 + 4 +: 12];
        /*verilator tracing_off*/
        for (int k = 0; k < 32; k++) if (pmask_i[k] && rb_i[k*32 +: 16] != rb_i[l*32 +: 16]) uniform = 1'b0;
        /*verilator tracing_on*/
      end
      default: ;
    endcase
    // ---- sass (S-02, S-10, S-15): by the seed's barAMode/barBMode (the stype);
    // a missing count is 0 (all threads); BAR.SYNCALL: barrier 16, all live warps
    if (SASS && sass_bar) begin
      unique case (insn_i[11:8])
        warpref_isa_pkg::ST_X: begin
          bid = bug_i[warpref_rtl_pkg::BUG_SASS_BAR16_ALIAS] ? 5'd0 : warpref_rtl_pkg::SYNCALL_BAR;
          cnt = 12'd0;
        end
        warpref_isa_pkg::ST_RR: begin             // Ra[3:0], Ra[27:16]
          bid = {1'b0, ra_i[l*64 +: 4]};
          cnt = ra_i[l*64 + 16 +: 12];
          /*verilator tracing_off*/
          for (int k = 0; k < 32; k++)
          /*verilator tracing_on*/
            if (pmask_i[k] && (ra_i[k*64 +: 4] != bid[3:0] || ra_i[k*64 + 16 +: 12] != cnt)) uniform = 1'b0;
        end
        warpref_isa_pkg::ST_RRI: begin            // Ra[3:0], imm12
          bid = {1'b0, ra_i[l*64 +: 4]};
          /*verilator tracing_off*/
          for (int k = 0; k < 32; k++) if (pmask_i[k] && ra_i[k*64 +: 4] != bid[3:0]) uniform = 1'b0;
          /*verilator tracing_on*/
        end
        warpref_isa_pkg::ST_RIR: begin            // imm4, Rb[11:0]
          cnt = rb_i[l*32 +: 12];
          /*verilator tracing_off*/
          for (int k = 0; k < 32; k++) if (pmask_i[k] && rb_i[k*32 +: 12] != cnt) uniform = 1'b0;
          /*verilator tracing_on*/
        end
        default: ;                                // I: imm4, imm12
      endcase
    end
  end

  // ---- visa (seed 004): 32 named barriers, producers and consumers ----
  logic [NBM*32-1:0] v_word, v_arrived, v_blocked;
  logic [NBM-1:0]    v_changed, v_release;
  logic [NW-1:0]     v_wake;
  logic              v_block, v_stall, v_arrive, v_warn;
  logic [4:0]        v_bar;
  logic [3:0]        v_exc;
  if (VISA) begin : g_visa
    warpref_bcu_visa #(.NW(NW)) u_visa (
      .insn_i, .form_i, .issue_i(issue_i && optype_i == warpref_isa_pkg::OPT_NBARRIER), .warp_i, .bug_i,
      .pmask_i, .ra_i, .rb_i, .rc_i, .re_i, .nwarps_i, .word_i, .arrived_i, .blocked_i,
      .word_o(v_word), .arrived_o(v_arrived), .blocked_o(v_blocked), .changed_o(v_changed),
      .release_o(v_release), .wake_o(v_wake), .block_o(v_block), .stall_o(v_stall), .arrive_o(v_arrive),
      .bar_o(v_bar), .warn_o(v_warn), .exc_o(v_exc)
    );
  end else begin : g_no_visa
    assign v_word = '0; assign v_arrived = '0; assign v_blocked = '0; assign v_changed = '0;
    assign v_release = '0; assign v_wake = '0; assign v_block = 1'b0; assign v_stall = 1'b0;
    assign v_arrive = 1'b0; assign v_bar = 5'd0; assign v_warn = 1'b0; assign v_exc = 4'd0;
  end

  // ---- N-32: is a phase complete? ----
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic done(input logic [31:0] w, input logic [5:0] exited, input logic [5:0] nw,
                                input logic late);
    logic [7:0] need, have;
    need = {1'b0, w[EXP +: 7]};
    have = {2'b0, w[ARR +: 6]};
    if (need != 8'd0) done = late ? have > need : have >= need;
    else done = have + {2'b0, exited} >= {2'b0, nw};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin : p_bar
    logic is_bar, is_red, is_arv, red_mode, native_arv;
    logic [1:0]  mode, want, op;
    logic [31:0] w, in;
    logic [10:0] acc, r, prefix;
    logic [11:0] sum;
    logic [5:0]  arr;
    logic [NBM-1:0] complete;
    logic        bug_keep;

    word_o = word_i; arrived_o = arrived_i; blocked_o = blocked_i;
    changed_o = '0; release_o = '0; wake_o = '0; wbs_we_o = '0; wbs_val_o = '0;
    block_o = 1'b0; stall_o = 1'b0; arrive_o = 1'b0; bar_o = bid; warn_o = 1'b0; exc_o = warpref_rtl_pkg::EXC_NONE;
    unread_warn_o = 1'b0; unread_set_o = '0; unread_clr_o = 1'b0;
    wbs_we_self_o = 1'b0; wbs_self_o = 32'd0;
    rd_we_o = 32'd0; rd_val_o = 32'd0; rd_dc_o = 1'b0; pd_we_o = 32'd0; pd_val_o = 1'b0; pd_dc_o = 1'b0;
    complete = '0;
    bug_keep = bug_i[warpref_rtl_pkg::BUG_BAR_NO_RESET];

    // what the instruction asks for: SYNC/ARV (BAR, sass SYNC/ARV/SYNCALL), RED,
    // sass SCAN (reduction mode, op 3, no wait: S-04, S-11)
    native_arv = optype_i == warpref_isa_pkg::OPT_BAR && barmode_arv;
    is_bar = optype_i == warpref_isa_pkg::OPT_BAR ||
             (SASS && (optype_i == warpref_isa_pkg::OPT_SBAR_SYNC || optype_i == warpref_isa_pkg::OPT_SBAR_ARV ||
                       sass_syncall));
    is_red = optype_i == warpref_isa_pkg::OPT_BAR_RED || (SASS && optype_i == warpref_isa_pkg::OPT_SBAR_RED);
    is_arv = native_arv || (SASS && optype_i == warpref_isa_pkg::OPT_SBAR_ARV) ||
             (sass_scan && !bug_i[warpref_rtl_pkg::BUG_SASS_SCAN_WAITS]);
    red_mode = is_red || sass_scan;
    op = sass_scan ? warpref_rtl_pkg::REDOP_SCAN : redop;
    w = word_i[bid*32 +: 32];
    mode = w[MOD +: 2];
    want = red_mode ? warpref_rtl_pkg::BMODE_RED : warpref_rtl_pkg::BMODE_SYNC;
    in = 32'd0; acc = 11'd0; r = 11'd0; sum = 12'd0; arr = 6'd0;
    prefix = mode == warpref_rtl_pkg::BMODE_IDLE ? 11'd0 : w[ACC +: 11];

    // ---- arrival (N-31..N-37) ----
    if (issue_i && (is_bar || red_mode) && pmask_i != 32'd0) begin
      warn_o = !uniform;
      unread_warn_o = SASS && unread_i;                  // sass S-12: before any exception
      if (SASS && sass_syncall && (!trap_i || bug_i[warpref_rtl_pkg::BUG_SASS_SYNCALL_USER]))
        exc_o = warpref_rtl_pkg::EXC_ILLEGAL_INSTR_ENCODING;                                      // S-06
      else if (SASS && !sass_syncall && !sass_scan && trap_i) exc_o = warpref_rtl_pkg::EXC_UNPREDICTABLE; // S-07
      else if (cnt[4:0] != 5'd0) exc_o = warpref_rtl_pkg::EXC_BAR_CNT_ALIGN;
      else if (!SASS && native_arv && cnt == 12'd0) exc_o = warpref_rtl_pkg::EXC_BAR_ARV_ZERO_CNT;  // (S-09)
      else if (mode != warpref_rtl_pkg::BMODE_IDLE && (mode != want || (red_mode && w[OP +: 2] != op)))
        exc_o = warpref_rtl_pkg::EXC_BAR_MODE_MISMATCH;
      else if (mode != warpref_rtl_pkg::BMODE_IDLE && cnt[11:5] != w[EXP +: 7])
        exc_o = warpref_rtl_pkg::EXC_BAR_PARAM_MISMATCH;
      if (exc_o == warpref_rtl_pkg::EXC_NONE) begin
        if (mode == warpref_rtl_pkg::BMODE_IDLE) begin   // a phase starts from a clean word
          w = 32'd0;
          w[EXP +: 7] = cnt[11:5];
          w[MOD +: 2] = want;
          if (red_mode) begin
            w[OP +: 2] = op;
            w[ACC +: 11] = (op == warpref_rtl_pkg::REDOP_AND && !bug_i[warpref_rtl_pkg::BUG_RED_AND_INIT0])
                           ? 11'd1 : 11'd0;
          end
        end
        arr = w[ARR +: 6];
        w[ARR +: 6] = arr != 6'h3f ? arr + 6'd1 : arr;     // +32: one warp more
        if (red_mode) begin                                 // N-36
          in = bug_i[warpref_rtl_pkg::BUG_RED_IGNORES_PP] ? pmask_i : pmask_i & ppv_i;
          acc = w[ACC +: 11];
          unique case (op)
            warpref_rtl_pkg::REDOP_AND: r = {10'd0, acc != 11'd0 && in == pmask_i};
            warpref_rtl_pkg::REDOP_OR:  r = bug_i[warpref_rtl_pkg::BUG_RED_OR_AS_AND]
                                            ? {10'd0, acc != 11'd0 && in == pmask_i}
                                            : {10'd0, acc != 11'd0 || in != 32'd0};
            default: begin                                  // POPC; sass SCAN: the running count
              sum = {1'b0, acc} + {6'd0, warpref_rtl_pkg::popcount(in)};
              r = sum > 12'd2047 ? 11'd2047 : sum[10:0];
            end
          endcase
          w[ACC +: 11] = r;
        end
        word_o[bid*32 +: 32] = w;
        arrived_o[bid*32 +: 32] = arrived_i[bid*32 +: 32] | (32'd1 << warp_i);
        changed_o[bid] = 1'b1;
        // ---- sass S-11: a scan hands the warp the word after its arrival with the
        // accumulator before its own contribution (the exclusive prefix), unread (S-12)
        if (SASS && sass_scan) begin
          wbs_we_o[warp_i[WAW-1:0]] = 1'b1;
          wbs_val_o[warp_i[WAW-1:0]*32 +: 32] = {w[31:ACC+11], prefix, w[ACC-1:0]} |
                                                 (32'd1 << warpref_rtl_pkg::BW_DEFINED);
          unread_set_o[warp_i[WAW-1:0]] = 1'b1;
        end
        if (done(w, exited_i, nwarps_i, bug_i[warpref_rtl_pkg::BUG_BAR_COUNT_LATE])) begin
          arrive_o = 1'b1;
          complete[bid] = 1'b1;
        end else if (is_arv) begin
          arrive_o = 1'b1;
        end else begin
          block_o = 1'b1;
          blocked_o[bid*32 +: 32] = blocked_i[bid*32 +: 32] | (32'd1 << warp_i);
        end
      end
    end

    // ---- N-33: a full exit re-checks every cnt == 0 barrier in progress ----
    if (exit_i && !bug_i[warpref_rtl_pkg::BUG_BAR_EXIT_NO_RECHECK]) begin
      /*verilator tracing_off*/
      for (int b = 0; b < NB; b++) begin
      /*verilator tracing_on*/
        if (word_i[b*32 + MOD +: 2] != warpref_rtl_pkg::BMODE_IDLE && word_i[b*32 + EXP +: 7] == 7'd0 &&
            done(word_i[b*32 +: 32], exited_i, nwarps_i, 1'b0))
          complete[b] = 1'b1;
      end
    end

    // ---- N-34: completion; sass: each participant's result unread (S-12), a
    // scan phase's completion delivers nothing (S-11) ----
    /*verilator tracing_off*/
    for (int b = 0; b < NB; b++) begin
    /*verilator tracing_on*/
      if (complete[b]) begin
        /*verilator tracing_off*/
        for (int i = 0; i < NW; i++) begin
        /*verilator tracing_on*/
          if (blocked_o[b*32 + i]) wake_o[i] = 1'b1;
          if (word_o[b*32 + MOD +: 2] == warpref_rtl_pkg::BMODE_RED && arrived_o[b*32 + i] &&
              !(SASS && word_o[b*32 + OP +: 2] == warpref_rtl_pkg::REDOP_SCAN)) begin
            wbs_we_o[i] = 1'b1;
            wbs_val_o[i*32 +: 32] = word_o[b*32 +: 32] | (32'd1 << warpref_rtl_pkg::BW_DEFINED);
            if (SASS) unread_set_o[i] = 1'b1;
          end
        end
        if (bug_keep) word_o[b*32 + MOD +: 2] = warpref_rtl_pkg::BMODE_IDLE;
        else word_o[b*32 +: 32] = 32'd0;
        blocked_o[b*32 +: 32] = 32'd0;
        arrived_o[b*32 +: 32] = 32'd0;
        changed_o[b] = 1'b1;
        release_o[b] = 1'b1;
      end
    end

    // ---- B2R, BAR.RESULT, R2B (N-38, N-39) ----
    if (issue_i) begin
      unique case (optype_i)
        warpref_isa_pkg::OPT_B2R: begin
          rd_we_o = rd == warpref_isa_pkg::REG_RZ ? 32'd0 : pmask_i;
          if (b2r_bar) rd_val_o = word_i[imm_bar*32 +: 32];
          else if (wbs_def_i) rd_val_o = wbs_i;
          else rd_dc_o = rd_we_o != 32'd0;
          unread_clr_o = SASS && !b2r_bar && pmask_i != 32'd0;     // sass S-12: B2R.WARP reads it
        end
        warpref_isa_pkg::OPT_B2R_RESULT: begin
          rd_we_o = rd == warpref_isa_pkg::REG_RZ ? 32'd0 : pmask_i;
          pd_we_o = pu == warpref_isa_pkg::PRED_PT ? 32'd0 : pmask_i;
          if (wbs_def_i && wbs_i[warpref_rtl_pkg::BW_DEFINED] && wbs_i[OP +: 2] == warpref_rtl_pkg::REDOP_POPC)
            rd_val_o = {21'd0, wbs_i[ACC +: 11]};
          else
            rd_dc_o = rd_we_o != 32'd0;
          if (wbs_def_i && wbs_i[warpref_rtl_pkg::BW_DEFINED] &&
              (wbs_i[OP +: 2] == warpref_rtl_pkg::REDOP_AND || wbs_i[OP +: 2] == warpref_rtl_pkg::REDOP_OR))
            pd_val_o = (wbs_i[ACC +: 11] != 11'd0) ^ bug_i[warpref_rtl_pkg::BUG_RESULT_PU_INVERTED];
          else
            pd_dc_o = pd_we_o != 32'd0;
        end
        warpref_isa_pkg::OPT_R2B: begin
          if (pmask_i != 32'd0) begin
            if (b2r_bar) begin
              word_o[imm_bar*32 +: 32] = bug_i[warpref_rtl_pkg::BUG_R2B_KEEP_TOP]
                                         ? ra_i[warpref_rtl_pkg::lowest(pmask_i)*64 +: 32]
                                         : {3'b000, ra_i[warpref_rtl_pkg::lowest(pmask_i)*64 +: 29]};
              changed_o[{1'b0, imm_bar}] = 1'b1;
            end else begin
              wbs_we_self_o = 1'b1;
              wbs_self_o = ra_i[warpref_rtl_pkg::lowest(pmask_i)*64 +: 32];
              unread_clr_o = SASS;                           // sass S-12: R2B.WARP
            end
          end
        end
        default: ;
      endcase
      // ---- sass B2R.RESULT Rd{, Pd} (S-03, S-12): after AND/OR Rd = all ones if
      // true, else 0; after POPC the count, after SCAN the prefix; Pd = (Rd != 0);
      // undefined without a result; it reads the result
      if (SASS && optype_i == warpref_isa_pkg::OPT_SB2R_RESULT) begin
        logic [31:0] v;
        v = wbs_i[OP +: 2] == warpref_rtl_pkg::REDOP_POPC || wbs_i[OP +: 2] == warpref_rtl_pkg::REDOP_SCAN
            ? {21'd0, wbs_i[ACC +: 11]} : bug_i[warpref_rtl_pkg::BUG_SASS_RESULT_RAW] ? {21'd0, wbs_i[ACC +: 11]}
            : wbs_i[ACC +: 11] != 11'd0 ? 32'hffffffff : 32'd0;
        rd_we_o = rd == warpref_isa_pkg::REG_RZ ? 32'd0 : pmask_i;
        pd_we_o = pu == warpref_isa_pkg::PRED_PT ? 32'd0 : pmask_i;
        if (wbs_def_i && wbs_i[warpref_rtl_pkg::BW_DEFINED]) begin
          rd_val_o = v;
          pd_val_o = v != 32'd0;
        end else begin
          rd_dc_o = rd_we_o != 32'd0;
          pd_dc_o = pd_we_o != 32'd0;
        end
        unread_clr_o = pmask_i != 32'd0;
      end
    end
    // ---- visa: the NBARRIER engine's outputs (no native instruction decodes in a visa build) ----
    if (VISA) begin
      word_o = v_word; arrived_o = v_arrived; blocked_o = v_blocked; changed_o = v_changed;
      release_o = v_release; wake_o = v_wake; wbs_we_o = '0;
      block_o = v_block; stall_o = v_stall; arrive_o = v_arrive; bar_o = v_bar; warn_o = v_warn; exc_o = v_exc;
    end
  end


  logic unused;
  assign unused = ^{ra_rz_i, rb_rz_i, rc_rz_i, re_i, insn_i[127:109], insn_i[11:0]};

endmodule
