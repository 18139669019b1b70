/* trace.c - STUB */
#include "warpref/run.h"
