/* compiles warpref/compare.h on its own: the header includes what it needs */
#include "warpref/compare.h"
