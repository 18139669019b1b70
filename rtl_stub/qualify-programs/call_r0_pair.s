// call_r0_pair.s - a CALL through the register pair R[0:1] whose high
// word R1 is not 0 (N-16: the target is {R1, R0} + offset).  With R1 = 1,
// R0 = 0x30 and the offset -2^32 the target is 0x30.  regfile.sv:101
// `va1 = ra + 1 < NR` made `ra - 1 < NR` is 0 at ra = 0 (0 - 1 wraps), so the
// pair's high word reads 0: the RTL's target is 0x30 - 2^32, a fetch fault.
// The generator's CALL/RET pairs were R[30:31], R[62:63], R[12:13] (R[0:1] was
// LEPC's destination only); it now makes this call too (docs/gen.md, session 7).
.threads 32
/*0000*/ MOV R1, 0x1 ;
/*0010*/ MOV R0, 0x30 ;
/*0020*/ CALL.ABS R[0:1], -0x100000000 ;
/*0030*/ EXIT ;
