.profile visa
NBARRIER.signal R1, R2, R3, R4, R5 ;
