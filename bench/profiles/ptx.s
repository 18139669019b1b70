// Benchmark, ptx profile (SPEC-NOTES section 8): 32 warps meet at an aligned
// reduction (the result in a register) and, each warp divergent, at a
// non-aligned barrier reached from both branches of a region, in every
// iteration of a counted loop.
.profile ptx
.threads 1024
        S2R R0, SR_TID
        MOV R1, 0
        LOP.AND R3, R0, 7
        ISETP.EQ P0, R3, 0
        ISETP.LT P2, R3, 4
.L_loop:
        bar.red.popc.u32 R4, 0x1, P0
        BSSY B0, `(.L_join)
        @P2 BRA `(.L_else)
        barrier.sync 0x0
        BRA `(.L_join)
.L_else:
        barrier.sync 0x0
.L_join:
        BSYNC B0
        IADD R1, R1, 1
        ISETP.LT P1, R1, 3000
        @P1 BRA `(.L_loop)
        EXIT
