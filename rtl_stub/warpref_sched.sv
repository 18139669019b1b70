// warpref_sched.sv - the warp scheduler.  Two policies:
//   rr_i = 1: SPEC-NOTES N-50 exactly (for cross-checking against the model):
//             the first issuable warp at or after a pointer, which then moves
//             to the warp after the one issued.
//   rr_i = 0: the stub's own policy, greedy-then-oldest: the warp that issued
//             last issues again while it can; otherwise the warp that has
//             waited longest (ties: the lowest index).  With the latencies of
//             warpref_rtl_pkg::latency a warp is not issuable while busy.
module warpref_sched #(
  parameter int unsigned NW = 4
) (
  /*verilator tracing_off*/  // one sample a cycle in the waves: no clock drawn
  input  logic          clk_i,
  /*verilator tracing_on*/
  input  logic          rst_ni,
  input  logic          rr_i,
  input  logic [5:0]    nwarps_i,
  input  logic [NW-1:0] issuable_i,
  input  logic          take_i,        // the pick is issued this cycle
  output logic          valid_o,
  output logic [4:0]    warp_o,
  output logic [4:0]    ptr_o,         // N-50 pointer (rr) / greedy warp (own)
  output logic [NW*8-1:0] wait_o       // own policy: cycles each warp has waited
);
  localparam int unsigned WAW = NW > 1 ? $clog2(NW) : 1;
  logic [4:0] ptr_q;
  logic [7:0] wait_q [NW];

  always_comb begin : p_pick
    logic [7:0] best;
    logic       found;
    logic [6:0] w;
    valid_o = 1'b0;
    warp_o = 5'd0;
    found = 1'b0;
    best = 8'd0;
    w = 7'd0;
    if (rr_i) begin
      /*verilator tracing_off*/
      for (int k = 0; k < NW; k++) begin
      /*verilator tracing_on*/
        w = {2'b00, ptr_q} + 7'(k);
        if (w >= {1'b0, nwarps_i}) w = w - {1'b0, nwarps_i};
        if (!found && 7'(k) < {1'b0, nwarps_i} && 32'(w) < NW && issuable_i[w[WAW-1:0]]) begin
          found = 1'b1;
          warp_o = w[4:0];
        end
      end
    end else if (32'(ptr_q) < NW && issuable_i[ptr_q[WAW-1:0]]) begin
      found = 1'b1;
      warp_o = ptr_q;
    end else begin
      /*verilator tracing_off*/
      for (int v = 0; v < NW; v++) begin
      /*verilator tracing_on*/
        if (issuable_i[v] && (!found || wait_q[v] > best)) begin
          found = 1'b1;
          best = wait_q[v];
          warp_o = 5'(v);
        end
      end
    end
    valid_o = found;
  end

  assign ptr_o = ptr_q;
  /*verilator tracing_off*/
  always_comb for (int v = 0; v < NW; v++) wait_o[v*8 +: 8] = wait_q[v];
  /*verilator tracing_on*/

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= 5'd0;
      /*verilator tracing_off*/
      for (int w = 0; w < NW; w++) wait_q[w] <= 8'd0;
      /*verilator tracing_on*/
    end else if (take_i) begin
      if (rr_i) ptr_q <= 32'(warp_o) + 1 >= 32'(nwarps_i) ? 5'd0 : warp_o + 5'd1;
      else ptr_q <= warp_o;
      /*verilator tracing_off*/
      for (int w = 0; w < NW; w++) begin
      /*verilator tracing_on*/
        if (5'(w) == warp_o) wait_q[w] <= 8'd0;
        else if (issuable_i[w] && wait_q[w] != 8'hff) wait_q[w] <= wait_q[w] + 8'd1;
      end
    end
  end

endmodule
