/* names.c - the name tables of the model's enums, each expanded from the one
 * X-macro list next to its enum (model.h, retire.h): adding an exception, a
 * warning, a run state, an event, a run end or an error is one row there.
 * (The profiles' names are the ISA's: isa.c.) */
#include <string.h>

#include "warpref/retire.h"

#define NAME_(name, ...) #name,
#define TEXT_(name, text, ...) text,

static const char *const exception_names[WR_EXC_COUNT] = { WR_EXCEPTIONS(NAME_) };
static const char *const warning_names[WR_WARN_COUNT] = { WR_WARNINGS(NAME_) };
static const char *const run_state_names[WR_WARP_STATE_COUNT] = { WR_RUN_STATES(TEXT_) };
static const char *const event_names[WR_EV_COUNT] = { WR_EVENTS(TEXT_) };
static const char *const end_names[WR_END_COUNT] = { WR_ENDS(TEXT_) };
static const char *const error_names[WR_ERR_COUNT] = { WR_ERRORS(NAME_) };
static const char *const operand_mode_names[WR_OPERAND_MODE_COUNT] = { WR_OPERAND_MODES(TEXT_) };
static const char *const write_kind_names[WR_WRITE_KIND_COUNT] = { WR_WRITE_KINDS(TEXT_) };
static const char *const fetch_fault_names[WR_FETCH_FAULT_COUNT] = { WR_FETCH_FAULTS(TEXT_) };

#undef NAME_
#undef TEXT_

#define LOOKUP_(table, i, unknown) \
    ((i) < sizeof table / sizeof table[0] ? table[i] : (unknown))

const char *wr_exception_name(unsigned exc) { return LOOKUP_(exception_names, exc, "UNKNOWN"); }
const char *wr_warning_name(unsigned warn) { return LOOKUP_(warning_names, warn, "UNKNOWN"); }
const char *wr_run_state_name(unsigned run) { return LOOKUP_(run_state_names, run, "unknown"); }
const char *wr_event_name(unsigned kind) { return LOOKUP_(event_names, kind, "unknown"); }
const char *wr_end_name(wr_end end) { return LOOKUP_(end_names, (unsigned)end, "unknown"); }

int wr_end_by_name(const char *name)
{
    for (unsigned e = WR_END_NONE + 1; name && e < WR_END_ERROR; e++)
        if (strcmp(name, end_names[e]) == 0)
            return (int)e;
    return -1;
}
const char *wr_error_name(unsigned err) { return LOOKUP_(error_names, err, "UNKNOWN"); }
const char *wr_operand_mode_name(unsigned mode) { return LOOKUP_(operand_mode_names, mode, "unknown"); }
const char *wr_write_kind_name(unsigned kind) { return LOOKUP_(write_kind_names, kind, "unknown"); }
const char *wr_fetch_fault_name(unsigned fault) { return LOOKUP_(fetch_fault_names, fault, "unknown"); }
