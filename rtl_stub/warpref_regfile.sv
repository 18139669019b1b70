// warpref_regfile.sv - per-warp, per-lane GPRs (R0..R(NR-1); RZ and higher
// registers read 0, writes to them are dropped), predicates P0..P6 (PT reads
// all ones) and uniform registers UR0..UR62 (URZ reads 0), with the
// undefined-lane marks of SPEC-NOTES section 5.  Registers start at 0 (N-04).
// Two GPR read ports (A with its pair half, B) and two more (C, E: visa's
// four-register NBARRIER.signal), one predicate pair (Pg, Pp),
// one uniform pair, one write port each, and a debug read port (DBG_REGS
// registers a read: 1, combinational; more, registered, taken at the edges
// where dbg_en_i is high).
module warpref_regfile #(
  parameter int unsigned NW = 4,
  parameter int unsigned NR = 16,
  parameter int unsigned DBG_REGS = 1
) (
  /*verilator tracing_off*/  // one sample a cycle in the waves: no clock drawn
  input  logic               clk_i,
  /*verilator tracing_on*/
  input  logic               rst_ni,
  input  logic [4:0]         warp_i,
  input  logic [7:0]         ra_i,
  input  logic [7:0]         rb_i,
  input  logic [7:0]         rc_i,          // visa: ports C and E (values only)
  input  logic [7:0]         re_i,
  input  logic [2:0]         pg_i,
  input  logic [2:0]         pp_i,
  input  logic [5:0]         ur_i,
  output logic [32*64-1:0]   ra_val_o,      // {R(a+1), Ra} per lane
  output logic [31:0]        ra_undef_o,    // lanes of Ra undefined
  output logic [31:0]        ra_hi_undef_o, // lanes of R(a+1) undefined
  output logic [32*32-1:0]   rb_val_o,
  output logic [31:0]        rb_undef_o,
  output logic [32*32-1:0]   rc_val_o,
  output logic [32*32-1:0]   re_val_o,
  output logic [31:0]        pg_val_o,
  output logic [31:0]        pp_val_o,
  output logic [63:0]        ur_val_o,      // {UR(u+1), URu}
  // writes
  input  logic [31:0]        rd_we_i,       // lanes
  input  logic [7:0]         rd_i,
  input  logic               rd_pair_i,
  input  logic [32*64-1:0]   rd_val_i,
  input  logic [31:0]        rd_undef_i,
  input  logic [31:0]        pd_we_i,
  input  logic [2:0]         pd_i,
  input  logic [31:0]        pd_val_i,
  input  logic [31:0]        pd_undef_i,
  input  logic               ur_we_i,
  input  logic [5:0]         urd_i,
  input  logic [31:0]        ur_wval_i,
  // debug read: registers dbg_reg_i + i, i < DBG_REGS, of warp dbg_warp_i
  input  logic               dbg_en_i,      // (DBG_REGS > 1) take them at this edge
  input  logic [4:0]         dbg_warp_i,
  input  logic [7:0]         dbg_reg_i,
  output logic [DBG_REGS*32*32-1:0] dbg_gpr_o,
  output logic [DBG_REGS*32-1:0] dbg_gpr_undef_o,
  output logic [7*32-1:0]    dbg_pred_o,
  output logic [7*32-1:0]    dbg_pred_undef_o,
  // injected bug rf_stale_undef (docs/bugs.md): a write keeps the lanes' undefined marks
  input  logic               stale_undef_i
);
  // Entries whose written bit is clear read 0 (N-04): reset clears only the
  // written bits, not the arrays.
  logic [32*32-1:0] gpr_raw [NW*NR];
  logic [31:0]      gundef_raw [NW*NR];
  logic [31:0]      pred_raw [NW*7];
  logic [31:0]      pundef_raw [NW*7];
  logic [31:0]      ur_raw [NW*63];
  logic [NW*NR-1:0] gw_q;
  logic [NW*7-1:0]  pw_q;
  logic [NW*63-1:0] uw_q;

  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [32*32-1:0] gpr_q(input logic [31:0] i);
    gpr_q = gw_q[i] ? gpr_raw[i] : '0;
  endfunction
  function automatic logic [31:0] gundef_q(input logic [31:0] i);
    gundef_q = gw_q[i] ? gundef_raw[i] : 32'd0;
  endfunction
  function automatic logic [31:0] pred_q(input logic [31:0] i);
    pred_q = pw_q[i] ? pred_raw[i] : 32'd0;
  endfunction
  function automatic logic [31:0] pundef_q(input logic [31:0] i);
    pundef_q = pw_q[i] ? pundef_raw[i] : 32'd0;
  endfunction
  function automatic logic [31:0] ur_q(input logic [31:0] i);
    ur_q = uw_q[i] ? ur_raw[i] : 32'd0;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  function automatic logic [31:0] gidx(input logic [4:0] w, input logic [7:0] r);
    gidx = 32'(w) * NR + 32'(r);
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] ia, ia1, ib, ic, ie, id, id1;
  /* verilator lint_on UNUSEDSIGNAL */
  logic va, va1, vb, vd, vd1;
  logic [32*32-1:0] ga, ga1;
  always_comb begin
    ia = gidx(warp_i, ra_i);       va = 32'(ra_i) < NR;
    ia1 = gidx(warp_i, ra_i + 8'd1); va1 = 32'(ra_i) + 1 < NR;
    ib = gidx(warp_i, rb_i);       vb = 32'(rb_i) < NR;
    ic = gidx(warp_i, rc_i);
    ie = gidx(warp_i, re_i);
    id = gidx(warp_i, rd_i);       vd = 32'(rd_i) < NR;
    id1 = gidx(warp_i, rd_i + 8'd1); vd1 = rd_pair_i && 32'(rd_i) + 1 < NR;
    ga = va ? gpr_q(ia) : '0;
    ga1 = va1 ? gpr_q(ia1) : '0;
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      ra_val_o[l*64 +: 32] = ga[l*32 +: 32];
      ra_val_o[l*64 + 32 +: 32] = ga1[l*32 +: 32];
    end
    ra_undef_o = va ? gundef_q(ia) : 32'd0;
    ra_hi_undef_o = va1 ? gundef_q(ia1) : 32'd0;
    rb_val_o = vb ? gpr_q(ib) : '0;
    rb_undef_o = vb ? gundef_q(ib) : 32'd0;
    rc_val_o = 32'(rc_i) < NR ? gpr_q(ic) : '0;
    re_val_o = 32'(re_i) < NR ? gpr_q(ie) : '0;
    pg_val_o = pg_i == 3'd7 ? 32'hffffffff : pred_q(32'(warp_i) * 7 + 32'(pg_i));
    pp_val_o = pp_i == 3'd7 ? 32'hffffffff : pred_q(32'(warp_i) * 7 + 32'(pp_i));
    ur_val_o[31:0]  = ur_i < 6'd63 ? ur_q(32'(warp_i) * 63 + 32'(ur_i)) : 32'd0;
    ur_val_o[63:32] = ur_i < 6'd62 ? ur_q(32'(warp_i) * 63 + 32'(ur_i) + 1) : 32'd0;
  end

  if (DBG_REGS == 1) begin : g_dbg_comb
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] i;
    logic unused_en;
    /* verilator lint_on UNUSEDSIGNAL */
    assign unused_en = dbg_en_i;
    always_comb begin
      i = gidx(dbg_warp_i, dbg_reg_i);
      dbg_gpr_o = 32'(dbg_reg_i) < NR ? gpr_q(i) : '0;
      dbg_gpr_undef_o = 32'(dbg_reg_i) < NR ? gundef_q(i) : 32'd0;
      /*verilator tracing_off*/
      for (int p = 0; p < 7; p++) begin
      /*verilator tracing_on*/
        dbg_pred_o[p*32 +: 32] = pred_q(32'(dbg_warp_i) * 7 + p);
        dbg_pred_undef_o[p*32 +: 32] = pundef_q(32'(dbg_warp_i) * 7 + p);
      end
    end
  end else begin : g_dbg_reg
    // taken only at the edges dbg_en_i asks for: nothing to do at the others
    always_ff @(posedge clk_i) begin
      if (dbg_en_i) begin
        /*verilator tracing_off*/
        for (int j = 0; j < int'(DBG_REGS); j++) begin
        /*verilator tracing_on*/
          dbg_gpr_o[j*1024 +: 1024] <= 32'(dbg_reg_i) + j < NR ? gpr_q(gidx(dbg_warp_i, dbg_reg_i) + j) : '0;
          dbg_gpr_undef_o[j*32 +: 32] <= 32'(dbg_reg_i) + j < NR ? gundef_q(gidx(dbg_warp_i, dbg_reg_i) + j) : 32'd0;
        end
        /*verilator tracing_off*/
        for (int p = 0; p < 7; p++) begin
        /*verilator tracing_on*/
          dbg_pred_o[p*32 +: 32] <= pred_q(32'(dbg_warp_i) * 7 + p);
          dbg_pred_undef_o[p*32 +: 32] <= pundef_q(32'(dbg_warp_i) * 7 + p);
        end
      end
    end
  end

  // merged write values
  logic [32*32-1:0] wlo, whi;
  always_comb begin
    wlo = vd ? gpr_q(id) : '0;
    whi = vd1 ? gpr_q(id1) : '0;
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      if (rd_we_i[l]) begin
        wlo[l*32 +: 32] = rd_val_i[l*64 +: 32];
        whi[l*32 +: 32] = rd_val_i[l*64 + 32 +: 32];
      end
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] ip;
  logic [31:0] iu;
  /* verilator lint_on UNUSEDSIGNAL */
  assign ip = 32'(warp_i) * 7 + 32'(pd_i);
  assign iu = 32'(warp_i) * 63 + 32'(urd_i);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gw_q <= '0;
      pw_q <= '0;
      uw_q <= '0;
    end else begin
      if (rd_we_i != 32'd0 && vd) gw_q[id] <= 1'b1;
      if (rd_we_i != 32'd0 && vd1) gw_q[id1] <= 1'b1;
      if (pd_we_i != 32'd0 && pd_i != 3'd7) pw_q[ip] <= 1'b1;
      if (ur_we_i && urd_i != 6'd63) uw_q[iu] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rd_we_i != 32'd0 && vd) begin
      gpr_raw[id] <= wlo;
      gundef_raw[id] <= (gundef_q(id) & ~(stale_undef_i ? 32'd0 : rd_we_i)) | (rd_undef_i & rd_we_i);
    end
    if (rd_we_i != 32'd0 && vd1) begin
      gpr_raw[id1] <= whi;
      gundef_raw[id1] <= (gundef_q(id1) & ~(stale_undef_i ? 32'd0 : rd_we_i)) | (rd_undef_i & rd_we_i);
    end
    if (pd_we_i != 32'd0 && pd_i != 3'd7) begin
      pred_raw[ip] <= (pred_q(ip) & ~pd_we_i) | (pd_val_i & pd_we_i);
      pundef_raw[ip] <= (pundef_q(ip) & ~pd_we_i) | (pd_undef_i & pd_we_i);
    end
    if (ur_we_i && urd_i != 6'd63) ur_raw[iu] <= ur_wval_i;
  end

endmodule
