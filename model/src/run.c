/* run.c - STUB */
#include "warpref/run.h"
