/* compiles warpref/json.h on its own: the header includes what it needs */
#include "warpref/json.h"
