// NANOSLEEP Rb with every lane's Rb = 0xffffffff: t = 0xffffffff (N-23, the
// smallest over pmask); the wake is due 2^32 - 1 after the issue
.threads 32
/*0000*/ MOV R1, 0xffffffff ;
/*0010*/ NANOSLEEP R1 ;
/*0020*/ EXIT ;
