// Benchmark, visa profile (SPEC-NOTES section 8): 32 warps (32 vISA
// threads) signal and wait on one named barrier in every iteration of a
// counted loop; odd warps produce only, even warps consume only on a second
// barrier.
.profile visa
.threads 1024
        S2R R0, SR_WARPID
        MOV R1, 0
        LOP.AND R3, R0, 1
        ISETP.EQ P0, R3, 1               // odd warps: producers
.L_loop:
        NBARRIER.signal 0x1, 0x20
        NBARRIER.wait 0x1
        @P0 NBARRIER.signal 0x2, 0x1, 0x10, 0x10
        @!P0 NBARRIER.signal 0x2, 0x2, 0x10, 0x10
        @!P0 NBARRIER.wait 0x2
        IADD R1, R1, 1
        ISETP.LT P1, R1, 3000
        @P1 BRA `(.L_loop)
        EXIT
