// bar_arrived62.s - an R2B.BAR restores an arrived count of 62 warps, then one warp arrives.
// Word 0x3ffe: arrived 62, expected 127 (cnt 0xfe0), mode 1 (N-38).  BAR.ARV 0x1, 0xfe0
// makes it 63 (not complete: 63 < 127); B2R.BAR reads it back.  bcu.sv:274 `arr != 6'h3f`
// made `6'h3e` leaves 62 unchanged.  The generator restores only words it read (<= 32 warps).
.threads 32
/*0000*/ MOV R0, 0x3ffe ;
/*0010*/ R2B.BAR 0x1, R0 ;
/*0020*/ BAR.ARV 0x1, 0xfe0 ;
/*0030*/ B2R.BAR R1, 0x1 ;
/*0040*/ EXIT ;
