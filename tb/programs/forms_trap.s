// Coverage of TRAP Rb (index from the lowest pmask lane), TRAP c[][],
// SYSCALL and RTT (N-26), one per warp; guarded-off forms fall through.
//! args: --threads 128
.const c[0x4][0x0] = 0x2a
S2R R0, SR_WARPID ;
ISETP.EQ P0, R0, 0x0 ;
ISETP.EQ P1, R0, 0x1 ;
ISETP.EQ P2, R0, 0x2 ;
S2R R3, SR_LANEID ;
IADD R3, R3, 0x64 ;
@P0 TRAP R3 ;
@P1 TRAP c[0x4][0x0] ;
@P2 SYSCALL ;
RTT ;
