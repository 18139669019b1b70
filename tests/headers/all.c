/* the umbrella header on its own */
#include "warpref.h"
