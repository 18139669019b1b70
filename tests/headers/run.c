/* compiles warpref/run.h on its own: the header includes what it needs */
#include "warpref/run.h"
