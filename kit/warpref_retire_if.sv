// warpref_retire_if.sv - the integration kit's interface: every signal a
// design gives the lockstep checker (kit/warpref_checker.sv) and every
// signal the checker gives the design (docs/integrate.md has the checklist,
// the timing contract and a worked example).
//
// The checker samples every design-driven signal at the rising edge of clk,
// as it was before that edge (a registered port, as every flop samples it);
// it drives its own signals with non-blocking assignments at the edge.
//
// Parameters:
//   K     retire slots per cycle, 1..8: slot s reports the s-th warp
//         instruction the design retired in that cycle (slot order: the order
//         in which their effects apply; docs/integrate.md, "Several retires")
//   NW    warps the design holds, 1..32 (a program needing more is refused)
//   NBAR  barrier state words the design reports, 1..32 (native: 16)
//   DBG_REGS  registers the end-state read port gives per read, 1..256
//         (default 1: one register; NR: a warp's registers in one read,
//         docs/integrate.md, "The end of a run")
//
// Columns of each signal below: width | who drives it | required (R) or
// optional (O: the checker parameter that says it is not driven, in which
// case its field is not compared: docs/integrate.md, "Optional parts").
// Per-slot signals are packed [K-1:0][W-1:0]: with K = 1 a W-bit vector is
// assigned to them as it is.  Vectors of lanes/warps/barriers put element i
// at bits [i*W +: W].  Masks are 32-bit, lane l = bit l.
interface warpref_retire_if #(
  parameter int unsigned K = 1,
  parameter int unsigned NW = 32,
  parameter int unsigned NBAR = 16,
  parameter int unsigned DBG_REGS = 1
) (
  input logic clk                                    // the design's clock: the checker works at its rising edge
);
  // (which signals a design drives and reads depends on it and on the checker's parameters)
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  // ==== driven by the checker (the design reads them) ====
  chandle        h;                 // the checker's handle (warpref_dpi_new), set at time 0: a loader of
                                    // its own calls warpref_dpi_insn(rif.h, ...) with it
  logic          rst_n;             // active-low reset: low for the first RESET_CYCLES edges, then high
  logic          run;               // issue enable: high from the cycle after loading until the end
  logic [10:0]   cfg_threads;       // the CTA size in threads (1..1024), valid before rst_n rises
  logic [31:0]   cfg_ninsns;        // instructions in the program (fetch past them: FETCH_NO_INSN)
  // load port: one word per cycle, after rst_n has risen and before run rises
  logic          ld_imem_we;        // write instruction ld_imem_addr
  logic [31:0]   ld_imem_addr;      // instruction index (byte address 16*index)
  logic [127:0]  ld_imem_data;      // its 128-bit encoding (docs/encoding.md)
  logic          ld_cmem_we;        // write one 32-bit constant word
  logic [4:0]    ld_cmem_bank;      // constant bank
  logic [15:0]   ld_cmem_offset;    // byte offset in the bank (a multiple of 4)
  logic [31:0]   ld_cmem_data;      // the word
  // end-state read port (after run falls): the checker names a warp and a register, a new
  // pair at every edge (a multiple of DBG_REGS: the first of the DBG_REGS registers read)
  logic [4:0]    dbg_warp;
  logic [7:0]    dbg_reg;

  // ==== driven by the design ====
  // -- loading done by the design's own loader (checker parameter EXT_LOAD = 1) --
  logic          ld_done;           // 1 | R with EXT_LOAD: high once the memories hold the program

  // -- the retire port: slot s, one warp instruction retired --
  // Timing: rt_valid[s] high at an edge = slot s holds a record the checker
  // takes at that edge (one record per instruction, once).  The fields
  // "after" are the state right after this instruction (and the slots
  // before it in the same cycle), not later.
  logic [K-1:0]          rt_valid;       // 1    R  slot s holds a retired instruction
  logic [K-1:0][63:0]    rt_time;        // 64   R  issue time, in the unit NANOSLEEP counts (docs/integrate.md)
  logic [K-1:0][4:0]     rt_warp;        // 5    R  the warp, 0..NW-1
  logic [K-1:0][63:0]    rt_pc;          // 64   R  ActivePC at issue (bytes)
  logic [K-1:0][127:0]   rt_insn;        // 128  R  the instruction word executed
  logic [K-1:0][3:0]     rt_exc;         // 4    R  exception raised (N-37: wr_exception, up to 11), 0 none; with one, no other event
  // operands read (OPERANDS = 0: none of these is read, in.* and reads are not compared)
  logic [K-1:0][10:0]    rt_reads;       // 11   O  IN_* bits (warpref_pkg): the operands reported
  logic [K-1:0][31:0]    rt_pg, rt_pp;   // 32   O  Pg, Pp per lane before .not (PT: all ones)
  logic [K-1:0][2047:0]  rt_ra;          // 32x64 O Ra per lane (a pair: low | high << 32)
  logic [K-1:0][1023:0]  rt_rb, rt_rc;   // 32x32 O Rb, Rc per lane
  logic [K-1:0][1023:0]  rt_re;          // 32x32 O Re per lane (visa only; HAS_RE = 0: not read)
  logic [K-1:0][31:0]    rt_ra_undef, rt_rb_undef, rt_rc_undef;  // 32 O lanes holding undefined values
  logic [K-1:0][63:0]    rt_ur, rt_c;    // 64   O  uniform operand, constant operand
  // the warp after
  logic [K-1:0][63:0]    rt_apc;         // 64   R  ActivePC after
  logic [K-1:0][31:0]    rt_valid_mask, rt_active, rt_yield, rt_sleep, rt_switch;  // 32 R the five masks after
  logic [K-1:0][2047:0]  rt_rpc;         // 32x64 R RPC of every lane after
  logic [K-1:0][511:0]   rt_breg;        // 16x32 R B0..B15 after
  logic [K-1:0][31:0]    rt_wbs;         // 32   R  the warp's WarpBARState after
  logic [K-1:0]          rt_wbs_def;     // 1    R  ... and its defined bit
  logic [K-1:0][4:0]     rt_blocked_bar; // 5    R  the barrier it waits on (read when its run state is blocked)
  // writes
  logic [K-1:0][31:0]    rt_rd_we;       // 32   R  lanes of Rd written, 0: none
  logic [K-1:0][7:0]     rt_rd;          // 8    R  Rd (255 = RZ: dropped)
  logic [K-1:0]          rt_rd_pair;     // 1    R  a 64-bit write to R[d:d+1]
  logic [K-1:0][2047:0]  rt_rd_val;      // 32x64 O values per lane (a pair: Rd low, Rd+1 high; RD_VALUES = 0: not read)
  logic [K-1:0][63:0]    rt_rd_dc;       // 64   R  don't-care bits of every written value
  logic [K-1:0][31:0]    rt_rd_undef;    // 32   R  written lanes wholly undefined
  logic [K-1:0][31:0]    rt_pd_we;       // 32   R  predicate destination: lanes written, 0 none
  logic [K-1:0][2:0]     rt_pd;          // 3    R  Pd/Pu (7 = PT: dropped)
  logic [K-1:0][31:0]    rt_pd_val, rt_pd_undef;  // 32 R values, lanes written undefined
  logic [K-1:0]          rt_ur_we;       // 1    R  uniform destination written (UMOV)
  logic [K-1:0][5:0]     rt_urd;         // 6    R  URd (63 = URZ: dropped)
  logic [K-1:0][31:0]    rt_ur_val;      // 32   R  its value
  // the CTA after
  logic [K-1:0][NBAR-1:0]    rt_bar_changed;  // NBAR R barriers whose word this instruction wrote
  logic [K-1:0][NBAR*32-1:0] rt_bar_words;    // NBARx32 O every barrier's word after (CTA_WORDS = 0: not read)
  logic [K-1:0][NW*3-1:0]    rt_runs;         // NWx3 R every warp's run state after (RUN_*)
  logic [K-1:0][NW-1:0]      rt_wbs_we;       // NW  R  warps whose WarpBARState this instruction wrote
  logic [K-1:0][NW*32-1:0]   rt_wbs_all;      // NWx32 O every warp's WarpBARState after (CTA_WORDS = 0: not read)
  // events, one bit each (the checker packs them into EV_*)
  logic [K-1:0]          rt_ev_block, rt_ev_arrive;   // 1 R block:B / arrive:B ...
  logic [K-1:0][4:0]     rt_ev_bar;                   // 5 R ... and B
  logic [K-1:0]          rt_ev_exit;                  // 1 R the warp fully exited
  logic [K-1:0]          rt_ev_sleep;                 // 1 R the whole warp went to sleep
  logic [K-1:0]          rt_ev_trap;                  // 1 R TRAP ...
  logic [K-1:0][31:0]    rt_trap_idx;                 // 32 R ... its index
  logic [K-1:0]          rt_ev_syscall, rt_ev_rtt;    // 1 R
  logic [K-1:0]          rt_ev_warn;                  // 1 R a warning ...
  logic [K-1:0][15:0]    rt_warn;                     // 16 R ... its code (1: OPERAND_NOT_UNIFORM, 2: sass's
                                                      //   RESULT_NOT_READ); two: the first in 7:0, the second in 15:8
  logic [K-1:0]          rt_ev_wake;                  // 1 R first instruction since a sleep deadline woke the warp
  logic [K-1:0][NBAR-1:0]    rt_ev_release;           // NBAR R barriers this instruction completed
  logic [K-1:0][NBAR*32-1:0] rt_ev_woken;             // NBARx32 R per barrier released, the warps it woke

  // -- fetch faults (N-27): slot s, the design could not fetch for a warp --
  // A slot holds a fault or a retire, not both; the fault of slot s is
  // taken before the retire of slot s+1.
  logic [K-1:0]          ft_valid;       // 1    R  a fetch fault in slot s
  logic [K-1:0][63:0]    ft_time;        // 64   R  time of the attempted issue
  logic [K-1:0][4:0]     ft_warp;        // 5    R  the warp (now faulted)
  logic [K-1:0][63:0]    ft_pc;          // 64   R  its ActivePC
  logic [K-1:0]          ft_misaligned;  // 1    R  1: pc not a multiple of 16; 0: past the program

  // -- sleep deadlines that fired (N-23), taken before every slot of the edge --
  logic                  as_valid;       // 1    R  some deadline fired
  logic [63:0]           as_time;        // 64   R  when
  logic [NW-1:0]         as_fired;       // NW   R  warps whose deadline fired (SleepMask cleared)
  logic [NW-1:0]         as_woke;        // NW   R  ... of them, those it woke (asleep -> ready)

  // -- status: the current state (read every edge while running, and at the end) --
  logic [63:0]           st_now;         // 64   R  the design's time (compared with +max_cycles)
  logic [NW*3-1:0]       st_run;         // NWx3 R  every warp's run state
  logic                  st_stuck;       // 1    R  no warp can issue and none sleeps: the run is over
  logic [NW-1:0]         st_woke;        // NW   R  warps woken whose `wake` is not yet reported
  logic [NBAR*32-1:0]    st_bar_words;   // NBARx32 O every barrier's word (CTA_WORDS = 0: not read)

  // -- end-state read port: the warp dbg_warp, registers dbg_reg .. dbg_reg + DBG_REGS - 1, DBG_LATENCY
  //    edges after they were set (a pipeline: the values of the pair set DBG_LATENCY edges before) --
  logic [2:0]            dbg_run;        // 3    R  run state
  logic [63:0]           dbg_apc;        // 64   R  ActivePC
  logic [31:0]           dbg_valid, dbg_active, dbg_yield, dbg_sleep, dbg_switch;  // 32 R the five masks
  logic [511:0]          dbg_breg;       // 16x32 R B0..B15
  logic [DBG_REGS*1024-1:0] dbg_gpr;     // DBG_REGSx32x32 O register dbg_reg + i per lane at [i*1024 +: 1024],
                                         //   lane l at [i*1024 + l*32 +: 32]; past R(NR-1): any (FINAL_REGS = 0: not read)
  logic [DBG_REGS*32-1:0] dbg_gpr_undef; // DBG_REGSx32 O  their undefined lanes at [i*32 +: 32] (FINAL_UNDEF = 0: not read)
  logic [223:0]          dbg_pred;       // 7x32 O  P0..P6 as lane masks (FINAL_REGS = 0: not read)
  logic [223:0]          dbg_pred_undef; // 7x32 O  their undefined lanes (FINAL_UNDEF = 0: not read)
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
endinterface
