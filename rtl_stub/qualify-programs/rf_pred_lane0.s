// rrf review: the first write of a predicate (P2) by lane 0 alone (pd write
// lanes exactly 0x1), value true: the end state has P2 in lane 0 (old
// qualify mutant M0412, the written bit set only when pd_we != 1).
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.EQ P1, R0, 0x0 ;
/*0020*/ @P1 ISETP.EQ P2, R0, 0x0 ;
/*0030*/ EXIT ;
