// bar_restored_op3_exit.s - a reduction word with op 3 (reserved in native) completed by an exit.
// BAR.ARV 0x1, 0x40 marks warp 0 arrived on barrier 1; R2B.BAR restores 0x1c001 (arrived 1,
// expected 0 = all warps, mode 2 = reduction, op 3); the EXIT re-checks the cnt-0 barrier (N-33),
// it completes, and every warp that arrived gets WarpBARState = the final word (N-34).
// bcu.sv:335 `SASS && word_o[..OP] == REDOP_SCAN` made `||` takes op 3 for a sass scan and
// delivers nothing.  The generator's R2B.BAR words never hold mode 2 with op 3.
.threads 32
/*0000*/ BAR.ARV 0x1, 0x40 ;
/*0010*/ MOV R1, 0x1c001 ;
/*0020*/ R2B.BAR 0x1, R1 ;
/*0030*/ EXIT ;
