// trace_writer_k2.sv - the kit's trace writer elaborates with two retire
// slots per cycle, every optional part off, a read port two edges late, and
// no DPI package at all (a simulator without the C glue): lint only
// (kit-lint-writer, kit/meson.build).  The testbench drives the checker's
// side of the interface itself, as docs/integrate.md "Traces without DPI"
// says; the design's signals are tied off.
module trace_writer_k2;
  logic clk = 1'b0;
  initial forever #5 clk = ~clk;
  warpref_retire_if #(.K(2), .NW(8), .NBAR(16)) rif (.clk(clk));
  warpref_trace_writer #(.NAME("trace_writer_k2"), .OPERANDS(1'b0), .RD_VALUES(1'b0), .CTA_WORDS(1'b0),
                         .STOP_CYCLES(3), .DBG_LATENCY(2), .PROFILE("sass")) u_trace (.rif(rif));
  // the checker's side: reset, run, then the end-state read of each warp
  initial begin
    rif.h = null;
    rif.rst_n = 1'b0; rif.run = 1'b0; rif.cfg_threads = 11'd64; rif.cfg_ninsns = 32'd0;
    {rif.ld_imem_we, rif.ld_imem_addr, rif.ld_imem_data, rif.ld_cmem_we, rif.ld_cmem_bank, rif.ld_cmem_offset,
     rif.ld_cmem_data} = '0;
    rif.dbg_warp = 5'd0; rif.dbg_reg = 8'd0;
    repeat (2) @(negedge clk);
    rif.rst_n = 1'b1;
    rif.run = 1'b1;
    repeat (4) @(negedge clk);
    rif.run = 1'b0;
    repeat (3) @(negedge clk);
    for (int w = 0; w < 2; w++) begin
      rif.dbg_warp = 5'(w);
      repeat (2) @(negedge clk);
    end
    $finish;
  end
  assign rif.ld_done = 1'b1;
  assign {rif.rt_valid, rif.rt_time, rif.rt_warp, rif.rt_pc, rif.rt_insn, rif.rt_exc, rif.rt_reads, rif.rt_pg,
          rif.rt_pp, rif.rt_ra_undef, rif.rt_rb_undef, rif.rt_rc_undef, rif.rt_ur, rif.rt_c} = '0;
  assign rif.rt_ra = '0;
  assign {rif.rt_rb, rif.rt_rc} = '0;
  assign rif.rt_re = '0;
  assign {rif.rt_apc, rif.rt_valid_mask, rif.rt_active, rif.rt_yield, rif.rt_sleep, rif.rt_switch, rif.rt_rpc,
          rif.rt_breg, rif.rt_wbs, rif.rt_wbs_def, rif.rt_blocked_bar} = '0;
  assign {rif.rt_rd_we, rif.rt_rd, rif.rt_rd_pair, rif.rt_rd_val, rif.rt_rd_dc, rif.rt_rd_undef, rif.rt_pd_we,
          rif.rt_pd, rif.rt_pd_val, rif.rt_pd_undef, rif.rt_ur_we, rif.rt_urd, rif.rt_ur_val} = '0;
  assign {rif.rt_bar_changed, rif.rt_bar_words, rif.rt_runs, rif.rt_wbs_we, rif.rt_wbs_all} = '0;
  assign {rif.rt_ev_block, rif.rt_ev_arrive, rif.rt_ev_bar, rif.rt_ev_exit, rif.rt_ev_sleep, rif.rt_ev_trap,
          rif.rt_trap_idx, rif.rt_ev_syscall, rif.rt_ev_rtt, rif.rt_ev_warn, rif.rt_warn, rif.rt_ev_wake,
          rif.rt_ev_release, rif.rt_ev_woken} = '0;
  assign {rif.ft_valid, rif.ft_time, rif.ft_warp, rif.ft_pc, rif.ft_misaligned} = '0;
  assign {rif.as_valid, rif.as_time, rif.as_fired, rif.as_woke} = '0;
  assign {rif.st_now, rif.st_run, rif.st_stuck, rif.st_woke, rif.st_bar_words} = '0;
  assign {rif.dbg_run, rif.dbg_apc, rif.dbg_valid, rif.dbg_active, rif.dbg_yield, rif.dbg_sleep, rif.dbg_switch,
          rif.dbg_breg, rif.dbg_gpr, rif.dbg_gpr_undef, rif.dbg_pred, rif.dbg_pred_undef} = '0;
endmodule
