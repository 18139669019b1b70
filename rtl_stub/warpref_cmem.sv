// warpref_cmem.sv - constant memory (SPEC-NOTES N-52, N-54): a small table of
// (word address, value) entries loaded by the testbench, where a word address
// is {bank[4:0], offset[15:2]}.  Words never written read 0; a later write of
// the same address overrides the earlier one.  Two read ports: the word at
// an address and the word 4 bytes above (the high half of a 64-bit constant).
// The searches run only when asked (re_i: the instruction reads a constant;
// we_i: the testbench writes one): outputs are 0 / don't-care otherwise, and
// a simulator evaluating the table every cycle would spend a third of the
// core's time on it (docs/lockstep.md, Performance).
module warpref_cmem #(
  parameter int unsigned N = 64
) (
  /*verilator tracing_off*/  // one sample a cycle in the waves: no clock drawn
  input  logic        clk_i,
  /*verilator tracing_on*/
  input  logic        rst_ni,
  input  logic        we_i,
  input  logic [18:0] waddr_i,
  input  logic [31:0] wdata_i,
  input  logic        re_i,
  input  logic [18:0] raddr_i,
  output logic [31:0] rlo_o,
  output logic [31:0] rhi_o
);
  logic [18:0] addr_q [N];
  logic [31:0] data_q [N];
  logic [N-1:0] used_q;
  logic [31:0] fill_q;

  logic [18:0] raddr_hi;
  logic        hi_ok;
  assign raddr_hi = raddr_i + 19'd1;
  assign hi_ok = raddr_i[13:0] != 14'h3fff;   // past the bank end reads 0

  always_comb begin
    rlo_o = 32'd0;
    rhi_o = 32'd0;
    if (re_i) begin
      /*verilator tracing_off*/
      for (int i = 0; i < N; i++) begin
      /*verilator tracing_on*/
        if (used_q[i] && addr_q[i] == raddr_i) rlo_o = data_q[i];
        if (used_q[i] && hi_ok && addr_q[i] == raddr_hi) rhi_o = data_q[i];
      end
    end
  end

  logic [31:0] slot;
  logic        hit;
  always_comb begin
    slot = fill_q;
    hit = 1'b0;
    if (we_i) begin
      /*verilator tracing_off*/
      for (int i = 0; i < N; i++) begin
      /*verilator tracing_on*/
        if (used_q[i] && addr_q[i] == waddr_i) begin
          slot = 32'(i);
          hit = 1'b1;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      used_q <= '0;
      fill_q <= 32'd0;
    end else if (we_i && slot < N) begin
      used_q[slot] <= 1'b1;
      if (!hit) fill_q <= fill_q + 32'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (we_i && slot < N) begin
      addr_q[slot] <= waddr_i;
      data_q[slot] <= wdata_i;
    end
  end

endmodule
