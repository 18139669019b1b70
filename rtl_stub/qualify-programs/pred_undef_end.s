// M0359-pred-undef-end.s (review rcore1, old mutant M0359, warpref_core.sv
// .pd_undef_i ternary swapped: the register file never stores a predicate's
// undefined lanes).  BAR.RESULT with no completed reduction leaves P1 undefined
// (N-39); it is never written again, so the model ends with P1 undefined and the
// mutant's debug port (dbg_pred_undef) calls it defined.  Both pass the lockstep:
// the end's undefined marks are compared one way only (wr_checker_final_undef:
// undefined in the RTL, defined in the model), even with STRICT_UNDEF.
.threads 32
/*0000*/ BAR.RESULT R3, P1 ;
/*0010*/ EXIT ;
