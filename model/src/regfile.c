/* regfile.c - STUB */
#include "sem.h"
