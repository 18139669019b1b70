//! args: --threads x
.threads 32
EXIT ;
