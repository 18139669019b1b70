// ldc_unwritten.s - LDC of a constant word no .const wrote (N-54: it reads 0).
// Kills warpref_cmem.sv:36 `rlo_o = 32'd0` made 32'd1: the search finds no
// entry, so the low read port keeps its default, 1: write.gpr of the LDC.
// The generator now reads unwritten words too (docs/gen.md, session 7: LDC of bank 1).
.threads 32
/*0000*/ LDC R1, c[0x3][0x10] ;
/*0010*/ EXIT ;
