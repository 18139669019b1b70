// warpref_bcu_ptx.sv - the barrier unit of the ptx profile (seed 002, PTX
// barrier{.cta} / bar{.cta}; SPEC-NOTES P-01..P-11), instantiated by
// warpref_core in place of warpref_bcu when PROFILE = PROFILE_PTX.  Written
// from seed 002 and SPEC-NOTES: nothing is shared with the C model.
//
//   operands   a = Ra[3:0] or imm4, b = Rb[11:0] or imm12, a missing b 0
//              (P-07); OPERAND_NOT_UNIFORM on those bits (G-02)
//   .aligned   the warp arrives as a whole; pmask != ValidMask raises
//              ALIGNED_DIVERGENT before anything else (P-04, P-09)
//   gather     a non-aligned instruction records its executing lanes (kind,
//              count, reduction input, destination) and parks them at its PC;
//              the warp goes on with its guard-false lanes or switches as EXIT
//              does; when every ValidMask lane is recorded on the barrier the
//              warp arrives once (+32), lanes parked at other instructions
//              move past them, lanes parked here rejoin (P-03, P-10)
//   checks     P-09, BAR_CNT_ALIGN, BAR_ARV_ZERO_CNT (P-02), then
//              BAR_MODE_MISMATCH / BAR_PARAM_MISMATCH of a group against the
//              warp's other groups and, when the warp arrives, the phase (P-06)
//   red        at completion every lane that executed the red gets the result
//              in its own instruction's destination: popc -> Rd, and/or -> Pd
//              (P-05, P-11).  The issuing warp's write to its instruction's
//              own destination is the instruction's write (the trace's `out`);
//              every other delivery waits in dlv_q and is written by delivery
//              cycles (dlv_o: nothing issues), one destination a cycle, before
//              the next instruction issues.
//
// The barrier word, N-31..N-35 and the N-33 re-check on a full exit are the
// native ones (SPEC-NOTES 8.1: a profile changes only what its seed says).
module warpref_bcu_ptx #(
  parameter int unsigned NW = 4
) (
  /*verilator tracing_off*/
  input  logic                clk_i,
  /*verilator tracing_on*/
  input  logic                rst_ni,
  input  logic [127:0]        insn_i,
  input  logic [warpref_isa_pkg::FORM_BITS-1:0] form_i,
  input  logic [7:0]          optype_i,
  input  logic                issue_i,        // an instruction issues (legal, fetched)
  input  logic                commit_i,       // it commits (no exception)
  input  logic [4:0]          warp_i,
  input  logic [warpref_rtl_pkg::NBUGS-1:0] bug_i,
  input  logic [31:0]         pmask_i,
  input  logic [31:0]         ppv_i,
  input  logic [32*64-1:0]    ra_i,           // RZ reads 0
  input  logic [32*32-1:0]    rb_i,
  // the issuing warp (sleep already cleared by a deadline that fired)
  input  logic [63:0]         apc_i,
  input  logic [31:0]         valid_i,
  input  logic [31:0]         active_i,
  input  logic [31:0]         yield_i,
  input  logic [31:0]         sleep_i,
  input  logic [32*64-1:0]    rpc_i,
  // the CTA
  input  logic [5:0]          nwarps_i,
  input  logic [5:0]          exited_i,       // warps fully exited, this one included if it exits now
  input  logic                exit_i,         // the issuing warp fully exits now (N-33)
  input  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] word_i,
  input  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] arrived_i,
  input  logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] blocked_i,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] word_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] arrived_o,
  output logic [warpref_rtl_pkg::NBAR_MAX*32-1:0] blocked_o,
  output logic [warpref_rtl_pkg::NBAR_MAX-1:0]   changed_o,
  output logic [warpref_rtl_pkg::NBAR_MAX-1:0]   release_o,
  output logic [NW-1:0]       wake_o,
  // the issuing warp
  output logic                block_o,
  output logic                arrive_o,
  output logic [4:0]          bar_o,
  output logic                warn_o,         // OPERAND_NOT_UNIFORM
  output logic [3:0]          exc_o,
  output logic [31:0]         rd_we_o,        // its delivered lanes of the instruction's Rd
  output logic [31:0]         rd_val_o,
  output logic [31:0]         pd_we_o,        // ... of its Pd
  output logic                pd_val_o,
  output logic                ovr_o,          // its warp state after is apc_o, active_o, rpc_o
  output logic [63:0]         apc_o,
  output logic [31:0]         active_o,
  output logic [32*64-1:0]    rpc_o,
  output logic                sleep_o,        // the park's switch put the warp to sleep
  // delivery cycles
  output logic                dlv_o,          // a delivery is written this cycle (nothing issues)
  output logic [4:0]          dlv_warp_o,
  output logic                dlv_gpr_o,      // 1: GPR dlv_dest_o = dlv_val_o; 0: predicate
  output logic [7:0]          dlv_dest_o,
  output logic [31:0]         dlv_lanes_o,
  output logic [31:0]         dlv_val_o       // GPR: the value; predicate: the lanes set
);

  localparam int unsigned NBM = warpref_rtl_pkg::NBAR_MAX;
  localparam int unsigned NB = 16;                          // seed 002: barriers 0..15
  localparam int unsigned WAW = NW > 1 ? $clog2(NW) : 1;
  localparam int unsigned ARR = warpref_rtl_pkg::BW_ARRIVED_LSB;
  localparam int unsigned EXP = warpref_rtl_pkg::BW_EXPECT_LSB;
  localparam int unsigned MOD = warpref_rtl_pkg::BW_MODE_LSB;
  localparam int unsigned OP  = warpref_rtl_pkg::BW_OP_LSB;
  localparam int unsigned ACC = warpref_rtl_pkg::BW_ACC_LSB;
  // a lane's record: bits 3:0 barrier, 5:4 kind, 7:6 reduction op, 14:8 count/32,
  // 15 reduction input, 23:16 destination
  localparam int unsigned RW = 24;
  localparam logic [1:0] K_SYNC = 2'd0, K_ARV = 2'd1, K_RED = 2'd2;

  // ---- per warp: lanes recorded at a non-aligned instruction (gath_q), lanes
  // waiting for a result (dlv_q), results ready to write (rdy_q, acc_q) ----
  logic [31:0]      gath_q [NW];
  logic [31:0]      dlvm_q [NW];
  logic [32*RW-1:0] rec_q [NW];
  logic [NW-1:0]    rdy_q;
  logic [10:0]      acc_q [NW];

  // ---- the instruction ----
  logic        is_ptx, aligned, red;
  logic [1:0]  kind, redop;
  logic [7:0]  dest;
  always_comb begin
    is_ptx  = optype_i == warpref_isa_pkg::OPT_PBAR_SYNC || optype_i == warpref_isa_pkg::OPT_PBAR_ARV ||
              optype_i == warpref_isa_pkg::OPT_PBAR_RED || optype_i == warpref_isa_pkg::OPT_PBAR_REDP;
    aligned = insn_i[warpref_isa_pkg::F_ALIGNED_LSB] && !bug_i[warpref_rtl_pkg::BUG_PTX_ALIGNED_GATHERS];
    kind    = optype_i == warpref_isa_pkg::OPT_PBAR_ARV ? K_ARV
            : optype_i == warpref_isa_pkg::OPT_PBAR_SYNC ? K_SYNC : K_RED;
    red     = kind == K_RED;
    redop   = optype_i == warpref_isa_pkg::OPT_PBAR_RED ? warpref_rtl_pkg::REDOP_POPC
            : insn_i[warpref_isa_pkg::F_REDOP_LSB +: 2];
    dest    = optype_i == warpref_isa_pkg::OPT_PBAR_REDP ? {5'd0, insn_i[warpref_isa_pkg::F_PD_LSB +: 3]}
            : insn_i[warpref_isa_pkg::F_RD_LSB +: 8];
  end

  // ---- P-07, G-02: a = Ra[3:0] or imm4, b = Rb[11:0] or imm12 ----
  logic [3:0]  bid;
  logic [11:0] cnt;
  logic        uniform;
  always_comb begin : p_operands
    logic [4:0] l;
    logic       ra_used, rb_used;
    l = warpref_rtl_pkg::lowest(pmask_i);
    ra_used = insn_i[11:8] == warpref_isa_pkg::ST_RR || insn_i[11:8] == warpref_isa_pkg::ST_RRI;
    rb_used = insn_i[11:8] == warpref_isa_pkg::ST_RR || insn_i[11:8] == warpref_isa_pkg::ST_RIR;
    bid = ra_used ? ra_i[l*64 +: 4] : insn_i[warpref_isa_pkg::F_BARID_LSB +: 4];
    cnt = rb_used ? rb_i[l*32 +: 12] : insn_i[warpref_isa_pkg::F_CNT_LSB +: 12];
    uniform = 1'b1;
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++)
    /*verilator tracing_on*/
      if (pmask_i[k] && ((ra_used && ra_i[k*64 +: 4] != bid) || (rb_used && rb_i[k*32 +: 12] != cnt)))
        uniform = 1'b0;
  end

  // ---- N-32 ----
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic done(input logic [31:0] w, input logic [5:0] exited, input logic [5:0] nw);
    logic [7:0] need, have;
    need = {1'b0, w[EXP +: 7]};
    have = {2'b0, w[ARR +: 6]};
    if (need != 8'd0) done = have >= need;
    else done = have + {2'b0, exited} >= {2'b0, nw};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- the issuing warp's records and gather ----
  logic [31:0]      g_cur, same_old, same, g_new, d_new, red_lanes, red_in;
  logic [32*RW-1:0] r_new;
  logic             arrives, wait_any;
  always_comb begin : p_gather
    /* verilator lint_off UNUSEDSIGNAL */
    logic [RW-1:0] r;             // kind and input only
    /* verilator lint_on UNUSEDSIGNAL */
    g_cur = gath_q[warp_i[WAW-1:0]];
    r_new = rec_q[warp_i[WAW-1:0]];
    same_old = 32'd0;
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++)
    /*verilator tracing_on*/
      if (g_cur[k] && r_new[k*RW +: 4] == bid && !pmask_i[k]) same_old[k] = 1'b1;
    // the executing lanes' records
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++)
    /*verilator tracing_on*/
      if (pmask_i[k])
        r_new[k*RW +: RW] = {dest, aligned ? 1'b0 : ppv_i[k], cnt[11:5], redop, kind, bid};
    g_new = aligned ? g_cur : g_cur | pmask_i;
    same = same_old | pmask_i;
    arrives = aligned || (valid_i & ~same) == 32'd0 || bug_i[warpref_rtl_pkg::BUG_PTX_GATHER_EACH];
    // the warp's arrival: its red lanes, their inputs, does a group wait?
    wait_any = 1'b0; red_lanes = 32'd0; red_in = 32'd0;
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++) begin
    /*verilator tracing_on*/
      r = r_new[k*RW +: RW];
      if (same[k] && r[5:4] != K_ARV) wait_any = 1'b1;
      if (same[k] && r[5:4] == K_RED) begin
        red_lanes[k] = 1'b1;
        red_in[k] = r[15] && (pmask_i[k] || !bug_i[warpref_rtl_pkg::BUG_PTX_INPUT_LOST]);
      end
    end
    if (aligned) begin
      wait_any = kind != K_ARV;
      red_lanes = red ? pmask_i : 32'd0;
      red_in = pmask_i & ppv_i;
    end
    if (arrives && !aligned) g_new = g_cur & ~same;
    d_new = dlvm_q[warp_i[WAW-1:0]] | (is_ptx && pmask_i != 32'd0 && arrives ? red_lanes : 32'd0);
  end

  // ---- P-09, P-02, P-10, P-06: the exception, before any change ----
  logic [3:0] exc;
  always_comb begin : p_check
    /* verilator lint_off UNUSEDSIGNAL */
    logic [RW-1:0] r;             // kind, op and count only
    logic [31:0]   w;             // mode, op and count only
    /* verilator lint_on UNUSEDSIGNAL */
    logic          grp_mode, grp_param, ph_mode, ph_param;
    w = word_i[bid*32 +: 32];
    grp_mode = 1'b0; grp_param = 1'b0;
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++) begin
    /*verilator tracing_on*/
      r = rec_q[warp_i[WAW-1:0]][k*RW +: RW];
      if (same_old[k] && !aligned) begin
        if ((r[5:4] == K_RED) != red || (red && r[7:6] != redop)) grp_mode = 1'b1;
        if (r[14:8] != cnt[11:5]) grp_param = 1'b1;
      end
    end
    ph_mode = arrives && w[MOD +: 2] != warpref_rtl_pkg::BMODE_IDLE &&
              (w[MOD +: 2] != (red ? warpref_rtl_pkg::BMODE_RED : warpref_rtl_pkg::BMODE_SYNC) ||
               (w[MOD +: 2] == warpref_rtl_pkg::BMODE_RED && w[OP +: 2] != redop));
    ph_param = arrives && w[MOD +: 2] != warpref_rtl_pkg::BMODE_IDLE && w[EXP +: 7] != cnt[11:5];
    if (aligned && pmask_i != (bug_i[warpref_rtl_pkg::BUG_PTX_ALIGNED_EXITED] ? 32'hffffffff : valid_i))
      exc = warpref_rtl_pkg::EXC_ALIGNED_DIVERGENT;
    else if (cnt[4:0] != 5'd0) exc = warpref_rtl_pkg::EXC_BAR_CNT_ALIGN;
    else if (kind == K_ARV && cnt == 12'd0) exc = warpref_rtl_pkg::EXC_BAR_ARV_ZERO_CNT;
    else if (grp_mode || ph_mode) exc = warpref_rtl_pkg::EXC_BAR_MODE_MISMATCH;
    else if (grp_param || ph_param) exc = warpref_rtl_pkg::EXC_BAR_PARAM_MISMATCH;
    else exc = warpref_rtl_pkg::EXC_NONE;
  end

  // ---- the park (P-10): guard-false lanes go on, else the switch of EXIT ----
  logic [63:0]      park_apc;
  logic [31:0]      park_active;
  logic [32*64-1:0] park_rpc;
  logic             park_sleep;
  always_comb begin : p_park
    logic [31:0] cand, ny;
    logic [4:0]  lid;
    park_rpc = warpref_rtl_pkg::set_rpc(rpc_i, pmask_i, apc_i);
    park_sleep = 1'b0;
    cand = 32'd0; ny = 32'd0; lid = 5'd0;
    if ((active_i & ~pmask_i) != 32'd0) begin
      park_active = active_i & ~pmask_i;
      park_apc = apc_i + 64'd16;
    end else begin
      cand = valid_i & ~active_i;
      park_sleep = (cand & ~sleep_i) == 32'd0;
      if (!park_sleep) cand = cand & ~sleep_i;
      ny = cand & ~yield_i;
      lid = ny != 32'd0 ? warpref_rtl_pkg::lowest(ny) : warpref_rtl_pkg::lowest(cand);
      park_apc = park_rpc[lid*64 +: 64];
      park_active = warpref_rtl_pkg::rpc_eq(park_rpc, park_apc) & valid_i;
    end
  end

  // ---- arrival, completion, delivery ----
  logic [NBM-1:0] complete;
  logic [NW-1:0]  rdy_set;
  logic [10:0]    acc_set [NW];
  logic [31:0]    own_shown;
  always_comb begin : p_bar
    logic [31:0] w;
    logic [10:0] acc;
    logic [11:0] sum;
    logic [31:0] at_pc;
    word_o = word_i; arrived_o = arrived_i; blocked_o = blocked_i;
    changed_o = '0; release_o = '0; wake_o = '0; complete = '0;
    block_o = 1'b0; arrive_o = 1'b0; bar_o = {1'b0, bid}; warn_o = 1'b0; exc_o = warpref_rtl_pkg::EXC_NONE;
    ovr_o = 1'b0; apc_o = apc_i + 64'd16; active_o = active_i; rpc_o = rpc_i; sleep_o = 1'b0;
    rdy_set = '0; own_shown = 32'd0;
    /*verilator tracing_off*/
    for (int i = 0; i < NW; i++) acc_set[i] = 11'd0;
    /*verilator tracing_on*/
    w = word_i[bid*32 +: 32];
    acc = 11'd0; sum = 12'd0; at_pc = 32'd0;

    if (issue_i && is_ptx && pmask_i != 32'd0) begin   // N-31: pmask = 0 is a no-op
      warn_o = !uniform;
      exc_o = exc;
      if (exc == warpref_rtl_pkg::EXC_NONE && !arrives) begin
        // P-10: not every lane yet: park, no barrier event
        ovr_o = 1'b1;
        apc_o = park_apc; active_o = park_active; rpc_o = park_rpc; sleep_o = park_sleep;
      end else if (exc == warpref_rtl_pkg::EXC_NONE) begin
        if (!aligned) begin                             // lanes here rejoin, the others move past
          ovr_o = 1'b1;
          at_pc = warpref_rtl_pkg::rpc_eq(rpc_i, apc_i);
          active_o = active_i | (same & at_pc);
          /*verilator tracing_off*/
          for (int k = 0; k < 32; k++)
          /*verilator tracing_on*/
            if (same[k] && !active_o[k] && !bug_i[warpref_rtl_pkg::BUG_PTX_NO_MOVE_PAST])
              rpc_o[k*64 +: 64] = rpc_i[k*64 +: 64] + 64'd16;
        end
        // N-31, N-36: one warp more; a phase starts from a clean word
        if (w[MOD +: 2] == warpref_rtl_pkg::BMODE_IDLE) begin
          w = 32'd0;
          w[EXP +: 7] = cnt[11:5];
          w[MOD +: 2] = red ? warpref_rtl_pkg::BMODE_RED : warpref_rtl_pkg::BMODE_SYNC;
          if (red) begin
            w[OP +: 2] = redop;
            w[ACC +: 11] = redop == warpref_rtl_pkg::REDOP_AND ? 11'd1 : 11'd0;
          end
        end
        w[ARR +: 6] = w[ARR +: 6] != 6'h3f ? w[ARR +: 6] + 6'd1 : w[ARR +: 6];
        if (red) begin
          acc = w[ACC +: 11];
          unique case (redop)
            warpref_rtl_pkg::REDOP_AND: w[ACC +: 11] = {10'd0, acc != 11'd0 && red_in == red_lanes};
            warpref_rtl_pkg::REDOP_OR:  w[ACC +: 11] = {10'd0, acc != 11'd0 || red_in != 32'd0};
            default: begin
              sum = {1'b0, acc} + {6'd0, warpref_rtl_pkg::popcount(red_in)};
              w[ACC +: 11] = sum > 12'd2047 ? 11'd2047 : sum[10:0];
            end
          endcase
        end
        word_o[bid*32 +: 32] = w;
        arrived_o[bid*32 +: 32] = arrived_i[bid*32 +: 32] | (32'd1 << warp_i);
        changed_o[{1'b0, bid}] = 1'b1;
        if (done(w, exited_i, nwarps_i)) begin
          arrive_o = 1'b1;
          complete[{1'b0, bid}] = 1'b1;
        end else if (!wait_any) begin
          arrive_o = 1'b1;
        end else begin
          block_o = 1'b1;
          blocked_o[bid*32 +: 32] = blocked_i[bid*32 +: 32] | (32'd1 << warp_i);
        end
      end
    end

    // ---- N-33: a full exit re-checks every cnt == 0 barrier in progress ----
    if (exit_i) begin
      /*verilator tracing_off*/
      for (int b = 0; b < NB; b++)
      /*verilator tracing_on*/
        if (word_i[b*32 + MOD +: 2] != warpref_rtl_pkg::BMODE_IDLE && word_i[b*32 + EXP +: 7] == 7'd0 &&
            done(word_i[b*32 +: 32], exited_i, nwarps_i))
          complete[b] = 1'b1;
    end

    // ---- N-34, P-11: completion wakes the blocked warps; a red phase's
    // result goes to the lanes of every warp that arrived ----
    /*verilator tracing_off*/
    for (int b = 0; b < NB; b++) begin
    /*verilator tracing_on*/
      if (complete[b]) begin
        /*verilator tracing_off*/
        for (int i = 0; i < NW; i++) begin
        /*verilator tracing_on*/
          if (blocked_o[b*32 + i]) wake_o[i] = 1'b1;
          if (word_o[b*32 + MOD +: 2] == warpref_rtl_pkg::BMODE_RED && arrived_o[b*32 + i]) begin
            rdy_set[i] = 1'b1;
            acc_set[i] = word_o[b*32 + ACC +: 11];
          end
        end
        word_o[b*32 +: 32] = 32'd0;
        blocked_o[b*32 +: 32] = 32'd0;
        arrived_o[b*32 +: 32] = 32'd0;
        changed_o[b] = 1'b1;
        release_o[b] = 1'b1;
      end
    end

    // the issuing warp's deliveries to its instruction's own destination
    if (issue_i && (rdy_set[warp_i[WAW-1:0]] || (bug_i[warpref_rtl_pkg::BUG_PTX_RED_EARLY] && block_o))) begin
      /*verilator tracing_off*/
      for (int k = 0; k < 32; k++)
      /*verilator tracing_on*/
        if (d_new[k] && r_new[k*RW + 16 +: 8] == dest && is_ptx && red) own_shown[k] = 1'b1;
    end
  end

  always_comb begin
    rd_we_o = optype_i == warpref_isa_pkg::OPT_PBAR_RED ? own_shown : 32'd0;
    rd_val_o = {21'd0, acc_set[warp_i[WAW-1:0]]};
    pd_we_o = optype_i == warpref_isa_pkg::OPT_PBAR_REDP && dest[2:0] != warpref_isa_pkg::PRED_PT ? own_shown : 32'd0;
    pd_val_o = acc_set[warp_i[WAW-1:0]] != 11'd0;
  end

  // ---- delivery cycles: the lowest warp with a result ready, one
  // destination (the lowest waiting lane's) a cycle ----
  logic [WAW-1:0] dw;
  logic [31:0]    dgroup;
  always_comb begin : p_dlv
    /* verilator lint_off UNUSEDSIGNAL */
    logic [RW-1:0] r0;            // op and destination only
    /* verilator lint_on UNUSEDSIGNAL */
    dw = '0;
    /*verilator tracing_off*/
    for (int i = NW - 1; i >= 0; i--)
    /*verilator tracing_on*/
      if (rdy_q[i]) dw = WAW'(i);
    dlv_o = rdy_q != '0;
    dlv_warp_o = 5'(dw);
    r0 = rec_q[dw][warpref_rtl_pkg::lowest(dlvm_q[dw])*RW +: RW];
    dgroup = 32'd0;
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++)
    /*verilator tracing_on*/
      if (dlvm_q[dw][k] && rec_q[dw][k*RW + 16 +: 8] == r0[23:16]) dgroup[k] = 1'b1;
    dlv_gpr_o = r0[7:6] == warpref_rtl_pkg::REDOP_POPC;
    dlv_dest_o = r0[23:16];
    dlv_lanes_o = dgroup;
    dlv_val_o = dlv_gpr_o ? {21'd0, acc_q[dw]} : (acc_q[dw] != 11'd0 ? dgroup : 32'd0);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rdy_q <= '0;
      /*verilator tracing_off*/
      for (int i = 0; i < NW; i++) begin
      /*verilator tracing_on*/
        gath_q[i] <= 32'd0;
        dlvm_q[i] <= 32'd0;
        rec_q[i] <= '0;
        acc_q[i] <= 11'd0;
      end
    end else if (dlv_o) begin
      dlvm_q[dw] <= dlvm_q[dw] & ~dgroup;
      if ((dlvm_q[dw] & ~dgroup) == 32'd0) rdy_q[dw] <= 1'b0;
    end else if (commit_i) begin
      if (is_ptx && pmask_i != 32'd0) begin
        gath_q[warp_i[WAW-1:0]] <= g_new;
        rec_q[warp_i[WAW-1:0]] <= r_new;
        if (arrives) dlvm_q[warp_i[WAW-1:0]] <= d_new;
      end
      /*verilator tracing_off*/
      for (int i = 0; i < NW; i++) begin
      /*verilator tracing_on*/
        if (rdy_set[i]) begin
          acc_q[i] <= acc_set[i];
          if (5'(i) == warp_i) begin
            dlvm_q[i] <= d_new & ~own_shown;
            rdy_q[i] <= (d_new & ~own_shown) != 32'd0;
          end else begin
            rdy_q[i] <= dlvm_q[i] != 32'd0;
          end
        end
      end
    end
  end

  logic unused;
  assign unused = ^{form_i, insn_i[127:86], ra_i[1:0], bug_i};   // (the other profiles' bugs)

endmodule
