/* compiles warpref/paths.h on its own: the header includes what it needs */
#include "warpref/paths.h"
