// rn4 review (not a kill: the evidence that M1224 is equivalent).  Run with
// +words=illegal_ra64.words: its third word is this NOP with bit 30 set
// (bits 31:24 = 0x40, f_ra = 64), an illegal encoding (N-37: reserved bit 30
// of NOP_X).  On the infection build (+infect=) M1224 (regfile.sv:100
// `32'(ra_i) < NR` made `<=`) differs once, and the run passes as the
// design's: end exception ILLEGAL_ENCODING; nothing of Ra reaches a compare.
.threads 64
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ IADD R1, R0, 0x5 ;
/*0020*/ NOP ;
/*0030*/ EXIT ;
