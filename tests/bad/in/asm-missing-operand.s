MOV R1, ;
