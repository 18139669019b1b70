/* compiles warpref/retire.h on its own: the header includes what it needs */
#include "warpref/retire.h"
