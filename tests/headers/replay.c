/* compiles warpref/replay.h on its own: the header includes what it needs */
#include "warpref/replay.h"
