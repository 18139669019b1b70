/* compiles warpref/model.h on its own: the header includes what it needs */
#include "warpref/model.h"
