/* compiles warpref/tracefile.h on its own: the header includes what it needs */
#include "warpref/tracefile.h"
