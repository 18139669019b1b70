/* svconsts.c - the constants of the DPI package (dpi/warpref_pkg.sv), as the
 * include file it reads (dpi/warpref_pkg_consts.svh), generated from the
 * model's enums: LANES, the operand modes, the `reads` bits (WR_IN_BITS), the
 * `ev` bits of the retire port (WR_PORT_EVENTS), the run states
 * (WR_RUN_STATES), the fetch faults (WR_FETCH_FAULTS), the counters
 * (WR_CHECKER_COUNTS), and the trace's names of the run states, exceptions,
 * warnings and fetch faults (run_name .. fetch_what: functions, for
 * kit/warpref_trace_writer.sv).  Deterministic: the
 * checked-in file is diffed against `warpref encoding --sv-dpi`
 * (tests/check_svpkg.py), as rtl_stub/warpref_isa_pkg.sv against --sv.  The
 * C side of the DPI reads the same enums by name. */
#include <stdio.h>

#include "warpref/checker.h"
#include "warpref/retire.h"

/* one constant: TYPE PREFIX_NAME = VALUE;   // DOC (name aligned) */
static int konst(FILE *out, const char *type, const char *prefix, const char *name, const char *value,
                 const char *text, const char *doc)
{
    char full[40];
    snprintf(full, sizeof full, "%s_%s", prefix, name);
    return fprintf(out, "  localparam %s %-16s = %s;   // %s%s%s\n", type, full, value, text, *text ? ": " : "", doc) <
           0;
}

int wr_checker_write_sv_consts(FILE *out)
{
    int e = 0;
    char v[16];
#define P(...) (e |= fprintf(out, __VA_ARGS__) < 0)
    P("// warpref_pkg_consts.svh - generated from the model's enums (model/include/warpref/model.h,\n"
      "// retire.h) by `warpref encoding --sv-dpi` (wr_checker_write_sv_consts,\n"
      "// model/src/check/svconsts.c); do not edit by hand.  dpi/warpref_pkg.sv includes it\n"
      "// inside package warpref_pkg (warpref_pkg::NAME); the C side of the DPI\n"
      "// (dpi/warpref_dpi.c) reads the same enums by name.\n"
      "// A testbench uses some of the names only.\n"
      "  /* verilator lint_off UNUSEDPARAM */\n");
    P("  localparam int unsigned LANES = %d;\n", WR_LANES);

    P("\n  // operand_mode of warpref_dpi_new (WR_OPERAND_MODES)\n");
#define WR_X_(name, text, doc) \
    snprintf(v, sizeof v, "%d", WR_OPERANDS_##name); \
    e |= konst(out, "int", "OPERANDS", #name, v, text, doc);
    WR_OPERAND_MODES(WR_X_)
#undef WR_X_

    P("\n  // `reads` bits: which operands the RTL reports (WR_IN_BITS)\n");
#define WR_X_(name, bit, kind, doc) \
    snprintf(v, sizeof v, "1 << %d", bit); \
    e |= konst(out, "int unsigned", "IN", #name, v, "", doc);
    WR_IN_BITS(WR_X_)
#undef WR_X_
    snprintf(v, sizeof v, "'h%x", (unsigned)WR_IN_GPRS);
    e |= konst(out, "int unsigned", "IN", "GPRS", v, "",
               "the GPR operands, whose values warpref_dpi_retire_in carries (KIND GPR)");

    P("\n  // `ev` bits of a retire (WR_PORT_EVENTS)\n");
#define WR_X_(name, bit, doc) \
    snprintf(v, sizeof v, "1 << %d", bit); \
    e |= konst(out, "int unsigned", "EV", #name, v, "", doc);
    WR_PORT_EVENTS(WR_X_)
#undef WR_X_

    P("\n  // run states (SPEC-NOTES section 2, WR_RUN_STATES)\n");
#define WR_X_(name, text, doc) \
    snprintf(v, sizeof v, "%d", WR_WARP_##name); \
    e |= konst(out, "int unsigned", "RUN", #name, v, text, doc);
    WR_RUN_STATES(WR_X_)
#undef WR_X_

    P("\n  // `why` of warpref_dpi_fetch_fault (N-27, WR_FETCH_FAULTS)\n");
#define WR_X_(name, text, doc)                                   \
    if (WR_FETCH_##name != WR_FETCH_NONE) {                      \
        snprintf(v, sizeof v, "%d", WR_FETCH_##name);            \
        e |= konst(out, "int unsigned", "FETCH", #name, v, text, doc); \
    }
    WR_FETCH_FAULTS(WR_X_)
#undef WR_X_

    P("\n  // `which` of warpref_dpi_count (WR_CHECKER_COUNTS)\n");
#define WR_X_(name, member, which, doc) \
    snprintf(v, sizeof v, "%d", WR_COUNT_##name); \
    e |= konst(out, "int", "COUNT", #name, v, "", doc);
    WR_CHECKER_COUNTS(WR_X_)
#undef WR_X_

    /* the trace's spellings of the codes above (TRACE-FORMAT), for a
     * testbench that writes the trace itself (kit/warpref_trace_writer.sv) */
    P("\n  // the trace's names (TRACE-FORMAT): a warp's state, `exception:NAME`,\n"
      "  // `warning:NAME`, a fetch fault's `what`; \"?\" for a code with none\n");
    P("  function automatic string run_name(input int unsigned code);\n    case (code)\n");
#define WR_X_(name, text, doc) P("      %d: run_name = \"%s\";\n", WR_WARP_##name, text);
    WR_RUN_STATES(WR_X_)
#undef WR_X_
    P("      default: run_name = \"?\";\n    endcase\n  endfunction\n");
    P("  function automatic string exception_name(input int unsigned code);\n    case (code)\n");
#define WR_X_(name, doc) P("      %d: exception_name = \"%s\";\n", WR_EXC_##name, #name);
    WR_EXCEPTIONS(WR_X_)
#undef WR_X_
    P("      default: exception_name = \"?\";\n    endcase\n  endfunction\n");
    P("  function automatic string warning_name(input int unsigned code);\n    case (code)\n");
#define WR_X_(name, doc) P("      %d: warning_name = \"%s\";\n", WR_WARN_##name, #name);
    WR_WARNINGS(WR_X_)
#undef WR_X_
    P("      default: warning_name = \"?\";\n    endcase\n  endfunction\n");
    P("  function automatic string fetch_what(input int unsigned why);\n    case (why)\n");
#define WR_X_(name, text, doc) \
    if (WR_FETCH_##name != WR_FETCH_NONE) P("      %d: fetch_what = \"%s\";\n", WR_FETCH_##name, text);
    WR_FETCH_FAULTS(WR_X_)
#undef WR_X_
    P("      default: fetch_what = \"?\";\n    endcase\n  endfunction\n");
    P("  /* verilator lint_on UNUSEDPARAM */\n");
#undef P
    return e ? -1 : 0;
}
