// warpref_checker.sv - the integration kit's lockstep checker: it owns the
// model's handle and makes every DPI call of dpi/warpref_pkg.sv in the
// order docs/dpi.md gives, from what a design reports on the interface
// kit/warpref_retire_if.sv.  docs/integrate.md is the step-by-step.
//
// One process at the rising edge of rif.clk, in phases:
//   reset   rst_n low for RESET_CYCLES edges (cfg_threads and cfg_ninsns valid)
//   load    after reset: the program's words and constants through the load
//           port, one a cycle (EXT_LOAD = 1: the design's own loader, the
//           checker waits for ld_done)
//   run     run high; per edge: the deadlines that fired (as_*), then slot
//           0..K-1 (its fetch fault, then its retire: the wide parts first);
//           the end is found from the records and the status port
//   stop    run low; STOP_CYCLES more edges of records (the last instruction)
//   final   each warp's end state through the end-state read port
//           (warpref_dpi_final_warp, _final_undef), then warpref_dpi_final
//   end     dump (on a failure), result file, trace end, summary,
//           `N passed, N failed`, $finish with the exit status (0 pass, 1
//           fail, 2 a pass whose result file or trace was not written;
//           bad plusargs: 2 at once, warpref_dpi_exit)
//
// Plusargs (docs/integrate.md): +program=FILE.s or +words=FILE, +threads=N,
// +operands=self|rtl, +ignore=, +mask=, +max_mismatches=N, +max_cycles=N,
// +watchdog=N, +wake_early=N, +wake_late=N|any, +time=order|cycles|n50,
// +dump=BASE, +result=FILE, +seed=, +test=, +trace=FILE, +waves=FILE (with
// WAVES = 1).
//
// The design's time (st_now) is watched every running edge (docs/integrate.md,
// "Time"): it never goes back, moves at most TIME_STEP an edge outside N-50's
// jump (judged by the model: no warp ready, to the earliest asleep deadline),
// and never stands still for +watchdog edges; +time=cycles: exactly TIME_STEP
// every edge; +time=n50: every record's t is N-50's.
//
// Optional parts the design does not drive (parameters = 0) are not
// compared, through the compare controls, and the summary says so
// ("not compared: ..."); they are never taken as zero.
//
// A host of your own (compiled with WARPREF_CHECKER_HOST defined: Verilator
// +define+WARPREF_CHECKER_HOST): a C/C++ main that owns the session makes the
// handle and reads the plusargs itself, and this module makes the same calls
// in the same order on it, asking and telling the host through four DPI
// functions the host defines (docs/integrate.md, "A host of your own"; the
// project's tb_lockstep is one: tb/lockstep/tb_main.cpp):
//   warpref_host_config     at time 0: the handle, +max_cycles, +watchdog,
//                           +check (0: no DPI call at all), the waves window
//   warpref_host_failed_at  the first failure: the edge count of the failing ports
//   warpref_host_waves      the design's time reached the waves window
//   warpref_host_finish     the end (instead of the dump, result file, summary
//                           and exit status here); then $finish
module warpref_checker #(
  parameter string NAME = "warpref_checker",  // the first word of every line it prints
  // what the design drives (docs/integrate.md, "Optional parts")
  parameter bit OPERANDS = 1'b1,              // rt_reads, rt_pg .. rt_c, the operand values and marks
  parameter bit HAS_RE = 1'b0,                // rt_re (visa's fourth register operand)
  parameter bit RD_VALUES = 1'b1,             // rt_rd_val
  parameter bit CTA_WORDS = 1'b1,             // rt_bar_words, rt_wbs_all, st_bar_words
  parameter bit FINAL_REGS = 1'b1,            // dbg_gpr, dbg_pred
  parameter bit FINAL_UNDEF = 1'b1,           // dbg_gpr_undef, dbg_pred_undef
  parameter bit STRICT_UNDEF = 1'b0,          // 1: a lane the model leaves undefined must be marked
                                              // undefined by the design too (row undef); 0: the
                                              // design may give it any value (SPEC-NOTES section 5)
  // what the design holds (a program that does not fit is refused, exit 2; with a host, by the host)
