// warpref_trace_writer.sv - the integration kit's trace writer: the canonical
// JSONL trace (TRACE-FORMAT; docs/trace.md) of what a design reports on the
// interface kit/warpref_retire_if.sv, written with $fwrite alone (no DPI, no
// C), so a run in a simulator that cannot link the C glue (or a gate-level
// or emulation run) is checked offline with `warpref replay`
// (docs/integrate.md, "Traces without DPI").
//
// It only watches the interface: it drives nothing, and works beside the
// checker (kit/warpref_checker.sv) or without it, when the testbench drives
// the checker's side of the interface itself (reset, load, run and the
// end-state read port, in the order docs/integrate.md gives).  At each
// rising edge of rif.clk, in the checker's order: slot 0..K-1, each its fetch
// fault (kept for the final record), then its retire (one record).
//
// The end: after `run` falls and STOP_CYCLES more edges of records, the end
// reason and time are taken as the checker takes them (exception after an
// exception or a fetch fault; else done or deadlock when st_stuck; else
// limit; t = st_now then, or after a fetch fault its time, when the end was
// detected, as TRACE-FORMAT and the model have it); each warp's end state is what the end-state read
// port shows for it (dbg_warp, DBG_LATENCY edges after it was set: the
// checker steps it through every warp).  The final record is written when
// the simulation finishes ($finish: a final block) if the port showed every
// warp; a run stopped at a mismatch, whose end state the checker does not
// read, ends without one (docs/replay.md: replayed as far as it goes).
//
// Plusarg: +trace_sv=FILE (none: nothing is written).  A file that cannot
// be opened: one line, `NAME: +trace_sv=FILE: cannot open it for writing`,
// and no trace (the run goes on).
//
// The parts the design does not drive (parameters = 0, as the checker's)
// are left out of the trace, never written as zero: OPERANDS = 0 no `in`
// (replay --program), RD_VALUES = 0 no `out`, CTA_WORDS = 0 no `bars`
// (replay --ignore write.barrier), HAS_RE = 0 no `in.re`.  `asm` is not
// written (optional); `op` is warpref_isa_pkg::op_name of the word.
module warpref_trace_writer #(
  parameter string NAME = "warpref_trace_writer",   // the first word of its one message
  parameter bit OPERANDS = 1'b1,
  parameter bit HAS_RE = 1'b0,
  parameter bit RD_VALUES = 1'b1,
  parameter bit CTA_WORDS = 1'b1,
  parameter int unsigned STOP_CYCLES = 1,           // as the checker's
  parameter int unsigned DBG_LATENCY = 1,           // as the checker's
  parameter string PROFILE = ""                     // the final record's `profile` ("": native, none)
) (
  warpref_retire_if rif
);
  // the DPI package's constants and the trace's names, without the package (no DPI)
  `include "warpref_pkg_consts.svh"

  localparam int unsigned K = rif.K;
  localparam int unsigned NBAR = rif.NBAR;

  int fd = 0;
  string path = "";

  initial begin
    if ($value$plusargs("trace_sv=%s", path)) begin
      fd = $fopen(path, "w");
      if (fd == 0) $display("%s: +trace_sv=%s: cannot open it for writing", NAME, path);
    end
  end

  // ---- the spellings of TRACE-FORMAT ----
  // item appended to a comma-separated list (an if: a ?: of two string literals pads the shorter)
  function automatic void add(inout string list, input string item);
    if (list == "") list = item;
    else list = {list, ",", item};
  endfunction
  function automatic string mask(input logic [31:0] v);
    mask = $sformatf("\"0x%08x\"", v);
  endfunction
  function automatic string hex(input logic [63:0] v);
    hex = $sformatf("\"0x%0x\"", v);
  endfunction
  function automatic string wide(input logic [63:0] v, input bit w64);
    if (w64) wide = $sformatf("\"0x%016x\"", v);
    else wide = mask(v[31:0]);
  endfunction

  // B0..B15: the non-zero ones, {} when none
  function automatic string bregs(input logic [16*32-1:0] b);
    string s;
    s = "";
    for (int i = 0; i < 16; i++)
      if (b[i*32 +: 32] != 0) add(s, {$sformatf("\"B%0d\":", i), mask(b[i*32 +: 32])});
    bregs = {"{", s, "}"};
  endfunction

  // barrier words of the barriers in `which`
  function automatic string bars(input logic [NBAR*32-1:0] words, input logic [NBAR-1:0] which);
    string s;
    s = "";
    for (int b = 0; b < int'(NBAR); b++)
      if (which[b]) add(s, {$sformatf("\"%0d\":", b), mask(words[b*32 +: 32])});
    bars = {"{", s, "}"};
  endfunction

  // an array of 32 lane values (a pair: 16 digits)
  function automatic string lanes64(input logic [32*64-1:0] v, input bit w64);
    string s;
    s = "";
    for (int l = 0; l < 32; l++) add(s, wide(v[l*64 +: 64], w64));
    lanes64 = {"[", s, "]"};
  endfunction
  function automatic string lanes32(input logic [32*32-1:0] v);
    string s;
    s = "";
    for (int l = 0; l < 32; l++) add(s, mask(v[l*32 +: 32]));
    lanes32 = {"[", s, "]"};
  endfunction

  // ---- one instruction record: slot s ----
  function automatic string events(input int s);
    string e;
    e = "";
    if (rif.rt_ev_wake[s]) add(e, "\"wake\"");
    if (rif.rt_ev_warn[s]) begin              // the first code in bits 7:0, a second in 15:8 (docs/dpi.md)
      add(e, {"\"warning:", warning_name(32'(rif.rt_warn[s][7:0])), "\""});
      if (rif.rt_warn[s][15:8] != 8'd0) add(e, {"\"warning:", warning_name(32'(rif.rt_warn[s][15:8])), "\""});
    end
    if (rif.rt_exc[s] != 0) begin
      add(e, {"\"exception:", exception_name(32'(rif.rt_exc[s])), "\""});
    end else begin
      if (rif.rt_ev_block[s]) add(e, $sformatf("\"block:%0d\"", rif.rt_ev_bar[s]));
      if (rif.rt_ev_arrive[s]) add(e, $sformatf("\"arrive:%0d\"", rif.rt_ev_bar[s]));
      if (rif.rt_ev_exit[s]) add(e, "\"exit\"");
      for (int b = 0; b < int'(NBAR); b++)
        if (rif.rt_ev_release[s][b]) begin
          string ws;
          logic [31:0] woken;
          woken = rif.rt_ev_woken[s][b*32 +: 32];
          ws = "";
          for (int w = 0; w < 32; w++)
            if (woken[w]) add(ws, $sformatf("%0d", w));
          if (ws == "") add(e, $sformatf("\"release:%0d\"", b));
          else add(e, $sformatf("\"release:%0d:%s\"", b, ws));
        end
      if (rif.rt_ev_sleep[s]) add(e, "\"sleep\"");
      if (rif.rt_ev_trap[s]) add(e, $sformatf("\"trap:%0d\"", rif.rt_trap_idx[s]));
      if (rif.rt_ev_syscall[s]) add(e, "\"syscall\"");
      if (rif.rt_ev_rtt[s]) add(e, "\"rtt\"");
    end
    events = {"[", e, "]"};
  endfunction

  // `in`: Pg always, the others the record reports (rt_reads)
  function automatic string operands_in(input int s);
    string t;
    int unsigned rd;
    rd = 32'(rif.rt_reads[s]);
    t = {"\"pg\":", mask(rif.rt_pg[s])};
    if ((rd & IN_PP) != 0) t = {t, ",\"pp\":", mask(rif.rt_pp[s])};
    if ((rd & IN_RA) != 0) t = {t, ",\"ra\":", lanes64(rif.rt_ra[s], (rd & IN_RA64) != 0)};
    if ((rd & IN_RB) != 0) t = {t, ",\"rb\":", lanes32(rif.rt_rb[s])};
    if ((rd & IN_RC) != 0) t = {t, ",\"rc\":", lanes32(rif.rt_rc[s])};
    if (HAS_RE && (rd & IN_RE) != 0) t = {t, ",\"re\":", lanes32(rif.rt_re[s])};
    if ((rd & IN_UR) != 0) t = {t, ",\"ur\":", wide(rif.rt_ur[s], (rd & IN_UR64) != 0)};
    if ((rd & IN_C) != 0) t = {t, ",\"c\":", wide(rif.rt_c[s], (rd & IN_C64) != 0)};
    operands_in = {"{", t, "}"};
  endfunction

  // `out`: Rd (null for lanes not written; a lane written wholly undefined
  // makes every bit don't-care), the predicate destination
  function automatic string operands_out(input int s);
    string t, v;
    logic [63:0] dc;
    t = "";
    if (rif.rt_rd_we[s] != 0 && rif.rt_rd[s] != warpref_isa_pkg::REG_RZ) begin
      v = "";
      for (int l = 0; l < 32; l++)
        if (rif.rt_rd_we[s][l]) add(v, wide(rif.rt_rd_val[s][l*64 +: 64], rif.rt_rd_pair[s]));
        else add(v, "null");
      dc = (rif.rt_rd_undef[s] & rif.rt_rd_we[s]) != 0 ? 64'hffffffffffffffff : rif.rt_rd_dc[s];
      if (!rif.rt_rd_pair[s]) dc[63:32] = 32'd0;
      t = {"\"rd\":[", v, "],\"rd_dc\":", wide(dc, rif.rt_rd_pair[s])};
    end
    if (rif.rt_pd_we[s] != 0 && rif.rt_pd[s] != warpref_isa_pkg::PRED_PT) begin
      v = {"\"pd\":{\"mask\":", mask(rif.rt_pd_we[s]), ",\"val\":", mask(rif.rt_pd_val[s] & rif.rt_pd_we[s]),
           "},\"pd_dc\":"};
      if ((rif.rt_pd_undef[s] & rif.rt_pd_we[s]) != 0) v = {v, "true"};
      else v = {v, "false"};
      add(t, v);
    end
    operands_out = {"{", t, "}"};
  endfunction

  function automatic void record(input int s);
    string r;
    logic [127:0] w;
    w = rif.rt_insn[s];
    r = $sformatf("{\"t\":%0d,\"warp\":%0d,\"pc\":%s,\"op\":\"%s\",\"active\":%s,\"valid\":%s,\"next_pc\":%s,\"yield\":%s,\"sleep\":%s,\"switch\":%s,\"b\":%s,\"ev\":%s,\"insn\":\"0x%032x\"",
                  rif.rt_time[s], rif.rt_warp[s], hex(rif.rt_pc[s]),
                  warpref_isa_pkg::op_name(warpref_isa_pkg::decode_form(w[11:0]), w),
                  mask(rif.rt_active[s]), mask(rif.rt_valid_mask[s]), hex(rif.rt_apc[s]), mask(rif.rt_yield[s]),
                  mask(rif.rt_sleep[s]), mask(rif.rt_switch[s]), bregs(rif.rt_breg[s]), events(s), w);
    if (OPERANDS) r = {r, ",\"in\":", operands_in(s)};
    if (RD_VALUES) r = {r, ",\"out\":", operands_out(s)};
    if (CTA_WORDS && rif.rt_bar_changed[s] != 0) r = {r, ",\"bars\":", bars(rif.rt_bar_words[s], rif.rt_bar_changed[s])};
    $fwrite(fd, "%s}\n", r);
  endfunction

  // ---- the run: records, the end, the end state ----
  bit started = 1'b0;                 // run has been high
  bit stopped = 1'b0;                 // ... and fell: the end's edges
  bit ended = 1'b0;                   // the end reason and time are known
  bit exc = 1'b0;                     // an exception or a fetch fault was reported
  int unsigned after = 0;             // edges since run fell
  string endr = "";
  longint unsigned t_end = 0;
  bit have_fault = 1'b0;
  logic [4:0] f_warp;
  logic [63:0] f_pc;
  bit f_mis;
  longint unsigned f_time;
  int unsigned nwarps = 0;
  logic [4:0] dbg_w [DBG_LATENCY];    // dbg_warp as it was set, DBG_LATENCY edges ago at the end
  bit dbg_ok [DBG_LATENCY];
  bit seen [32];                      // the read port showed warp w after the end
  string state [32];                  // its part of the final record

  function automatic bit all_finished();
    for (int w = 0; w < int'(nwarps); w++)
      if (32'(rif.st_run[w*3 +: 3]) != RUN_EXITED && 32'(rif.st_run[w*3 +: 3]) != RUN_TRAPPED) return 1'b0;
    return 1'b1;
  endfunction

  /* verilator lint_off BLKSEQ */
  always @(posedge rif.clk) begin
    if (fd != 0) begin
      for (int s = 0; s < int'(K); s++) begin
        if (rif.ft_valid[s]) begin
          if (!have_fault) begin
            have_fault = 1'b1;
            f_warp = rif.ft_warp[s];
            f_pc = rif.ft_pc[s];
            f_mis = rif.ft_misaligned[s];
            f_time = rif.ft_time[s];
          end
          exc = 1'b1;
        end
        if (rif.rt_valid[s]) begin
          record(s);
          if (rif.rt_exc[s] != 0) exc = 1'b1;
        end
      end
      if (rif.run) started = 1'b1;
      else if (started && !stopped) begin
        stopped = 1'b1;
        nwarps = (32'(rif.cfg_threads) + 31) / 32;
      end
      if (stopped && !ended) after++;
      if (stopped && !ended && after >= STOP_CYCLES) begin
        ended = 1'b1;
        // the end's time: after a fetch fault the time it was detected (TRACE-FORMAT, the model's)
        t_end = have_fault ? f_time : rif.st_now;
        if (exc) endr = "exception";
        else if (!rif.st_stuck) endr = "limit";
        else if (all_finished()) endr = "done";
        else endr = "deadlock";
        for (int i = 0; i < int'(DBG_LATENCY); i++) dbg_ok[i] = 1'b0;
      end else if (ended) begin
        // the warp whose state the port shows now: dbg_warp as it was DBG_LATENCY - 1 edges ago
        logic [4:0] w;
        bit ok;
        w = rif.dbg_warp;
        ok = 1'b1;
        if (DBG_LATENCY > 1) begin
          w = dbg_w[DBG_LATENCY - 1];
          ok = dbg_ok[DBG_LATENCY - 1];
          for (int i = int'(DBG_LATENCY) - 1; i > 0; i--) begin
            dbg_w[i] = dbg_w[i - 1];
            dbg_ok[i] = dbg_ok[i - 1];
          end
          dbg_w[0] = rif.dbg_warp;
          dbg_ok[0] = 1'b1;
        end
        if (ok && 32'(w) < nwarps) begin
          seen[w] = 1'b1;
          state[w] = $sformatf("{\"warp\":%0d,\"state\":\"%s\",\"pc\":%s,\"active\":%s,\"valid\":%s,\"yield\":%s,\"sleep\":%s,\"switch\":%s,\"b\":%s}",
              w, run_name(32'(rif.dbg_run)), hex(rif.dbg_apc), mask(rif.dbg_active), mask(rif.dbg_valid),
              mask(rif.dbg_yield), mask(rif.dbg_sleep), mask(rif.dbg_switch), bregs(rif.dbg_breg));
        end
      end
    end
  end
  /* verilator lint_on BLKSEQ */

  // the final record, when the port showed every warp; then the file is closed
  final begin
    if (fd != 0) begin
      bit all;
      all = ended && nwarps != 0;
      for (int w = 0; w < int'(nwarps); w++) all = all && seen[w];
      if (all) begin
        string r;
        logic [NBAR-1:0] live;
        string ws;
        ws = "";
        for (int w = 0; w < int'(nwarps); w++) add(ws, state[w]);
        r = $sformatf("{\"end\":\"%s\",\"t\":%0d,\"warps\":[%s]", endr, t_end, ws);
        for (int b = 0; b < int'(NBAR); b++) live[b] = rif.st_bar_words[b*32 +: 32] != 0;
        // (the final record's bars are required: a design without CTA words has {} there,
        // replayed with --ignore write.barrier as its records' missing bars are)
        if (CTA_WORDS) r = {r, ",\"bars\":", bars(rif.st_bar_words, live)};
        else r = {r, ",\"bars\":{}"};
        if (PROFILE != "") r = {r, ",\"profile\":\"", PROFILE, "\""};
        if (have_fault)
          r = {r, $sformatf(",\"fault\":{\"warp\":%0d,\"pc\":%s,\"what\":\"%s\"}", f_warp, hex(f_pc),
                            fetch_what(f_mis ? FETCH_MISALIGNED : FETCH_NO_INSN))};
        $fwrite(fd, "%s}\n", r);
      end
      $fclose(fd);
      fd = 0;
    end
  end
endmodule
