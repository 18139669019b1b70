// a seed of fuzz_run: a loop that never ends (fuzz_run stops it at 3000 instructions)
.L_top:
/*0000*/ IADD R2, R2, 0x2 ;
/*0010*/ BRA `(.L_top) ;