`ifdef WARPREF_CHECKER_HOST
  /* verilator lint_off UNUSEDPARAM */
`endif
  parameter int unsigned NR = 256,            // GPRs per lane
  parameter int unsigned MAX_INSNS = 0,       // instructions (0: no limit)
  parameter int unsigned MAX_CONSTS = 0,      // constant words (0: no limit)
  // timing
  parameter bit EXT_LOAD = 1'b0,              // 1: the design loads itself, then raises ld_done
  parameter int unsigned RESET_CYCLES = 2,    // edges with rst_n low
  parameter int unsigned STOP_CYCLES = 1,     // edges after run falls whose records are still taken
  parameter int unsigned DBG_LATENCY = 1,     // edges from dbg_warp/dbg_reg to their values
  parameter int unsigned DRAIN = 8,           // edges run after a mismatch (for the waves)
  parameter longint unsigned TIME_STEP = 1,   // the most st_now advances in one edge outside N-50's
                                              // jump (0: the edges' time not judged)
  parameter bit WAVES = 1'b0                  // +waves=FILE: $dumpfile/$dumpvars (Verilator: --trace-fst)
`ifdef WARPREF_CHECKER_HOST
  /* verilator lint_on UNUSEDPARAM */
`endif
) (
  warpref_retire_if rif
);
  // the checker's own variables stay out of the waves (the interface is there: rif.*)
  /*verilator tracing_off*/
  import warpref_pkg::*;
  // a word list with illegal words (+words=): dpi/warpref_dpi.h, not in the package
  import "DPI-C" function chandle warpref_dpi_new_words(input string prog, input string words, input int threads,
      input int operand_mode, input string ignore, input string mask, input int max_mismatches,
      input longint wake_early, input longint wake_late);
`ifdef WARPREF_CHECKER_HOST
  import "DPI-C" function void warpref_host_config(output chandle h, output longint unsigned max_cycles,
      output longint unsigned watchdog, output int check, output int waves, output longint unsigned waves_from);
  import "DPI-C" function void warpref_host_failed_at(input longint unsigned cycle);
  import "DPI-C" function void warpref_host_waves(input int on);
  import "DPI-C" function void warpref_host_finish(input int errored, input int hung, input int failed,
      input string end_reason, input longint unsigned t_end, input longint unsigned nretired,
      input longint unsigned cycles);
`endif

  localparam int unsigned K = rif.K;
  localparam int unsigned NW = rif.NW;
  localparam int unsigned NBAR = rif.NBAR;
  localparam int unsigned DBG_REGS = rif.DBG_REGS;

  // ---- configuration (plusargs) ----
  chandle h;
`ifdef WARPREF_CHECKER_HOST
  /* verilator lint_off UNUSEDSIGNAL */       // (the host reads the plusargs)
`endif
  string prog = "", words = "", operands = "self", ignore = "", mask = "", dump = "warpref-dump";
  string result = "", seed = "", test = "", trace = "", waves = "", args = "", not_compared = "";
  longint unsigned max_cycles = 1000000, watchdog = 10000, max_mismatches = 1, threads = 0;
  longint unsigned wake_early = 0, wake_late = 0;
  bit any_late = 1'b0;
  string time_claim = "order";
`ifdef WARPREF_CHECKER_HOST
  /* verilator lint_on UNUSEDSIGNAL */
`endif
  int ninsns, nconsts, nregs, nwarps;
  bit chk = 1'b1;                             // checking (a host's +check=0: no DPI call)
  int tclaim = 0;                             // the time's claim (warpref_dpi_time: 1 cycles)
  longint unsigned t_prev = 0, t_still = 0;   // st_now at the edge before; edges it stood
