/* compiles warpref/isa.h on its own: the header includes what it needs */
#include "warpref/isa.h"
