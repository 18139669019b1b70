// warpref_bcu_visa.sv - the visa barrier engine (seed 004, Intel vISA
// NBARRIER; SPEC-NOTES V-01..V-11): 32 named barriers with producers and
// consumers, one vISA thread = one warp.  Combinational; warpref_bcu
// instantiates it when PROFILE = visa and takes its outputs for NBARRIER.
//
//   NBARRIER.wait id                        (form NBARRIER_W)
//   NBARRIER.signal id, n                   (NBARRIER_S: type 0, np = nc = n)
//   NBARRIER.signal id, type, np, nc        (NBARRIER_G)
//
// An operand is an immediate or, when its _R bit is set, a GPR: the register
// operands take the slots RA, RB, RC, RE in the order id, type, np, nc, and
// give all 32 bits of lowest(pmask) (G-02: OPERAND_NOT_UNIFORM compares all 32).
//
// The state word (V-11): 5:0 producers signalled, 11:6 consumers signalled,
// 17:12 np, 23:18 nc, 24 complete, 30:25 consumers whose wait completed
// (counts saturate at 63); idle = 0.  Beside it, per barrier:
//   arrived  the consumers of the phase that have not completed their wait
//            (a wait is legal for them only, V-08)
//   blocked  the waiting consumers while the phase is incomplete, the stalled
//            signallers while it is complete (V-07): never both.
module warpref_bcu_visa #(
  parameter int unsigned NW = 4
) (
  input  logic [127:0]        insn_i,
  input  logic [warpref_isa_pkg::FORM_BITS-1:0] form_i,
  input  logic                issue_i,        // an NBARRIER issues (any pmask)
  input  logic [4:0]          warp_i,
  input  logic [warpref_rtl_pkg::NBUGS-1:0] bug_i,
  input  logic [31:0]         pmask_i,
  input  logic [32*64-1:0]    ra_i,           // the four GPR slots (RZ reads 0)
  input  logic [32*32-1:0]    rb_i,
  input  logic [32*32-1:0]    rc_i,
  input  logic [32*32-1:0]    re_i,
  input  logic [5:0]          nwarps_i,       // warps in the CTA (V-05)
  input  logic [32*32-1:0]    word_i,
  input  logic [32*32-1:0]    arrived_i,
  input  logic [32*32-1:0]    blocked_i,
  output logic [32*32-1:0]    word_o,
  output logic [32*32-1:0]    arrived_o,
  output logic [32*32-1:0]    blocked_o,
  output logic [31:0]         changed_o,
  output logic [31:0]         release_o,
  output logic [NW-1:0]       wake_o,
  output logic                block_o,        // block:B (a waiting consumer or a stalled signal)
  output logic                stall_o,        // V-07: ActivePC stays, the signal goes again
  output logic                arrive_o,
  output logic [4:0]          bar_o,
  output logic                warn_o,         // OPERAND_NOT_UNIFORM
  output logic [3:0]          exc_o
);

  localparam int unsigned PROD = 0, CONS = 6, NP = 12, NC = 18, DONE = 24, WAITED = 25;

  // ---- V-01, G-02: the operands ----
  logic        signal, general;
  logic [31:0] id, typ, np, nc;
  logic        uniform;
  always_comb begin : p_operands
    logic [4:0] l;
    logic       r_id, r_type, r_np, r_nc;
    logic [1:0] s_type, s_np, s_nc;
    l = warpref_rtl_pkg::lowest(pmask_i);
    signal  = insn_i[warpref_isa_pkg::F_NBMODE_LSB];
    general = form_i == warpref_isa_pkg::FORM_NBARRIER_G;
    r_id   = insn_i[warpref_isa_pkg::F_NBID_R_LSB];
    r_type = general && insn_i[warpref_isa_pkg::F_NBTYPE_R_LSB];
    r_np   = form_i != warpref_isa_pkg::FORM_NBARRIER_W && insn_i[warpref_isa_pkg::F_NBNP_R_LSB];
    r_nc   = general && insn_i[warpref_isa_pkg::F_NBNC_R_LSB];
    s_type = {1'b0, r_id};
    s_np   = s_type + {1'b0, r_type};
    s_nc   = s_np + {1'b0, r_np};
    id  = r_id   ? slot(2'd0, l) : {27'd0, insn_i[warpref_isa_pkg::F_NBID_LSB +: 5]};
    typ = r_type ? slot(s_type, l) : {30'd0, insn_i[warpref_isa_pkg::F_NBTYPE_LSB +: 2]};
    np  = r_np   ? slot(s_np, l) : {24'd0, insn_i[warpref_isa_pkg::F_NBNP_LSB +: 8]};
    nc  = r_nc   ? slot(s_nc, l) : {24'd0, insn_i[warpref_isa_pkg::F_NBNC_LSB +: 8]};
    if (!general) begin                       // `signal id, n`: type 0, nc = np
      typ = 32'd0;
      nc = np;
    end
    if (bug_i[warpref_rtl_pkg::BUG_VISA_NC_IS_NP]) nc = np;
    if (!signal) begin                        // a wait reads its id only
      r_type = 1'b0; r_np = 1'b0; r_nc = 1'b0;
    end
    uniform = 1'b1;
    /*verilator tracing_off*/
    for (int k = 0; k < 32; k++) begin
    /*verilator tracing_on*/
      if (pmask_i[k]) begin
        if (r_id && slot(2'd0, 5'(k)) != id) uniform = 1'b0;
        if (r_type && slot(s_type, 5'(k)) != typ) uniform = 1'b0;
        if (r_np && slot(s_np, 5'(k)) != np) uniform = 1'b0;
        if (r_nc && slot(s_nc, 5'(k)) != nc) uniform = 1'b0;
      end
    end
  end

  // the value of GPR slot s (0 RA, 1 RB, 2 RC, 3 RE) in lane k
  function automatic logic [31:0] slot(input logic [1:0] s, input logic [4:0] k);
    unique case (s)
      2'd0: slot = ra_i[k*64 +: 32];
      2'd1: slot = rb_i[k*32 +: 32];
      2'd2: slot = rc_i[k*32 +: 32];
      default: slot = re_i[k*32 +: 32];
    endcase
  endfunction

  function automatic logic [5:0] sat(input logic [6:0] v);
    sat = v > 7'd63 ? 6'd63 : v[5:0];
  endfunction

  // ---- V-02..V-09: signal and wait ----
  always_comb begin : p_visa
    logic [4:0]  b;
    logic [31:0] w, me, woken;
    logic [5:0]  waited;
    logic        done;
    b = bug_i[warpref_rtl_pkg::BUG_VISA_ID_ALIAS16] ? {1'b0, id[3:0]} : id[4:0];
    w = word_i[b*32 +: 32];
    me = 32'd1 << warp_i;
    woken = 32'd0;
    waited = 6'd0;
    done = 1'b0;
    word_o = word_i; arrived_o = arrived_i; blocked_o = blocked_i;
    changed_o = '0; release_o = '0; wake_o = '0;
    block_o = 1'b0; stall_o = 1'b0; arrive_o = 1'b0; bar_o = b; warn_o = 1'b0;
    exc_o = warpref_rtl_pkg::EXC_NONE;
    if (issue_i && pmask_i != 32'd0) begin
      warn_o = !uniform;
      // V-05, V-04, V-08: the checks, before any change
      if (id > 32'd31) exc_o = warpref_rtl_pkg::EXC_ILLEGAL_ENCODING;
      else if (signal && (typ > 32'd2 || np < 32'd1 || np > 32'(nwarps_i) || nc < 32'd1 || nc > 32'(nwarps_i)))
        exc_o = warpref_rtl_pkg::EXC_ILLEGAL_ENCODING;
      else if (signal && w != 32'd0 && !w[DONE] && (np[5:0] != w[NP +: 6] || nc[5:0] != w[NC +: 6]))
        exc_o = warpref_rtl_pkg::EXC_BAR_PARAM_MISMATCH;
      else if (!signal && (arrived_i[b*32 +: 32] & me) == 32'd0) exc_o = warpref_rtl_pkg::EXC_NBAR_WAIT_NOT_CONSUMER;
      if (exc_o == warpref_rtl_pkg::EXC_NONE) begin
        if (signal && w[DONE] && !bug_i[warpref_rtl_pkg::BUG_VISA_SIGNAL_NO_STALL]) begin
          // V-07: the next phase's signal stalls until the barrier is free
          block_o = 1'b1;
          stall_o = 1'b1;
          blocked_o[b*32 +: 32] = blocked_i[b*32 +: 32] | me;
        end else if (signal) begin
          // V-06: the first signal fixes (np, nc); V-02: type 0 and 1 produce, 0 and 2 consume
          if (w == 32'd0) w = {8'd0, nc[5:0], np[5:0], 12'd0};
          if (typ != 32'd2 || bug_i[warpref_rtl_pkg::BUG_VISA_CONSUMER_PRODUCES])
            w[PROD +: 6] = sat({1'b0, w[PROD +: 6]} + 7'd1);
          if (typ != 32'd1) begin
            w[CONS +: 6] = sat({1'b0, w[CONS +: 6]} + 7'd1);
            arrived_o[b*32 +: 32] = arrived_i[b*32 +: 32] | me;
          end
          arrive_o = 1'b1;
          changed_o[b] = 1'b1;
          if (bug_i[warpref_rtl_pkg::BUG_VISA_COMPLETE_EITHER] ? w[PROD +: 6] >= w[NP +: 6] || w[CONS +: 6] >= w[NC +: 6]
                                                               : w[PROD +: 6] >= w[NP +: 6] && w[CONS +: 6] >= w[NC +: 6]) begin
            // complete: the waiting consumers finish their waits (release:B:W..)
            woken = blocked_i[b*32 +: 32];
            w[DONE] = 1'b1;
            w[WAITED +: 6] = sat({1'b0, w[WAITED +: 6]} + {1'b0, warpref_rtl_pkg::popcount(woken)});
            arrived_o[b*32 +: 32] = arrived_o[b*32 +: 32] & ~woken;
            blocked_o[b*32 +: 32] = 32'd0;
            release_o[b] = 1'b1;
            done = w[WAITED +: 6] >= w[CONS +: 6] || bug_i[warpref_rtl_pkg::BUG_VISA_FREE_AT_COMPLETE];
          end
        end else if (!w[DONE]) begin
          // a consumer waits for its phase
          block_o = 1'b1;
          blocked_o[b*32 +: 32] = blocked_i[b*32 +: 32] | me;
        end else begin
          // the phase is complete: the wait completes; the last one frees the
          // barrier and wakes the stalled signallers (release:B:W.. if any)
          waited = sat({1'b0, w[WAITED +: 6]} + {6'd0, !bug_i[warpref_rtl_pkg::BUG_VISA_WAIT_NOT_COUNTED]});
          w[WAITED +: 6] = waited;
          arrived_o[b*32 +: 32] = arrived_i[b*32 +: 32] & ~me;
          arrive_o = 1'b1;
          changed_o[b] = 1'b1;
          if (waited >= w[CONS +: 6]) begin
            done = 1'b1;
            woken = blocked_i[b*32 +: 32];
            blocked_o[b*32 +: 32] = blocked_i[b*32 +: 32] & ~woken;
            release_o[b] = woken != 32'd0;
          end
        end
        // V-03: every consumer of the phase has waited: the barrier is free
        if (done) begin
          w = 32'd0;
          arrived_o[b*32 +: 32] = 32'd0;
        end
        word_o[b*32 +: 32] = w;
        /*verilator tracing_off*/
        for (int i = 0; i < NW; i++) wake_o[i] = woken[i];
        /*verilator tracing_on*/
      end
    end
  end

  logic unused;
  assign unused = ^{insn_i[127:109], insn_i[11:0], id[31:5], np[31:6], nc[31:6]};

endmodule
