// rrf review: a register pair written at R[0:1] (LEPC) while R1 holds a
// value: the pair's high word (0) must replace it (N-17).  Kills a design
// that drops the high half of a pair write at Rd = R0 (old qualify mutant
// M0441, vd1 = rd_pair && rd - 1 < NR).
.threads 32
/*0000*/ MOV R1, 0x5 ;
/*0010*/ LEPC R[0:1], `(.L_x) ;
.L_x:
/*0020*/ EXIT ;
