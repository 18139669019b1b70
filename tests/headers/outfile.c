/* compiles warpref/outfile.h on its own: the header includes what it needs */
#include "warpref/outfile.h"
