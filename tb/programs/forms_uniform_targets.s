// Coverage of the uniform-operand branch forms (N-15, N-16): BRX URa,
// BRX c[][], CALL.ABS UR pair, CALL.REL c[][] (64-bit constant), RET.ABS and
// RET.REL.  Every jump skips an EXIT.
.const c[0x1][0x0] = 0x10, 0x0, 0x10, 0x0
/*0000*/ UMOV UR4, 0x10 ;
/*0010*/ BRX UR4, 0x0 ;              // 0x20 + 0x10 = 0x30
/*0020*/ EXIT ;
/*0030*/ BRX c[0x1][0x0] ;           // 0x40 + 0x10 = 0x50
/*0040*/ EXIT ;
/*0050*/ UMOV UR6, 0x90 ;
/*0060*/ UMOV UR7, 0x0 ;
/*0070*/ CALL.ABS UR[6:7], 0x0 ;     // 0x90
/*0080*/ EXIT ;
/*0090*/ CALL.REL c[0x1][0x8] ;      // 0xa0 + 0x10 = 0xb0
/*00a0*/ EXIT ;
/*00b0*/ LEPC R[4:5] ;               // 0xb0
/*00c0*/ IADD R4, R4, 0x40 ;         // 0xf0
/*00d0*/ RET.ABS R[4:5], 0x0 ;       // 0xf0
/*00e0*/ EXIT ;
/*00f0*/ RET.REL RZ, 0x10 ;          // 0x100 + 0x10 = 0x110
/*0100*/ EXIT ;
/*0110*/ MOV R1, 0x1 ;
/*0120*/ EXIT ;
