// cmem_addr0.s - a constant word at c[0x0][0x0] (word address 0), read by LDC.
// Kills warpref_cmem.sv:69 `we_i && slot < N` made `||`: with no write the
// fill count runs on every cycle and marks every later slot used, their
// address and value still 0 (never written), so the read of address 0 finds
// the last of them and gets 0: write.gpr of the LDC.
.threads 32
.const c[0x0][0x0] = 0x12345678
/*0000*/ NOP ;
/*0010*/ LDC R1, c[0x0][0x0] ;
/*0020*/ EXIT ;