`ifdef WARPREF_CHECKER_HOST
  bit want_waves = 1'b0, waves_on = 1'b0;     // the host's waves window: asked for, open
  longint unsigned waves_from = 0;            // ... from the design's time
`endif

  // arguments of the load and final calls
  bit [127:0] word;
  int unsigned a_masks [5], a_breg [16], a_bw [32], a_preds [7];
  int unsigned a_regs [8192];
  int unsigned a_regs_undef [256], a_preds_undef [7];

  // a number as the project writes them: decimal, or hex with 0x
  function automatic bit parse_num(input string s, output longint unsigned v);
    int base, i0;
    v = 0;
    base = 10;
    i0 = 0;
    if (s.len() > 2 && s[0] == "0" && (s[1] == "x" || s[1] == "X")) begin
      base = 16;
      i0 = 2;
    end
    if (s.len() <= i0) return 1'b0;
    for (int i = i0; i < s.len(); i++) begin
      byte c;
      int d;
      c = s[i];
      if (c >= "0" && c <= "9") d = int'(c) - int'("0");
      else if (base == 16 && c >= "a" && c <= "f") d = int'(c) - int'("a") + 10;
      else if (base == 16 && c >= "A" && c <= "F") d = int'(c) - int'("A") + 10;
      else return 1'b0;
      v = v * longint'(base) + longint'(d);
    end
    return 1'b1;
  endfunction

  // +NAME=VALUE as a string: 1 when given; remembered for the dump's reproduce line
  function automatic bit arg_str(input string name, inout string v);
    string s;
    if (!$value$plusargs({name, "=%s"}, s)) return 1'b0;
    v = s;
    args = {args, " +", name, "=", s};
    return 1'b1;
  endfunction

  // the first / the last line of a text of lines
  function automatic string first_line(input string t);
    for (int i = 0; i < t.len(); i++)
      if (t[i] == "\n") return t.substr(0, i - 1);
    return t;
  endfunction
  function automatic string last_line(input string t);
    int e;
    e = t.len() - 1;
    while (e >= 0 && t[e] == "\n") e--;
    for (int i = e; i >= 0; i--)
      if (t[i] == "\n") return t.substr(i + 1, e);
    return t.substr(0, e);
  endfunction

  function automatic void bad(input string line);
    $display("%s: %s", NAME, line);
    warpref_dpi_exit(2);
  endfunction

  function automatic void arg_num(input string name, inout longint unsigned v);
    string s;
    if (!arg_str(name, s)) return;
    if (!parse_num(s, v)) bad($sformatf("+%s=%s: not a number (decimal, or hex with 0x)", name, s));
  endfunction

  // the compare controls for the optional parts not driven, appended to +ignore/+mask
  function automatic void optional_parts();
    string ig, mk;
    ig = "";
    mk = "";
    if (!OPERANDS) begin
      ig = "reads,in.pg,in.pp,in.ra,in.rb,in.rc,in.ur,in.c,in.re";
      not_compared = "operand values (reads, in.*)";
    end else if (!HAS_RE) begin
      ig = "in.re";
      not_compared = "Re operand values (in.re)";
    end
    if (!RD_VALUES) begin
      ig = {ig, ig == "" ? "" : ",", "write.gpr"};
      not_compared = {not_compared, not_compared == "" ? "" : ", ", "Rd values (write.gpr, the end's registers)"};
    end else if (!FINAL_REGS) begin
      not_compared = {not_compared, not_compared == "" ? "" : ", ", "the end's registers and predicates"};
    end
    if (RD_VALUES && FINAL_REGS && !FINAL_UNDEF)
      not_compared = {not_compared, not_compared == "" ? "" : ", ", "the end's undefined-lane marks"};
    if (!STRICT_UNDEF) ig = {ig, ig == "" ? "" : ",", "undef"};   // section 5's freedom, not a part left out
    if (!CTA_WORDS) begin
      mk = "write.barrier:0,write.warpbar:0";
      not_compared = {not_compared, not_compared == "" ? "" : ", ",
                      "CTA words (write.barrier and write.warpbar values, the end's barrier words)"};
    end
    if (ig != "") ignore = ignore == "" ? ig : {ignore, ",", ig};
    if (mk != "") mask = mask == "" ? mk : {mask, ",", mk};
  endfunction

  // ---- construction: the plusargs, the handle, the program's fit (a host: its handle) ----
  initial begin
