// warpref_pkg_consts.svh - generated from the model's enums (model/include/warpref/model.h,
// retire.h) by `warpref encoding --sv-dpi` (wr_checker_write_sv_consts,
// model/src/check/svconsts.c); do not edit by hand.  dpi/warpref_pkg.sv includes it
// inside package warpref_pkg (warpref_pkg::NAME); the C side of the DPI
// (dpi/warpref_dpi.c) reads the same enums by name.
// A testbench uses some of the names only.
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned LANES = 32;

  // operand_mode of warpref_dpi_new (WR_OPERAND_MODES)
  localparam int OPERANDS_SELF    = 0;   // self: the model's own registers: wr_regfile_read/apply
  localparam int OPERANDS_DRIVEN  = 1;   // driven: values read by the RTL, trusted (replay, lockstep in a full GPU)

  // `reads` bits: which operands the RTL reports (WR_IN_BITS)
  localparam int unsigned IN_PG            = 1 << 0;   // Pg
  localparam int unsigned IN_PP            = 1 << 1;   // Pp
  localparam int unsigned IN_RA            = 1 << 2;   // GPR a
  localparam int unsigned IN_RB            = 1 << 3;   // GPR b
  localparam int unsigned IN_RC            = 1 << 4;   // GPR c
  localparam int unsigned IN_UR            = 1 << 5;   // the uniform register
  localparam int unsigned IN_C             = 1 << 6;   // the constant operand
  localparam int unsigned IN_RA64          = 1 << 7;   // RA is a 64-bit pair
  localparam int unsigned IN_UR64          = 1 << 8;   // UR is a 64-bit pair
  localparam int unsigned IN_C64           = 1 << 9;   // C is a 64-bit constant
  localparam int unsigned IN_RE            = 1 << 10;   // GPR e (RE: visa's NBARRIER.signal with four registers)
  localparam int unsigned IN_GPRS          = 'h41c;   // the GPR operands, whose values warpref_dpi_retire_in carries (KIND GPR)

  // `ev` bits of a retire (WR_PORT_EVENTS)
  localparam int unsigned EV_BLOCK         = 1 << 0;   // the warp blocked on barrier ev_bar (N-35)
  localparam int unsigned EV_ARRIVE        = 1 << 1;   // the warp arrived at barrier ev_bar without waiting
  localparam int unsigned EV_EXIT          = 1 << 2;   // the warp fully exited (N-18)
  localparam int unsigned EV_SLEEP         = 1 << 3;   // the whole warp went to sleep (N-23)
  localparam int unsigned EV_TRAP          = 1 << 4;   // TRAP with index trap_idx (N-26)
  localparam int unsigned EV_SYSCALL       = 1 << 5;   // SYSCALL (N-26)
  localparam int unsigned EV_RTT           = 1 << 6;   // RTT (N-26)
  localparam int unsigned EV_WARNING       = 1 << 7;   // a warning, code warn (N-30, N-37)
  localparam int unsigned EV_WAKE          = 1 << 8;   // the warp's sleep deadline woke it (asleep -> ready) and this is its first instruction since: the trace's `wake`, compared with the model's

  // run states (SPEC-NOTES section 2, WR_RUN_STATES)
  localparam int unsigned RUN_READY        = 0;   // ready: may issue
  localparam int unsigned RUN_BLOCKED      = 1;   // blocked: waiting on barrier blocked_bar (N-35)
  localparam int unsigned RUN_ASLEEP       = 2;   // asleep: whole warp asleep until its deadline (N-23)
  localparam int unsigned RUN_EXITED       = 3;   // exited: ValidMask == 0 (N-18)
  localparam int unsigned RUN_TRAPPED      = 4;   // trapped: TRAP/SYSCALL/RTT executed (N-26)
  localparam int unsigned RUN_FAULTED      = 5;   // faulted: took an architectural exception (N-37) or a fetch fault (N-27)

  // `why` of warpref_dpi_fetch_fault (N-27, WR_FETCH_FAULTS)
  localparam int unsigned FETCH_NO_INSN    = 1;   // no instruction at pc: ActivePC past the end of the program
  localparam int unsigned FETCH_MISALIGNED = 2;   // misaligned pc: ActivePC not a multiple of 16

  // `which` of warpref_dpi_count (WR_CHECKER_COUNTS)
  localparam int COUNT_RETIRED    = 0;   // records reported by the other side
  localparam int COUNT_COMPARED   = 1;   // records checked by the model
  localparam int COUNT_MISMATCHED = 2;   // failing checks
  localparam int COUNT_WAKES      = 3;   // asynchronous wakes applied
  localparam int COUNT_ADOPTED    = 4;   // register lanes the model's step left undefined and the other side defined: the model took the other's value (SPEC-NOTES section 5: allowed, counted)

  // the trace's names (TRACE-FORMAT): a warp's state, `exception:NAME`,
  // `warning:NAME`, a fetch fault's `what`; "?" for a code with none
  function automatic string run_name(input int unsigned code);
    case (code)
      0: run_name = "ready";
      1: run_name = "blocked";
      2: run_name = "asleep";
      3: run_name = "exited";
      4: run_name = "trapped";
      5: run_name = "faulted";
      default: run_name = "?";
    endcase
  endfunction
  function automatic string exception_name(input int unsigned code);
    case (code)
      0: exception_name = "NONE";
      1: exception_name = "BAR_CNT_ALIGN";
      2: exception_name = "BAR_ARV_ZERO_CNT";
      3: exception_name = "BAR_MODE_MISMATCH";
      4: exception_name = "BAR_PARAM_MISMATCH";
      5: exception_name = "ILLEGAL_ENCODING";
      6: exception_name = "WARPSYNC_NOT_MEMBER";
      7: exception_name = "WARPSYNC_GROUP_MISMATCH";
      8: exception_name = "ILLEGAL_INSTR_ENCODING";
      9: exception_name = "UNPREDICTABLE";
      10: exception_name = "ALIGNED_DIVERGENT";
      11: exception_name = "NBAR_WAIT_NOT_CONSUMER";
      default: exception_name = "?";
    endcase
  endfunction
  function automatic string warning_name(input int unsigned code);
    case (code)
      0: warning_name = "NONE";
      1: warning_name = "OPERAND_NOT_UNIFORM";
      2: warning_name = "RESULT_NOT_READ";
      default: warning_name = "?";
    endcase
  endfunction
  function automatic string fetch_what(input int unsigned why);
    case (why)
      1: fetch_what = "no instruction at pc";
      2: fetch_what = "misaligned pc";
      default: fetch_what = "?";
    endcase
  endfunction
  /* verilator lint_on UNUSEDPARAM */
