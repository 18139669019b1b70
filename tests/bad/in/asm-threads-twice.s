.threads 32
.threads 64
EXIT ;
