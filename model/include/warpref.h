/* warpref.h - the whole public API of libwarpref. */
#ifndef WARPREF_H
#define WARPREF_H
#include "warpref/input.h"
#include "warpref/isa.h"
#include "warpref/model.h"
#include "warpref/paths.h"
#include "warpref/retire.h"
#include "warpref/compare.h"
#include "warpref/run.h"
#include "warpref/checker.h"
#include "warpref/dump.h"
#include "warpref/gen.h"
#include "warpref/tracefile.h"
#include "warpref/replay.h"
#include "warpref/outfile.h"
#include "warpref/json.h"
#endif
