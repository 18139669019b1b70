// R2B.BAR drops bits 31:29 of the restored word (N-39); B2R.BAR reads back the
// rest.  Catches the RTL bug r2b_keep_top.
MOV R1, 0xe0002000 ;
R2B.BAR 0x3, R1 ;
B2R.BAR R2, 0x3 ;
MOV R1, 0x0 ;
R2B.BAR 0x3, R1 ;
EXIT ;
