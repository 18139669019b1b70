// rrf review: the high register of a pair write (R31 of LEPC R[30:31]) held
// undefined lanes (B2R.WARP of a WarpBARState never defined: SPEC-NOTES
// section 5); the pair write defines them (N-17).  Kills a design that keeps
// the high word's undefined marks (old qualify mutant M0099, the stale-undef
// ternary of the pair's high word swapped).
.threads 32
/*0000*/ B2R.WARP R31 ;
/*0010*/ LEPC R[30:31], `(.L_x) ;
.L_x:
/*0020*/ EXIT ;
