// WARPSYNC 0xffffffff on a partial warp: the membermask is cut to ValidMask
// (N-25), so the 16 live lanes synchronise at once.  Catches the RTL bug
// warpsync_no_valid.
.threads 16
S2R R0, SR_LANEID ;
WARPSYNC 0xffffffff ;
MOV R1, 0x1 ;
EXIT ;
