// Benchmark: 8 warps, a loop whose body holds a nested if (two BSSY/BSYNC
// levels) and a per-lane data-dependent inner loop left by BREAK.
.threads 256
        S2R R0, SR_LANEID
        MOV R1, 0
.L_outer:
        LOP.AND R5, R0, 3               // inner trip count 0..3 per lane
        MOV R6, 0
        BSSY B1, `(.L_inner_done)
.L_inner:
        ISETP.GE P2, R6, R5
        @P2 BREAK B1
        @P2 BRA `(.L_inner_done)
        IADD R6, R6, 1
        BRA `(.L_inner)
.L_inner_done:
        BSYNC B1
        ISETP.LT P0, R0, 16
        BSSY B0, `(.L_j0)
        @!P0 BRA `(.L_j0)
        LOP.AND R3, R0, 1
        ISETP.EQ P1, R3, 0
        BSSY B2, `(.L_j1)
        @P1 BRA `(.L_j1)
        IADD R2, R2, 1
.L_j1:
        BSYNC B2
.L_j0:
        BSYNC B0
        IADD R1, R1, 1
        ISETP.LT P3, R1, 2000
        @P3 BRA `(.L_outer)
        EXIT