`ifdef WARPREF_CHECKER_HOST
    int c, wv;
    warpref_host_config(h, max_cycles, watchdog, c, wv, waves_from);
    chk = c != 0;
    want_waves = wv != 0;
    if (chk) tclaim = warpref_dpi_time(h, "", TIME_STEP);   // (the host's +time, this design's step)
    ninsns = warpref_dpi_ninsns(h);
    nconsts = warpref_dpi_nconsts(h);
    nregs = warpref_dpi_nregs(h);
    nwarps = (warpref_dpi_threads(h) + 31) / 32;
`else
    string s;
    int opmode;
    void'(arg_str("program", prog));
    void'(arg_str("words", words));
    void'(arg_str("operands", operands));
    void'(arg_str("ignore", ignore));
    void'(arg_str("mask", mask));
    void'(arg_str("dump", dump));
    void'(arg_str("result", result));
    void'(arg_str("seed", seed));
    void'(arg_str("test", test));
    void'(arg_str("trace", trace));
    void'(arg_str("waves", waves));
    void'(arg_str("time", time_claim));
    arg_num("threads", threads);
    arg_num("max_cycles", max_cycles);
    arg_num("watchdog", watchdog);
    arg_num("max_mismatches", max_mismatches);
    arg_num("wake_early", wake_early);
    s = "";
    if (arg_str("wake_late", s)) begin
      if (s == "any") any_late = 1'b1;
      else if (!parse_num(s, wake_late)) bad($sformatf("+wake_late=%s: not a number (decimal, or hex with 0x)", s));
    end
    if (prog == "" && words == "") bad("+program=FILE.s or +words=FILE is required (docs/integrate.md)");
    if (operands != "self" && operands != "rtl")
      bad($sformatf("+operands=%s: self (the model's own registers) or rtl (the design's operands)", operands));
    if (operands == "rtl" && !OPERANDS)
      bad("+operands=rtl: the design reports no operand values (OPERANDS = 0)");
    if (threads > 64'(NW * 32)) bad($sformatf("+threads=%0d: out of range 1..%0d", threads, NW * 32));
    if (max_mismatches == 0 || max_mismatches > 64'h7fffffff)
      bad($sformatf("+max_mismatches=%0d: out of range 1..2147483647", max_mismatches));
    if (dump == "") bad("+dump=: empty base name");
    optional_parts();
    opmode = operands == "rtl" ? OPERANDS_DRIVEN : OPERANDS_SELF;
    h = warpref_dpi_new_words(prog, words, int'(threads), opmode, ignore, mask, int'(max_mismatches),
                              longint'(wake_early), any_late ? -64'sd1 : longint'(wake_late));
    if (h == null) bad(first_line(warpref_dpi_messages(null)));
    tclaim = warpref_dpi_time(h, time_claim, TIME_STEP);
    if (tclaim < 0) bad(last_line(warpref_dpi_messages(h)));
    if (prog == "") prog = words;
    ninsns = warpref_dpi_ninsns(h);
    nconsts = warpref_dpi_nconsts(h);
    nregs = warpref_dpi_nregs(h);
    nwarps = (warpref_dpi_threads(h) + 31) / 32;
    if (MAX_INSNS != 0 && ninsns > int'(MAX_INSNS))
      bad($sformatf("%s: %0d instructions, the design holds %0d", prog, ninsns, MAX_INSNS));
    if (MAX_CONSTS != 0 && nconsts > int'(MAX_CONSTS))
      bad($sformatf("%s: %0d constant words, the design holds %0d", prog, nconsts, MAX_CONSTS));
    if (nregs > int'(NR)) bad($sformatf("%s: uses R0..R%0d, the design keeps R0..R%0d", prog, nregs - 1, NR - 1));
    if (nwarps > int'(NW)) bad($sformatf("%s: %0d warps, the design has %0d", prog, nwarps, NW));
    if (trace != "" && warpref_dpi_trace(h, trace) != 0)
      bad($sformatf("+trace=%s: %s", trace, last_line(warpref_dpi_messages(h))));
    if (test == "") begin
      test = prog;
      for (int i = test.len() - 1; i >= 0; i--)
        if (test[i] == "/") begin
          test = test.substr(i + 1, test.len() - 1);
          break;
        end
      if (test.len() > 2 && test.substr(test.len() - 2, test.len() - 1) == ".s") test = test.substr(0, test.len() - 3);
    end
    if (WAVES && waves != "") begin
      $dumpfile(waves);
      $dumpvars;
    end
`endif
    for (int i = 0; i < 32; i++) a_bw[i] = 0;
    // the design's inputs before the first edge
    rif.h = h;
    rif.rst_n = 1'b0;
    rif.run = 1'b0;
    rif.cfg_threads = 11'(warpref_dpi_threads(h));
    rif.cfg_ninsns = 32'(ninsns);
    rif.ld_imem_we = 1'b0;
    rif.ld_imem_addr = '0;
    rif.ld_imem_data = '0;
    rif.ld_cmem_we = 1'b0;
    rif.ld_cmem_bank = '0;
    rif.ld_cmem_offset = '0;
    rif.ld_cmem_data = '0;
    rif.dbg_warp = '0;
    rif.dbg_reg = '0;
  end

  // ---- the run: one process at the rising edge ----
  // Its blocking assignments to its own variables are meant; what the design
  // reads it drives with non-blocking assignments.
  /* verilator lint_off BLKSEQ */
  localparam int S_RESET = 0, S_LOAD = 1, S_RUN = 2, S_STOP = 3, S_DRAIN = 4, S_FINAL = 5, S_END = 6,
                 S_DONE = 7;
  int state = S_RESET;
  int k = 0;                                  // phase counter
  int wait_dbg = 0;                           // edges left until the first read's values
  longint unsigned cyc = 0;                   // edges since the start
  longint unsigned last_retire = 0;           // edge of the last record (the watchdog)
  longint unsigned nretired = 0;              // retires and faults taken
  longint unsigned t_end = 0;                 // the design's time at the end
  string endr = "";                           // done, exception, deadlock, limit, mismatch, hang, error
  bit failed = 1'b0, errored = 1'b0, hung = 1'b0, stop_exc = 1'b0;

  function automatic void note(input int r);
    if (r < 0) errored = 1'b1;
    else if (r > 0) begin
`ifdef WARPREF_CHECKER_HOST
      // (the ports sampled at this edge are the values of the cycle before)
      if (!failed) warpref_host_failed_at(cyc - 1);
`endif
      failed = 1'b1;
    end
  endfunction

  // the checker takes more: no error, not stopped by +max_mismatches
  function automatic bit live();
    if (errored) return 1'b0;
    if (!failed) return 1'b1;
    return warpref_dpi_stopped(h) == 0;
  endfunction

  // every warp finished (exited or trapped)
  function automatic bit all_finished();
    for (int w = 0; w < nwarps; w++)
      if (32'(rif.st_run[w*3 +: 3]) != RUN_EXITED && 32'(rif.st_run[w*3 +: 3]) != RUN_TRAPPED) return 1'b0;
    return 1'b1;
  endfunction

  // the records of this edge: deadlines that fired, then slot by slot its
  // fault and its retire; nothing once the checker has stopped
  function automatic void ports();
    if (rif.as_valid && chk) begin
      for (int w = 0; w < int'(NW); w++)
        if (rif.as_fired[w] && live()) note(warpref_dpi_wake(h, rif.as_time, w, 32'(rif.as_woke[w])));
    end
    for (int s = 0; s < int'(K); s++) begin
      if (rif.ft_valid[s]) begin
        if (chk && live())
          note(warpref_dpi_fetch_fault(h, rif.ft_time[s], 32'(rif.ft_warp[s]), rif.ft_pc[s],
                                       rif.ft_misaligned[s] ? FETCH_MISALIGNED : FETCH_NO_INSN));
        stop_exc = 1'b1;
        nretired++;
        last_retire = cyc;
      end
      if (rif.rt_valid[s] && chk && live()) begin
        // slot s's retire: the wide parts it uses, then the record.  Here in the
        // loop, not a function of s: Verilator unrolls the loop, s is then a
        // constant and each vector a copy of words (an argument s stays a
        // variable, and every word of every vector is shifted by it)
        int r;
        int unsigned w, ev, reads;
        w = 32'(rif.rt_warp[s]);
        reads = OPERANDS ? 32'(rif.rt_reads[s]) : 0;
        if ((reads & IN_GPRS) != 0)
          warpref_dpi_retire_in(h, rif.rt_ra[s], rif.rt_rb[s], rif.rt_rc[s], HAS_RE ? rif.rt_re[s] : '0);
        if (RD_VALUES && rif.rt_rd_we[s] != 0) warpref_dpi_retire_rd(h, rif.rt_rd_val[s]);
        if (rif.rt_bar_changed[s] != 0 || rif.rt_wbs_we[s] != 0 || rif.rt_ev_release[s] != 0)
          warpref_dpi_retire_cta(h, CTA_WORDS ? (32*32)'(rif.rt_bar_words[s]) : '0,
                                 CTA_WORDS ? (32*32)'(rif.rt_wbs_all[s]) : '0, (32*32)'(rif.rt_ev_woken[s]));
        ev = (rif.rt_ev_block[s] ? EV_BLOCK : 0) | (rif.rt_ev_arrive[s] ? EV_ARRIVE : 0) |
             (rif.rt_ev_exit[s] ? EV_EXIT : 0) | (rif.rt_ev_sleep[s] ? EV_SLEEP : 0) |
             (rif.rt_ev_trap[s] ? EV_TRAP : 0) | (rif.rt_ev_syscall[s] ? EV_SYSCALL : 0) |
             (rif.rt_ev_rtt[s] ? EV_RTT : 0) | (rif.rt_ev_warn[s] ? EV_WARNING : 0) |
             (rif.rt_ev_wake[s] ? EV_WAKE : 0);
        r = warpref_dpi_retire(h, rif.rt_time[s], w, rif.rt_pc[s], rif.rt_insn[s], 32'(rif.rt_exc[s]),
            reads, OPERANDS ? rif.rt_pg[s] : 0, OPERANDS ? rif.rt_pp[s] : 0,
            OPERANDS ? rif.rt_ur[s] : 0, OPERANDS ? rif.rt_c[s] : 0,
            OPERANDS ? rif.rt_ra_undef[s] : 0, OPERANDS ? rif.rt_rb_undef[s] : 0, OPERANDS ? rif.rt_rc_undef[s] : 0,
            rif.rt_apc[s], rif.rt_valid_mask[s], rif.rt_active[s], rif.rt_yield[s], rif.rt_sleep[s],
            rif.rt_switch[s], rif.rt_rpc[s], rif.rt_breg[s], rif.rt_wbs[s], 32'(rif.rt_wbs_def[s]),
            32'(rif.rt_runs[s][w*3 +: 3]), 32'(rif.rt_blocked_bar[s]),
            RD_VALUES ? rif.rt_rd_we[s] : 0, 32'(rif.rt_rd[s]), 32'(rif.rt_rd_pair[s]), rif.rt_rd_dc[s],
            rif.rt_rd_undef[s], rif.rt_pd_we[s], 32'(rif.rt_pd[s]), rif.rt_pd_val[s], rif.rt_pd_undef[s],
            32'(rif.rt_ur_we[s]), 32'(rif.rt_urd[s]), rif.rt_ur_val[s], 32'(rif.rt_bar_changed[s]),
            (32*3)'(rif.rt_runs[s]), 32'(rif.rt_wbs_we[s]), ev, 32'(rif.rt_ev_bar[s]),
            rif.rt_ev_warn[s] ? 32'(rif.rt_warn[s]) : 0, 32'(rif.rt_ev_release[s]), rif.rt_trap_idx[s]);
        note(r);
      end
      if (rif.rt_valid[s]) begin
        if (rif.rt_exc[s] != 4'd0) stop_exc = 1'b1;
        nretired++;
        last_retire = cyc;
      end
    end
  endfunction

  function automatic void stop(input string why);
    endr = why;
    rif.run <= 1'b0;
    state = S_STOP;
    k = 0;
  endfunction

  // a hang (the watchdog, or the design's time standing still): the failure
  // given to the checker, then the run ends at once, without the end state
  function automatic void hang(input string msg);
    note(warpref_dpi_fail(h, rif.st_now, msg));
    hung = 1'b1;
    endr = "hang";
    rif.run <= 1'b0;
    t_end = rif.st_now;
    state = S_END;
  endfunction

  // The end-state read, pipelined: read j is warp j / ngrp, registers
  // (j % ngrp) * DBG_REGS .. + DBG_REGS - 1 (ngrp reads a warp, the last one
  // also takes the warp's masks, B registers and predicates).  A read's address
  // is set at one edge and its values are taken DBG_LATENCY edges later; the
  // next address is set at every edge meanwhile, so the read costs
  // nwarps * ngrp + DBG_LATENCY - 1 edges (docs/integrate.md, "The end of a run").
  int ngrp = 1;                               // reads a warp
  int nrd = 0;                                // reads in all (nwarps * ngrp)
  int issued = 0, taken = 0;                  // reads whose address was set / whose values were taken

  // the first read's address (set with the edge that enters S_FINAL)
  function automatic void final_begin();
    ngrp = FINAL_REGS && nregs > 0 ? (nregs + int'(DBG_REGS) - 1) / int'(DBG_REGS) : 1;
    nrd = nwarps * ngrp;
    rif.dbg_warp <= 5'd0;
    rif.dbg_reg <= 8'd0;
    issued = 1;
    taken = 0;
    wait_dbg = int'(DBG_LATENCY);
  endfunction

  // the next read's address, if any is left
  function automatic void final_issue();
    if (issued >= nrd) return;
    rif.dbg_warp <= 5'(issued / ngrp);
    rif.dbg_reg <= 8'((issued % ngrp) * int'(DBG_REGS));
    issued++;
  endfunction

  // the values of read `taken` (set DBG_LATENCY edges ago); after the last, warpref_dpi_final
  function automatic void final_take();
    int w, g;
    w = taken / ngrp;
    g = taken % ngrp;
    if (FINAL_REGS && nregs > 0) begin
      for (int i = 0; i < int'(DBG_REGS); i++) begin
        int r;
        r = g * int'(DBG_REGS) + i;
        if (r >= nregs) break;
        for (int l = 0; l < 32; l++) a_regs[r*32 + l] = rif.dbg_gpr[(i*32 + l)*32 +: 32];
        a_regs_undef[r] = FINAL_UNDEF ? rif.dbg_gpr_undef[i*32 +: 32] : 0;
      end
    end
    if (g == ngrp - 1) begin
      // the five masks in this order: valid, active, yield, sleep, switch
      a_masks[0] = rif.dbg_valid; a_masks[1] = rif.dbg_active; a_masks[2] = rif.dbg_yield;
      a_masks[3] = rif.dbg_sleep; a_masks[4] = rif.dbg_switch;
      for (int i = 0; i < 16; i++) a_breg[i] = rif.dbg_breg[i*32 +: 32];
      for (int p = 0; p < 7; p++) a_preds[p] = FINAL_REGS ? rif.dbg_pred[p*32 +: 32] : 0;
      for (int p = 0; p < 7; p++) a_preds_undef[p] = rif.dbg_pred_undef[p*32 +: 32];
      if (FINAL_REGS && FINAL_UNDEF) warpref_dpi_final_undef(h, w, nregs, a_regs_undef, a_preds_undef);
      warpref_dpi_final_warp(h, w, 32'(rif.dbg_run), rif.dbg_apc, a_masks, a_breg, FINAL_REGS ? nregs : 0,
                             a_regs, a_preds);
    end
    taken++;
    if (taken >= nrd) begin
      for (int i = 0; i < 32; i++) a_bw[i] = CTA_WORDS && i < int'(NBAR) ? rif.st_bar_words[i*32 +: 32] : 0;
      note(warpref_dpi_final(h, t_end, endr, 32'(rif.st_woke), a_bw));
      state = S_END;
    end
  endfunction

  // the end: trace, dump, result file, summary, exit status (a host: its own)
  function automatic void finish_run();
`ifdef WARPREF_CHECKER_HOST
    warpref_host_finish(32'(errored), 32'(hung), 32'(failed), endr, t_end, nretired, cyc);
    $finish;
  endfunction
`else
    string status, summary, counts;
    longint unsigned retired, compared, mism, adopted;
    bit lost;
    lost = 1'b0;
    compared = warpref_dpi_count(h, COUNT_COMPARED);
    mism = warpref_dpi_count(h, COUNT_MISMATCHED);
    retired = warpref_dpi_count(h, COUNT_RETIRED);
    adopted = warpref_dpi_count(h, COUNT_ADOPTED);
    status = errored ? "error" : hung ? "hang" : compared == 0 ? "error" : failed || mism != 0 ? "mismatch" : "pass";
    if (trace != "" && warpref_dpi_trace_end(h, endr, t_end) != 0) begin
      $display("%s: %s", NAME, last_line(warpref_dpi_messages(h)));
      lost = 1'b1;
    end
    if (status == "mismatch" && endr != "mismatch") endr = {endr, "+final"};
    if (status == "pass" && endr == "limit" && warpref_dpi_own_end(h, 10000) == "livelock") begin
      endr = "livelock";
      $display("%s: %s livelocks: the model's own run of it ends livelock (N-55, a spec hazard); +max_cycles=%0d stopped the design",
               NAME, prog, max_cycles);
    end
    if (status != "pass" &&
        warpref_dpi_dump(h, dump, test, seed, WAVES ? waves : "", {"(the run's plusargs)", args}) != 0)
      $display("%s: %s", NAME, last_line(warpref_dpi_messages(h)));
    if (result != "" && warpref_dpi_result(h, result, status, t_end, endr) != 0) begin
      $display("%s: %s", NAME, last_line(warpref_dpi_messages(h)));
      lost = 1'b1;
    end
    counts = $sformatf("%0d retired, %0d compared", retired, compared);
    if (adopted != 0) counts = {counts, $sformatf(", %0d undefined lanes adopted", adopted)};
    if (not_compared != "") counts = {counts, "; not compared: ", not_compared};
    if (status == "pass") begin
      $display("%s: PASS %s: end %s at t=%0d, %s", NAME, prog, endr, t_end, counts);
    end else begin
      summary = warpref_dpi_summary(h);
      if (summary == "") summary = first_line(warpref_dpi_messages(h));
      $display("%s: %s %s: %s (end %s at t=%0d, %s; dump %s.txt)", NAME, status.toupper(), prog, summary, endr,
               t_end, counts, dump);
    end
    $display("%0d passed, %0d failed", status == "pass" ? 1 : 0, status == "pass" ? 0 : 1);
    warpref_dpi_free(h);
    h = null;
    // $finish in every case: the final blocks run and the wave file is closed; the status
    // replaces the simulator's own at the process's end
    if (status != "pass" || lost) warpref_dpi_exit_at_end(status == "pass" ? 2 : 1);
    $finish;
  endfunction
`endif

  always @(posedge rif.clk) begin
    cyc = cyc + 1;
    case (state)
      S_RESET: begin
        if (cyc >= 64'(RESET_CYCLES)) begin
          rif.rst_n <= 1'b1;
          state = S_LOAD;
          k = 0;
        end
      end
      S_LOAD: begin
        if (EXT_LOAD) begin
          if (rif.ld_done) k = ninsns + nconsts;
        end else if (k < ninsns) begin
          warpref_dpi_insn(h, k, word);
          rif.ld_cmem_we <= 1'b0;
          rif.ld_imem_we <= 1'b1; rif.ld_imem_addr <= 32'(k); rif.ld_imem_data <= word;
        end else if (k < ninsns + nconsts) begin
          /* verilator lint_off UNUSEDSIGNAL */
          int bank, off;                      // (bank < 32, offset < 64 KiB: the assembler's ranges)
          int unsigned val;
          warpref_dpi_const(h, k - ninsns, bank, off, val);
          rif.ld_imem_we <= 1'b0;
          rif.ld_cmem_we <= 1'b1; rif.ld_cmem_bank <= bank[4:0]; rif.ld_cmem_offset <= off[15:0];
          rif.ld_cmem_data <= val;
          /* verilator lint_on UNUSEDSIGNAL */
        end
        if (k >= ninsns + nconsts) begin
          rif.ld_imem_we <= 1'b0;
          rif.ld_cmem_we <= 1'b0;
          last_retire = cyc;
          if (max_cycles == 0) begin
            endr = "limit";
            state = S_FINAL;
            final_begin();
          end else begin
            rif.run <= 1'b1;
            state = S_RUN;
            t_prev = rif.st_now;
          end
        end else if (!EXT_LOAD) k++;
      end
      S_RUN: begin
        ports();
        // the design's time over this edge (docs/integrate.md, "Time")
        if (chk && TIME_STEP != 0) begin
          if (rif.st_now == t_prev) t_still++;
          else t_still = 0;
          if (rif.st_now != t_prev + TIME_STEP && (rif.st_now != t_prev || tclaim == 1))
            note(warpref_dpi_clock(h, t_prev, rif.st_now));
          t_prev = rif.st_now;
        end
        if (errored) begin
          endr = "error";
          rif.run <= 1'b0;
          t_end = rif.st_now;
          state = S_END;
        end else if (!live()) begin
          endr = "mismatch";
          t_end = rif.st_now;
          state = S_DRAIN;
          k = 0;
        end else if (stop_exc) stop("exception");
        else if (rif.st_stuck) stop(all_finished() ? "done" : "deadlock");
        else if (rif.st_now >= max_cycles) stop("limit");
        else if (t_still >= watchdog && chk && TIME_STEP != 0)
          hang($sformatf("hang: the design's time stood at %0d for %0d cycles [N-50]", rif.st_now, t_still));
        else if (cyc - last_retire >= watchdog && chk) begin
          int unsigned ready;
          ready = warpref_dpi_ready(h);
          if (ready != 0)
            hang($sformatf("hang: no retire for %0d cycles while the model has warps 0x%08x ready [N-50]",
                           cyc - last_retire, ready));
          else last_retire = cyc;             // every warp waits (asleep): not a hang
        end
      end
      S_STOP: begin                           // the last records, then the end state
        ports();
        if (++k >= int'(STOP_CYCLES)) begin
          t_end = rif.st_now;
          // the limit struck as the last instruction ended the run: the end is the design's own
          if (endr == "limit" && rif.st_stuck) endr = all_finished() ? "done" : "deadlock";
          if (!live()) endr = "mismatch";
          state = S_FINAL;
          final_begin();
        end
      end
      S_DRAIN: begin
        if (++k >= int'(DRAIN)) begin
          rif.run <= 1'b0;
          state = S_END;
        end
      end
      S_FINAL: begin
        if (failed || errored || !chk) state = S_END;
        else begin
          if (wait_dbg > 1) wait_dbg--;       // the first read's values are not there yet
          else final_take();
          if (state == S_FINAL) final_issue();
        end
      end
      S_END: begin
        state = S_DONE;
        finish_run();
      end
      default: ;
    endcase
`ifdef WARPREF_CHECKER_HOST
    // the host's waves window opens at the design's time waves_from
    if (want_waves && !waves_on && rif.st_now >= waves_from) begin
      waves_on = 1'b1;
      warpref_host_waves(1);
    end
`endif
  end
  /* verilator lint_on BLKSEQ */

endmodule
