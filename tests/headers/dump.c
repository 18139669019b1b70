/* compiles warpref/dump.h on its own: the header includes what it needs */
#include "warpref/dump.h"
