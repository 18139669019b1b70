/* compiles warpref/gen.h on its own: the header includes what it needs */
#include "warpref/gen.h"
