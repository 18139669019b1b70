// warpref_pkg.sv - the DPI-C boundary of the warpref reference model, for any
// DPI-capable simulator (docs/dpi.md).  The C side (warpref_dpi.c) is glue:
// it turns these arguments into the library's retire record and calls the
// library's lockstep checker (warpref/checker.h), which steps the model and
// compares.
//
// Call order: warpref_dpi_new -> (load the program from warpref_dpi_insn /
// warpref_dpi_const) -> per retired warp instruction warpref_dpi_retire (after
// warpref_dpi_retire_in/_rd/_cta when it uses their parts), per
// fetch fault warpref_dpi_fetch_fault, per wake no instruction caused
// warpref_dpi_wake -> warpref_dpi_final_warp for every warp, then
// warpref_dpi_final -> warpref_dpi_dump on a failure -> warpref_dpi_free.
// Every call that checks returns 0 (agrees), 1 (mismatch) or -1 (an error of
// the model or of the call); messages accumulate on the C side
// (warpref_dpi_messages).  The retire takes packed vectors (no open or
// unpacked arrays on the hot path: a simulator hands them over as words);
// the other calls fixed-size arrays.  Masks and lane sets are 32-bit, lane l =
// bit l.
package warpref_pkg;

  // The constants (LANES, OPERANDS_*, IN_*, EV_*, RUN_*, FETCH_*), generated from the
  // model's enums by `warpref encoding --sv-dpi` (the `svpkg` test fails when the file
  // is stale): the compiler needs dpi/ among its include directories (-I).
  `include "warpref_pkg_consts.svh"

  // ---- construction ------------------------------------------------------------
  // prog: a .s file (the library has no program generator yet).  threads 0:
  // the program's .threads, else 32.  ignore: compare fields to skip ("switch,rpc");
  // mask: "FIELD:MASK,..." bits compared.  A wake up to wake_early cycles before the
  // model's deadline (or up to wake_late after it; -1: any) is accepted.
  // Returns null on an error: warpref_dpi_messages(null) says why.
  import "DPI-C" function chandle warpref_dpi_new(input string prog, input int threads,
      input int operand_mode, input string ignore, input string mask, input int max_mismatches,
      input longint wake_early, input longint wake_late);
  import "DPI-C" function void warpref_dpi_free(input chandle h);
  import "DPI-C" function string warpref_dpi_messages(input chandle h);
  import "DPI-C" function string warpref_dpi_summary(input chandle h);

  // ---- the program, for loading the RTL's memories --------------------------------
  import "DPI-C" function int warpref_dpi_threads(input chandle h);
  import "DPI-C" function int warpref_dpi_ninsns(input chandle h);
  import "DPI-C" function void warpref_dpi_insn(input chandle h, input int i, output bit [127:0] word);
  import "DPI-C" function int warpref_dpi_nconsts(input chandle h);
  // R0..R(n-1): the registers the program can name (an RTL keeping fewer cannot run it)
  import "DPI-C" function int warpref_dpi_nregs(input chandle h);
  import "DPI-C" function void warpref_dpi_const(input chandle h, input int i, output int bank,
      output int offset, output int unsigned value);

  // ---- one call per retired warp instruction -----------------------------------------
  // A retire is warpref_dpi_retire, preceded by the calls giving the wide parts it uses
  // (each only when it is used, so a simulator copies no vector a record does not need):
  //   warpref_dpi_retire_in   when reads has IN_RA, IN_RB, IN_RC or IN_RE: Ra, Rb, Rc, Re per
  //                           lane (Re: visa's NBARRIER.signal with four registers);
  //   warpref_dpi_retire_rd   when rd_lanes != 0: the value written per lane;
  //   warpref_dpi_retire_cta  when bar_changed, wbs_we or released != 0: every barrier's
  //                           word, every warp's WarpBARState, the warps each barrier woke.
  // A retire that uses a part not given since the previous retire is an error of the
  // call (-1, with a message); a part given and not used is ignored.
  // Vectors are packed, element i in bits [i*W +: W]: W = 64 for ra, rpc, rd_val (lane
  // values, 64-bit pairs), 32 for rb, rc, re, breg, bar_words, wbs_all, woken, 3 for runs.
  import "DPI-C" function void warpref_dpi_retire_in(input chandle h, input bit [32*64-1:0] ra,
      input bit [32*32-1:0] rb, input bit [32*32-1:0] rc, input bit [32*32-1:0] re);
  import "DPI-C" function void warpref_dpi_retire_rd(input chandle h, input bit [32*64-1:0] rd_val);
  import "DPI-C" function void warpref_dpi_retire_cta(input chandle h, input bit [32*32-1:0] bar_words,
      input bit [32*32-1:0] wbs_all, input bit [32*32-1:0] woken);
  // what retired: cycle (issue), warp, pc, word, exception (0 none);
  // operands read: reads (IN_* bits), pg, pp, ur, c, and the lanes of Ra, Rb, Rc whose
  //   value is undefined;
  // the warp after: active_pc, the masks valid, active, yield, sleep, switch, rpc, B0..B15,
  //   WarpBARState and its defined bit, run state, barrier waited on;
  // writes: Rd (lanes, index, pair, don't-care bits for every lane, undefined lanes),
  //   Pd (lanes, index, values, undefined lanes), URd (we, index, value);
  // the CTA after: barriers whose word this instruction wrote (bit per barrier), every
  //   warp's run state, and the warps whose WarpBARState this instruction wrote (wbs_we,
  //   bit per warp: a reduction's result delivered, R2B.WARP; also when the value written
  //   equals the old one);
  // events: ev (EV_* bits), the barrier of block/arrive, the warning code (a second
  //   warning's code in bits 15:8: sass RESULT_NOT_READ then OPERAND_NOT_UNIFORM), barriers
  //   released (bit per barrier), the trap index.
  import "DPI-C" function int warpref_dpi_retire(input chandle h, input longint unsigned cycle,
      input int unsigned warp, input longint unsigned pc, input bit [127:0] insn, input int unsigned exc,
      input int unsigned reads, input int unsigned pg, input int unsigned pp,
      input longint unsigned ur, input longint unsigned c,
      input int unsigned ra_undef, input int unsigned rb_undef, input int unsigned rc_undef,
      input longint unsigned active_pc, input int unsigned valid, input int unsigned active,
      input int unsigned yield, input int unsigned sleep, input int unsigned swtch,
      input bit [32*64-1:0] rpc, input bit [16*32-1:0] breg, input int unsigned wbs, input int unsigned wbs_def,
      input int unsigned run, input int unsigned blocked_bar,
      input int unsigned rd_lanes, input int unsigned rd, input int unsigned rd_pair,
      input longint unsigned rd_dc, input int unsigned rd_undef,
      input int unsigned pd_lanes, input int unsigned pd, input int unsigned pd_val, input int unsigned pd_undef,
      input int unsigned ur_we, input int unsigned urd, input int unsigned ur_val,
      input int unsigned bar_changed, input bit [32*3-1:0] runs, input int unsigned wbs_we,
      input int unsigned ev, input int unsigned ev_bar, input int unsigned warn,
      input int unsigned released, input int unsigned trap_idx);

  // ---- state changes no instruction caused --------------------------------------------
  import "DPI-C" function int warpref_dpi_fetch_fault(input chandle h, input longint unsigned cycle,
      input int unsigned warp, input longint unsigned pc, input int unsigned why);
  // a sleep deadline fired; woke: it woke the warp (asleep -> ready: 1) or only cleared
  // its SleepMask (0), compared with the model
  import "DPI-C" function int warpref_dpi_wake(input chandle h, input longint unsigned cycle,
      input int unsigned warp, input int unsigned woke);

  // ---- what the testbench finds itself ---------------------------------------------------
  // the warps the model has ready (bit per warp): a testbench's watchdog asks before it
  // calls a long silence a hang
  import "DPI-C" function int unsigned warpref_dpi_ready(input chandle h);
  // how the program ends under the model's own scheduler (N-50, N-55) within max_steps
  // instructions (0: 1000000): "done", "deadlock", "livelock", "exception", "limit" or
  // "error"; a testbench stopped by its cycle limit asks whether the program is a livelock
  // hazard (SPEC-NOTES section 9)
  import "DPI-C" function string warpref_dpi_own_end(input chandle h, input longint unsigned max_steps);
  // the design's clock (docs/lockstep.md, "Time"): claim "order", "cycles" or "n50" (""
  // keeps the one set before; none: order) and step, the most its time advances in one
  // edge (0: edges not judged).  Returns the claim (0 order, 1 cycles, 2 n50) or -1 with a
  // message (warpref_dpi_messages: "+time: ...")
  import "DPI-C" function int warpref_dpi_time(input chandle h, input string claim, input longint unsigned step);
  // over one edge of the running design its time went from `from` to `to`, not by exactly
  // the step: back fails, a leap is judged as N-50's jump when the records before it are in,
  // under "cycles" any other step fails; returns 0, or 1 when it failed (as warpref_dpi_fail)
  import "DPI-C" function int warpref_dpi_clock(input chandle h, input longint unsigned from,
      input longint unsigned to);
  // a failure no record shows ("hang: no retire for N cycles ... [N-50]"): counted, dumped
  // and reported like a mismatch; returns 1
  import "DPI-C" function int warpref_dpi_fail(input chandle h, input longint unsigned cycle,
      input string line);

  // ---- the end -------------------------------------------------------------------------
  // each warp's end state (registers R0..R(nregs-1): regs[r*32 + lane], nregs <= 256 fits
  // the 8192-entry array; predicates P0..P6 as lane masks), then the end: how the run
  // ended (end_reason: done, deadlock, livelock, exception or limit; the model must end
  // the same way), the warps woken whose `wake` is not yet reported (bit per warp), the
  // barrier words
  import "DPI-C" function void warpref_dpi_final_warp(input chandle h, input int unsigned warp,
      input int unsigned run, input longint unsigned active_pc, input int unsigned masks[5],
      input int unsigned breg[16], input int unsigned nregs, input int unsigned regs[8192],
      input int unsigned preds[7]);
  import "DPI-C" function int warpref_dpi_final(input chandle h, input longint unsigned cycle,
      input string end_reason, input int unsigned woke, input int unsigned bar_words[32]);
  // the RTL's undefined-lane marks at the end (SPEC-NOTES section 5), per warp, before
  // warpref_dpi_final: regs_undef[r] the lanes of Rr (r < nregs) it holds undefined,
  // preds_undef[p] those of Pp.  warpref_dpi_final then fails a lane the RTL calls
  // undefined where the model's value is defined; without this call the marks are not
  // compared
  import "DPI-C" function void warpref_dpi_final_undef(input chandle h, input int unsigned warp,
      input int unsigned nregs, input int unsigned regs_undef[256], input int unsigned preds_undef[7]);
  // counters: which = 0 retired, 1 compared, 2 mismatched, 3 wakes, 4 adopted (register lanes
  // the model leaves undefined that the RTL defined: its value was taken, SPEC-NOTES section 5)
  import "DPI-C" function longint unsigned warpref_dpi_count(input chandle h, input int which);
  import "DPI-C" function int warpref_dpi_stopped(input chandle h);
  // base.txt and base.json; test, seed, waves, reproduce describe the run
  import "DPI-C" function int warpref_dpi_dump(input chandle h, input string base, input string test,
      input string seed, input string waves, input string reproduce);
  // one line for scripts: {"status":...,"retired":...} written atomically to path
  import "DPI-C" function int warpref_dpi_result(input chandle h, input string path, input string status,
      input longint unsigned cycles, input string end_reason);
  // end the process with this exit status (stdout flushed): an SV testbench's
  // non-zero status without $fatal's abort; never import libc's exit itself
  // (its declaration clashes with <stdlib.h> in the simulator's C++)
  import "DPI-C" function void warpref_dpi_exit(input int status);
  // the exit status the process ends with when it ends normally later: after $finish,
  // the final blocks and the closing of the wave file (which warpref_dpi_exit skips)
  import "DPI-C" function void warpref_dpi_exit_at_end(input int status);


  // ---- the RTL's own trace (docs/replay.md) ---------------------------------------------
  // write every record the RTL reports, before it is checked, to path (.wtb: binary,
  // else JSONL), with its operands; 0, or -1 with the reason in warpref_dpi_messages
  import "DPI-C" function int warpref_dpi_trace(input chandle h, input string path);
  // end the trace: the final record (the end state of warpref_dpi_final_warp/_final) when
  // end_reason is done, deadlock, livelock, exception or limit; none otherwise; closes it
  import "DPI-C" function int warpref_dpi_trace_end(input chandle h, input string end_reason,
      input longint unsigned t);

endpackage
