// warpref_rtl_pkg.sv - shared constants and helpers of the RTL stub (the
// BRU of seed 003 and the barrier unit of each profile, seeds 000, 001, 002 and 004,
// as SPEC-NOTES reads them).
//
// Written for Verilator and Yosys 0.23: localparams and functions only
// (no enum, no struct, no `return`); use warpref_rtl_pkg::NAME.
/* verilator lint_off UNUSEDPARAM */
package warpref_rtl_pkg;

  localparam int unsigned LANES = 32;
  localparam int unsigned NBAR = 16;          // barriers per CTA (native)
  localparam int unsigned NBREG = 16;         // B0..B15
  localparam int unsigned NPRED = 7;          // P0..P6 (PT = 7)
  localparam int unsigned NUREG = 63;         // UR0..UR62 (URZ = 63)

  // warp run states (SPEC-NOTES section 2; trace names in the same order)
  localparam logic [2:0] RUN_READY   = 3'd0;
  localparam logic [2:0] RUN_BLOCKED = 3'd1;
  localparam logic [2:0] RUN_ASLEEP  = 3'd2;
  localparam logic [2:0] RUN_EXITED  = 3'd3;
  localparam logic [2:0] RUN_TRAPPED = 3'd4;
  localparam logic [2:0] RUN_FAULTED = 3'd5;

  // exception codes (N-37), trace names in the same order
  localparam logic [3:0] EXC_NONE                    = 4'd0;
  localparam logic [3:0] EXC_BAR_CNT_ALIGN           = 4'd1;
  localparam logic [3:0] EXC_BAR_ARV_ZERO_CNT        = 4'd2;
  localparam logic [3:0] EXC_BAR_MODE_MISMATCH       = 4'd3;
  localparam logic [3:0] EXC_BAR_PARAM_MISMATCH      = 4'd4;
  localparam logic [3:0] EXC_ILLEGAL_ENCODING        = 4'd5;
  localparam logic [3:0] EXC_WARPSYNC_NOT_MEMBER     = 4'd6;
  localparam logic [3:0] EXC_WARPSYNC_GROUP_MISMATCH = 4'd7;
  localparam logic [3:0] EXC_ILLEGAL_INSTR_ENCODING  = 4'd8;   // sass S-06
  localparam logic [3:0] EXC_UNPREDICTABLE           = 4'd9;   // sass S-07
  localparam logic [3:0] EXC_ALIGNED_DIVERGENT       = 4'd10;  // ptx P-04, P-09
  localparam logic [3:0] EXC_NBAR_WAIT_NOT_CONSUMER  = 4'd11;  // visa V-08 (10: ptx's ALIGNED_DIVERGENT)

  // barrier state word (N-38)
  localparam int unsigned BW_ARRIVED_LSB = 0;   // 5:0
  localparam int unsigned BW_EXPECT_LSB  = 6;   // 12:6
  localparam int unsigned BW_MODE_LSB    = 13;  // 14:13
  localparam int unsigned BW_OP_LSB      = 15;  // 16:15
  localparam int unsigned BW_ACC_LSB     = 17;  // 27:17
  localparam int unsigned BW_DEFINED     = 28;
  localparam logic [1:0] BMODE_IDLE = 2'd0;
  localparam logic [1:0] BMODE_SYNC = 2'd1;
  localparam logic [1:0] BMODE_RED  = 2'd2;
  localparam logic [1:0] REDOP_AND  = 2'd0;
  localparam logic [1:0] REDOP_OR   = 2'd1;
  localparam logic [1:0] REDOP_POPC = 2'd2;
  localparam logic [1:0] REDOP_SCAN = 2'd3;   // sass: a BAR.SCAN phase (S-11)

  // profiles (SPEC-NOTES section 8; warpref_core's PROFILE, warpref_isa_pkg::PROFILE_*):
  // every port carries NBAR_MAX barriers with BAR_ID_W-bit ids; a profile uses
  // nbars(PROFILE) of them (native 16, sass 17: SYNCALL's is 16, S-15; visa 32, V-01)
  localparam int unsigned NBAR_MAX = 32;
  localparam int unsigned BAR_ID_W = 5;
  localparam logic [4:0] SYNCALL_BAR = 5'd16;

  // operands read (same bits as the model's WR_IN_*: TRACE-FORMAT `in`)
  localparam int unsigned IN_PG = 0, IN_PP = 1, IN_RA = 2, IN_RB = 3, IN_RC = 4,
                          IN_UR = 5, IN_C = 6, IN_RA64 = 7, IN_UR64 = 8, IN_C64 = 9, IN_RE = 10;
  localparam int unsigned NREADS = 11;        // the read set's width

  // ---- injectable bugs (docs/bugs.md): bit i of bug_i enables bug i ----
  localparam int unsigned NBUGS = 52;
  localparam int unsigned BUG_BRA_U_ANY            = 0;
  localparam int unsigned BUG_BRA_DIV_ACTIVE       = 1;
  localparam int unsigned BUG_BRX_ZERO_EXTEND      = 2;
  localparam int unsigned BUG_CALL_REL_FROM_PC     = 3;
  localparam int unsigned BUG_RET_NO_OFFSET        = 4;
  localparam int unsigned BUG_EXIT_PARTIAL_VALID   = 5;
  localparam int unsigned BUG_EXIT_SWITCH_YIELDED  = 6;
  localparam int unsigned BUG_BSSY_OVERWRITE       = 7;
  localparam int unsigned BUG_BSYNC_NO_WRITEBACK   = 8;
  localparam int unsigned BUG_BSYNC_YIELD_KEEP     = 9;
  localparam int unsigned BUG_BSYNC_HIGHEST        = 10;
  localparam int unsigned BUG_YIELD_NO_SWITCHMASK  = 11;
  localparam int unsigned BUG_WARPSYNC_NO_VALID    = 12;
  localparam int unsigned BUG_WARPSYNC_R_ALL_VALID = 13;
  localparam int unsigned BUG_NANOSLEEP_LATE       = 14;
  localparam int unsigned BUG_BREAK_CLEARS_ALL     = 15;
  localparam int unsigned BUG_BMOV_HIGHEST         = 16;
  localparam int unsigned BUG_BAR_EXIT_NO_RECHECK  = 17;
  localparam int unsigned BUG_BAR_NO_RESET         = 18;
  localparam int unsigned BUG_RED_AND_INIT0        = 19;
  localparam int unsigned BUG_RED_IGNORES_PP  = 20;
  localparam int unsigned BUG_RED_OR_AS_AND        = 21;
  localparam int unsigned BUG_R2B_KEEP_TOP         = 22;
  localparam int unsigned BUG_RF_IGNORE_GUARD      = 23;
  localparam int unsigned BUG_BAR_COUNT_LATE       = 24;
  localparam int unsigned BUG_RESULT_PU_INVERTED   = 25;
  localparam int unsigned BUG_READS_NO_UNIFORM     = 26;
  localparam int unsigned BUG_RF_STALE_UNDEF       = 27;
  localparam int unsigned BUG_STUCK_WHILE_ASLEEP   = 28;
  localparam int unsigned BUG_WAKE_EVENT_LOST      = 29;
  localparam int unsigned BUG_LEGAL_FORM_ONLY      = 30;
  localparam int unsigned BUG_PAIR_HIGH_DROPPED    = 31;
  // sass (PROFILE_SASS builds only; docs/bugs.md, section sass)
  localparam int unsigned BUG_SASS_SCAN_WAITS      = 32;
  localparam int unsigned BUG_SASS_SYNCALL_USER    = 33;
  localparam int unsigned BUG_SASS_BAR16_ALIAS     = 34;
  localparam int unsigned BUG_SASS_RTT_STAYS       = 35;
  localparam int unsigned BUG_SASS_RESULT_RAW      = 36;
  // visa (PROFILE_VISA builds only; docs/bugs.md, section visa)
  localparam int unsigned BUG_VISA_CONSUMER_PRODUCES = 37;
  localparam int unsigned BUG_VISA_ID_ALIAS16        = 38;
  localparam int unsigned BUG_VISA_COMPLETE_EITHER   = 39;
  localparam int unsigned BUG_VISA_FREE_AT_COMPLETE  = 40;
  localparam int unsigned BUG_VISA_WAIT_NOT_COUNTED  = 41;
  localparam int unsigned BUG_VISA_NC_IS_NP          = 42;
  // the two-issue variant (warpref_dual.sv only; docs/bugs.md, section two-issue)
  localparam int unsigned BUG_DUAL_BAR_SWAP        = 43;
  // ptx (PROFILE_PTX builds only; docs/bugs.md, section ptx)
  localparam int unsigned BUG_PTX_ALIGNED_EXITED   = 44;
  localparam int unsigned BUG_PTX_GATHER_EACH      = 45;
  localparam int unsigned BUG_PTX_NO_MOVE_PAST     = 46;
  localparam int unsigned BUG_PTX_RED_EARLY        = 47;
  localparam int unsigned BUG_PTX_INPUT_LOST       = 48;
  // the generator's stimulus of issue 21 item 5 (ptx, visa builds only)
  localparam int unsigned BUG_PTX_ALIGNED_GATHERS  = 49;
  localparam int unsigned BUG_VISA_SIGNAL_NO_STALL = 50;
  // a stray write no retire reports: only the end-state compare sees it
  localparam int unsigned BUG_EXIT_CLEARS_R0       = 51;

  function automatic int unsigned nbars(input int unsigned profile);
    nbars = profile == warpref_isa_pkg::PROFILE_SASS ? 17 : profile == warpref_isa_pkg::PROFILE_VISA ? 32 : 16;
  endfunction

  // lowest(m): index of the lowest set bit of a non-zero mask (N-01)
  function automatic logic [4:0] lowest(input logic [31:0] m);
    logic [4:0] r;
    r = 5'd0;
    for (int i = 31; i >= 0; i--) begin
      if (m[i]) r = 5'(i);
    end
    lowest = r;
  endfunction

  // highest set bit (only for injected bugs)
  function automatic logic [4:0] highest(input logic [31:0] m);
    logic [4:0] r;
    r = 5'd0;
    for (int i = 0; i < 32; i++) begin
      if (m[i]) r = 5'(i);
    end
    highest = r;
  endfunction

  function automatic logic [5:0] popcount(input logic [31:0] m);
    logic [5:0] c;
    c = 6'd0;
    for (int i = 0; i < 32; i++) c = c + {5'd0, m[i]};
    popcount = c;
  endfunction

  // lanes whose 64-bit RPC equals pc
  function automatic logic [31:0] rpc_eq(input logic [32*64-1:0] rpc, input logic [63:0] pc);
    logic [31:0] m;
    for (int l = 0; l < 32; l++) m[l] = rpc[l*64 +: 64] == pc;
    rpc_eq = m;
  endfunction

  // RPC[lanes of m] = pc
  function automatic logic [32*64-1:0] set_rpc(input logic [32*64-1:0] rpc, input logic [31:0] m,
                                               input logic [63:0] pc);
    logic [32*64-1:0] r;
    r = rpc;
    for (int l = 0; l < 32; l++) begin
      if (m[l]) r[l*64 +: 64] = pc;
    end
    set_rpc = r;
  endfunction

  // instruction latency in cycles for the stub's own scheduler (not N-50)
  function automatic logic [2:0] latency(input logic [7:0] optype);
    logic [2:0] n;
    unique case (optype)
      warpref_isa_pkg::OPT_BAR, warpref_isa_pkg::OPT_BAR_RED:     n = 3'd3;
      warpref_isa_pkg::OPT_LDC:                                   n = 3'd3;
      warpref_isa_pkg::OPT_BRX, warpref_isa_pkg::OPT_CALL,
      warpref_isa_pkg::OPT_RET, warpref_isa_pkg::OPT_BSYNC,
      warpref_isa_pkg::OPT_WARPSYNC, warpref_isa_pkg::OPT_YIELD,
      warpref_isa_pkg::OPT_NANOSLEEP, warpref_isa_pkg::OPT_B2R,
      warpref_isa_pkg::OPT_B2R_RESULT, warpref_isa_pkg::OPT_R2B:  n = 3'd2;
      default:                                                    n = 3'd1;
    endcase
    latency = n;
  endfunction

endpackage
/* verilator lint_on UNUSEDPARAM */
