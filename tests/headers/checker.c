/* compiles warpref/checker.h on its own: the header includes what it needs */
#include "warpref/checker.h"
