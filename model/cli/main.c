/* main.c - the `warpref` command: a thin driver of libwarpref.
 *
 *   warpref run PROG.s [options]    run one CTA, write the canonical trace
 *   warpref asm PROG.s [-o FILE]    text -> 128-bit words, one per line
 *   warpref disasm [WORDS]          words -> canonical text
 *   warpref encoding                docs/encoding.md, generated from the ISA table
 *
 * Every user error is one line on stderr and exit status 2 (TRACE-FORMAT's
 * "bad input"); run's other statuses are those of its final record. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "view.h"
#include "warpref.h"

#define VERSION "0.1.0"

static const char *const usage_main =
    "usage: warpref COMMAND [ARGS]\n"
    "\n"
    "Reference model of a GPU barrier unit (BCU) and branch-reconvergence unit (BRU).\n"
    "\n"
    "commands:\n"
    "  run PROG.s      run a program on one CTA and write the canonical JSONL trace\n"
    "  asm PROG.s      assemble text into 128-bit instruction words (hex, one per line)\n"
    "  disasm [WORDS]  disassemble words (hex, one per line) into canonical text\n"
    "  encoding        print the instruction encoding reference (docs/encoding.md)\n"
    "  gen --seed S    write a random, terminating program (docs/gen.md)\n"
    "  paths           list the semantic paths of the model (docs/semantics.md)\n"
    "  replay TRACE    check a trace (JSONL or binary) against the model (docs/replay.md)\n"
    "  trace convert IN OUT  convert a trace between JSONL and binary (docs/trace-binary.md)\n"
    "  view TRACE --warp W   draw a warp's lanes x time as SVG (docs/view.md)\n"
    "  help [COMMAND]  show help for a command\n"
    "\n"
    "options: --help, --version\n"
    "exit status: 0 success, 2 bad input or usage; run also 3 deadlock/livelock,\n"
    "4 exception, 5 limit (see 'warpref help run'); replay 1 on a divergence.\n";

static const char *const usage_run =
    "usage: warpref run PROG.s [--threads N] [--trace FILE|-] [--dump-regs N]\n"
    "                          [--max-steps N] [--trace-operands] [--stats]\n"
    "                          [--profile NAME] [--trap-mode]\n"
    "                          [--explain FILE|-] [--coverage FILE|-]\n"
    "\n"
    "Runs PROG.s on one CTA with the round-robin scheduler of SPEC-NOTES N-50.\n"
    "\n"
    "  --profile NAME    native, sass, ptx or visa (default: the program's\n"
    "                    .profile, else native); the barrier semantics it runs\n"
    "  --trap-mode       sass: every warp in trap mode for the whole run (S-13)\n"
    "  --threads N       CTA size, 1..1024 (default: the program's .threads, else 32)\n"
    "  --trace FILE|-    write the JSONL trace (docs/trace.md) to FILE, or stdout\n"
    "  --dump-regs N     add registers R0..R(N-1) and predicates to the final record\n"
    "  --max-steps N     stop after N instructions with end 'limit' (default 1000000)\n"
    "  --trace-operands  add insn, in, out and asm to every instruction record\n"
    "  --stats           also print the run's speed (instructions per second)\n"
    "  --explain FILE|-  write one line per step: the semantic path(s) it took and\n"
    "                    the masks that decided them, with the rules and their\n"
    "                    entries in docs/rules.md\n"
    "  --coverage FILE|- write the table path -> hits of the run\n"
    "\n"
    "Numbers: decimal without a leading zero, or 0x hex.  Each option at most once;\n"
    "at most one output on stdout.\n"
    "A one-line summary goes to stderr.  Exit status: 0 done, 2 bad input,\n"
    "3 deadlock or livelock, 4 exception or fetch fault, 5 limit.\n";

static const char *const usage_paths =
    "usage: warpref paths [--profile NAME]\n"
    "\n"
    "Lists the semantic paths of the model, one per line: the name, the rules of\n"
    "SPEC-NOTES, where the path is reached (gen: by generated programs; error:\n"
    "only by a program error; hazard: only in a spec hazard, which generated\n"
    "programs avoid; word: only by a word the assembler never writes; never) and\n"
    "the template of its explanation.  docs/semantics.md explains each.\n"
    "--profile NAME (native, sass, ptx, visa): the paths of that profile's\n"
    "programs; one its engine cannot take has reach 'absent' (docs/profiles.md).\n";

static const char *const usage_asm =
    "usage: warpref asm PROG.s|- [-o FILE|-] [--profile NAME]\n"
    "\n"
    "Assembles PROG.s (or standard input) and writes one instruction word per line,\n"
    "32 hex digits with 0x, bits 127..0, to FILE or standard output; instruction i\n"
    "is at address 16*i.  --profile native|sass|ptx|visa: the instructions the text\n"
    "may use (default: the program's .profile, else native).\n"
    "Exit status: 0, or 2 with FILE:LINE:COL: error: ... on bad input.\n";

static const char *const usage_disasm =
    "usage: warpref disasm [WORDS|-] [--profile NAME]\n"
    "\n"
    "Reads instruction words (0x and 32 hex digits, one per line, as 'warpref asm'\n"
    "writes them; blank lines and lines starting with # are skipped) from WORDS or\n"
    "standard input and prints the canonical text of each, the k-th word being at\n"
    "address 16*k.  --profile native|sass|ptx|visa: the instructions the words may\n"
    "be (default native); under another than native the text starts with its\n"
    ".profile line.  The output assembles back into the same words.  Exit status: 0,\n"
    "or 2 with FILE:LINE:COL: error: ... on a line that is not a word, a word that\n"
    "is not a legal instruction, or an input with no words.\n";

static const char *const usage_encoding =
    "usage: warpref encoding [--sv | --sv-dpi | --list]\n"
    "\n"
    "Prints the encoding reference generated from the ISA table (docs/encoding.md);\n"
    "with --sv, the RTL stub's SystemVerilog package (rtl_stub/warpref_isa_pkg.sv);\n"
    "with --sv-dpi, the constants of the DPI package (dpi/warpref_pkg_consts.svh),\n"
    "generated from the model's enums;\n"
    "with --list, one line per form for scripts: form, optype, group, profiles,\n"
    "mnemonic, modifier names (- for none), operand syntax (- for none).\n";

static const char *const usage_gen =
    "usage: warpref gen --seed S [--size N] [--warps W | --threads T]\n"
    "                   [--weights NAME=W,...] [--profile NAME] [-o FILE|-]\n"
    "                   [--exceptions PCT] [--wide-links] [--words FILE]\n"
    "\n"
    "Writes a random, well-formed program that ends 'done' under any fair warp\n"
    "schedule (docs/gen.md); the same options give the same text on any machine.\n"
    "Each program is run on the model before it is written.\n"
    "\n"
    "  --seed S          the seed, 0..2^64-1 (required)\n"
    "  --size N          about N instructions, 1..100000 (default 200)\n"
    "  --warps W         W full warps, 1..32 (default: chosen from the seed)\n"
    "  --threads T       CTA size 1..1024 (default: chosen from the seed)\n"
    "  --weights LIST    relative weights 0..1000 of statement classes, e.g.\n"
    "                    yield=0,barrier=20; classes: helper ifelse loop brx call\n"
    "                    exit yield sleep warpsync bmov barrier reduce bstate skip trap\n"
    "  --profile NAME    native, sass, ptx or visa: the barrier instructions used\n"
    "                    (default native; the program says .profile NAME)\n"
    "  -o FILE|-         write to FILE (default: standard output)\n"
    "  --exceptions PCT  the chance, 0..100 percent, that the program ends in a\n"
    "                    planted exception (N-37: an illegal word, a WARPSYNC or a\n"
    "                    barrier exception; default 0)\n"
    "  --wide-links      the addresses LEPC writes carry a high word\n"
    "  --words FILE      also write the program's words, an illegal word in place\n"
    "                    (the lockstep testbench's +words=FILE)\n"
    "\n"
    "Numbers: decimal without a leading zero, or 0x hex.  Each option at most once.\n"
    "Exit status: 0, or 2 with a one-line message on a bad option.\n";

static const char *const usage_replay =
    "usage: warpref replay TRACE|- [--program FILE.s] [--threads N] [--start N] [--count N]\n"
    "                              [--ignore FIELD,...] [--mask FIELD:MASK,...] [--keep-going]\n"
    "                              [--dump BASE] [--stats] [--explain FILE|-] [--coverage FILE|-]\n"
    "                              [--profile NAME] [--strict-undef]\n"
    "\n"
    "Checks a trace (canonical JSONL or binary, by its first bytes) record by record\n"
    "against the model with the lockstep checker, in the trace's order: operand-driven\n"
    "when the records carry 'in', else self-contained with --program (docs/replay.md).\n"
    "\n"
    "  --program FILE.s  the program (needed when the records have no 'insn' or 'in')\n"
    "  --profile NAME    native, sass, ptx or visa: the model's profile (default: the\n"
    "                    program's .profile; a program learnt from the records: native)\n"
    "  --threads N       CTA size, 1..1024 (default: the binary header's, the program's,\n"
    "                    else the trace's final record; a trace that does not state it,\n"
    "                    standard input among them, needs --threads or --program)\n"
    "  --start N         compare from record N on (1..); earlier records are stepped\n"
    "  --count N         compare N records from --start (then stop: no final record)\n"
    "  --ignore LIST     compare fields left out (names as in docs/lockstep.md; t: the\n"
    "                    records' time, compared with the model's N-50 time)\n"
    "  --mask LIST       FIELD:MASK,...: only these bits of a field are compared\n"
    "  --keep-going      report every divergence (default: stop at the first)\n"
    "  --strict-undef    a written lane the model leaves undefined must be marked\n"
    "                    undefined in the trace too (row undef; default: any value)\n"
    "  --dump BASE       the mismatch dump's files, BASE.txt and BASE.json\n"
    "                    (default replay-dump); written on a divergence only\n"
    "  --stats           also print the replay's speed (records per second, wall and CPU)\n"
    "  --explain FILE|-  write one line per step the model took: the semantic path(s)\n"
    "                    and the masks that decided them, with the rules (as 'run')\n"
    "  --coverage FILE|- write the table path -> hits of the model's steps\n"
    "\n"
    "At most one output on stdout; the summary goes to stderr.\n"
    "Exit status: 0 the trace matches, 1 a divergence (FILE:RECORD: divergence: ...),\n"
    "2 bad input (FILE:RECORD[:COL]: error: ...), usage, or an output that cannot be written.\n";

static const char *const usage_trace =
    "usage: warpref trace convert IN|- OUT|- [--to jsonl|binary] [--threads N]\n"
    "\n"
    "Converts a trace between the canonical JSONL format and the binary format\n"
    "(docs/trace-binary.md).  IN's format comes from its first bytes; OUT's from\n"
    "--to, else its extension: .wtb binary, anything else (and -) JSONL.  The\n"
    "conversion is lossless: JSONL -> binary -> JSONL gives the same bytes for a\n"
    "trace written by warpref.  --threads: the CTA size a binary header records\n"
    "(default: the CTA size IN states, as replay finds it, else 0: not known).\n"
    "Exit status: 0, or 2 with FILE:RECORD: error: ... on bad input.\n";

static const char *const usage_view =
    "usage: warpref view TRACE|- --warp W [--from T] [--to T] [--against TRACE2] [-o FILE.svg|-]\n"
    "       warpref view --dump DUMP.json [--warp W] [--from T] [--to T] [-o FILE.svg|-]\n"
    "\n"
    "Draws one warp as lanes x time (SVG, docs/view.md): a column per instruction the\n"
    "warp issued in the window, oldest first; four bands, ActiveMask, ValidMask,\n"
    "YieldMask and SleepMask, each a row per lane 0..31, a cell filled where the lane's\n"
    "bit is set after the instruction; the ActivePC after it above the column, its t\n"
    "below.  TRACE is JSONL or binary (by its first bytes).  At most the last 256\n"
    "instructions of the window are drawn.\n"
    "\n"
    "  --warp W          the warp, 0..31 (with --dump, default: the failing warp)\n"
    "  --from T, --to T  the window: the instructions whose t is in T..T (both included;\n"
    "                    a dump's cycle)\n"
    "  --against TRACE2  a second panel: TRACE2's instructions of the warp, paired with\n"
    "                    TRACE's by their order; lanes and ActivePCs that differ are\n"
    "                    outlined in red on both panels\n"
    "  --dump DUMP.json  a mismatch dump (docs/dumps.md): the model's panel and the\n"
    "                    RTL's from its history, up to the failing instruction\n"
    "  -o FILE|-         write the picture to FILE (default: standard output)\n"
    "\n"
    "Numbers: decimal without a leading zero, or 0x hex.  Each option at most once.\n"
    "Exit status: 0, or 2 with a one-line message on bad input.\n";

/* ---- standard streams ---------------------------------------------------
 * A descriptor 0, 1 or 2 that was closed when we started is reopened on
 * /dev/null so that no file we open lands on it, and remembered: output asked
 * for on a closed stdout is an error, not a silent loss. */
static int stdin_closed, stdout_closed;

static int reopen_if_closed(int fd, int flags)
{
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
        return 0;
    int nfd = open("/dev/null", flags);
    if (nfd >= 0 && nfd != fd) {
        dup2(nfd, fd);
        close(nfd);
    }
    return 1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "warpref: %s%s", cmd ? cmd : "", cmd ? ": " : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, " (see 'warpref %s%s--help')\n", cmd ? cmd : "", cmd ? " " : "");
    return WR_EXIT_USAGE;
}

/* ---- outputs: one way to open, write and close every output ------------- */

typedef struct output {
    FILE *f;
    const char *name;            /* for messages: the path, or "standard output" */
    int is_stdout;
    wr_outfile of;               /* a file: written through the one output helper (outfile.h) */
} output;

/* same file (device and inode)?  Only for files that both exist. */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return a && b && strcmp(b, "-") != 0 && stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Open `path` ("-" or NULL: standard output) for writing: a regular file is
 * replaced whole when the command succeeds (a temporary file renamed over
 * it), a device or FIFO is written in place (outfile.h).  `input` is a file
 * the command reads: writing over it is refused.  `rw` opens a file for
 * reading too (a trace is cut in place).  0, or WR_EXIT_USAGE after a message. */
static int out_open(output *o, const char *cmd, const char *what, const char *path, const char *input, int rw)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        if (stdout_closed) {
            fprintf(stderr, "warpref: %s: cannot write the %s: standard output is closed\n", cmd, what);
            return WR_EXIT_USAGE;
        }
        o->f = stdout;
        o->name = "standard output";
        o->is_stdout = 1;
        return 0;
    }
    if (same_file(path, input)) {
        fprintf(stderr, "warpref: %s: refusing to write the %s to '%s': it is the input\n", cmd, what, path);
        return WR_EXIT_USAGE;
    }
    char err[WR_OUTFILE_PATH_MAX + 128];
    if (wr_outfile_open(&o->of, path, rw, err, sizeof err) != 0) {
        fprintf(stderr, "warpref: %s: cannot open '%s' for the %s: %s\n", cmd, path, what, strerror(errno));
        return WR_EXIT_USAGE;
    }
    o->f = o->of.f;
    o->name = path;
    return 0;
}

/* A write to an output failed: its reason, kept for out_close (stdio loses
 * it once a later call succeeds). */
static void out_failed(output *o, int e)
{
    if (!o->is_stdout && !o->of.errnum)
        o->of.errnum = e ? e : EIO;
}

/* Flush and close (a file: the temporary renamed over it); a write error
 * anywhere since the open is reported here with the OS reason, and a file
 * then keeps what it held before.  0, or WR_EXIT_USAGE after a message. */
static int out_close(output *o, const char *cmd)
{
    int e = 0;
    if (o->is_stdout) {
        errno = 0;
        if (fflush(o->f) != 0 || ferror(o->f))
            e = errno ? errno : EIO;
    } else {
        char err[WR_OUTFILE_PATH_MAX + 128];
        if (wr_outfile_close(&o->of, err, sizeof err) != 0)
            e = errno;
        o->f = NULL;
    }
    if (e) {
        fprintf(stderr, "warpref: %s: cannot write to %s%s%s: %s\n", cmd, o->is_stdout ? "" : "'", o->name,
                o->is_stdout ? "" : "'", strerror(e));
        return WR_EXIT_USAGE;
    }
    return 0;
}

/* Close without keeping anything (a failed command): a file keeps what it
 * held before. */
static void out_abort(output *o)
{
    if (!o->is_stdout && o->f)
        wr_outfile_abort(&o->of);
    o->f = NULL;
}

/* help texts go through the same checks */
static int print_text(const char *cmd, const char *text)
{
    output o;
    int rc = out_open(&o, cmd ? cmd : "help", "help text", NULL, NULL, 0);
    if (rc)
        return rc;
    fputs(text, o.f);
    return out_close(&o, cmd ? cmd : "help");
}

/* ---- options ------------------------------------------------------------ */

static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* The options of a command, as data: each may be given once, as `--name
 * VALUE` or `--name=VALUE`; numbers go through the library's one parser. */
typedef enum { OPT_FLAG, OPT_NUM, OPT_STR } opt_kind;

typedef struct optspec {
    const char *name;            /* "--threads", "-o" */
    opt_kind kind;
    uint64_t lo, hi;             /* OPT_NUM: the range */
    const char *needs;           /* OPT_NUM/OPT_STR: what a missing value should be */
} optspec;

typedef struct optvals {
    const char *str[16];         /* the value of option i (OPT_STR), "" for a flag; NULL if absent */
    uint64_t num[16];            /* OPT_NUM */
    const char *arg;             /* the one positional argument, or NULL */
    const char *arg2;            /* the second, for commands that take two */
} optvals;

/* Parse argv against specs[0..n).  0 when done, 1 when --help was printed,
 * WR_EXIT_USAGE after a one-line message.  `second` words the error of a
 * positional argument past the last one taken ("one program only"); a
 * command that takes two says so by a `second` that starts with "2:". */
static int parse_opts(const char *cmd, const char *usage, int argc, char **argv, const optspec *specs,
                      size_t n, const char *second, optvals *v)
{
    const int two = strncmp(second, "2:", 2) == 0;
    if (two)
        second += 2;
    memset(v, 0, sizeof *v);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            int rc = print_text(cmd, usage);
            return rc ? rc : 1;
        }
        size_t k;
        for (k = 0; k < n; k++) {
            size_t len = strlen(specs[k].name);
            if (strncmp(a, specs[k].name, len) == 0 && (a[len] == '\0' || a[len] == '='))
                break;
        }
        if (k == n) {
            if (a[0] == '-' && a[1] != '\0')
                return usage_error(cmd, "unknown option '%s'", a);
            if (v->arg && (!two || v->arg2))
                return usage_error(cmd, second, a);
            if (v->arg)
                v->arg2 = a;
            else
                v->arg = a;
            continue;
        }
        const optspec *o = &specs[k];
        const char *eq = strchr(a, '=');
        if (v->str[k])
            return usage_error(cmd, "%s given more than once", o->name);
        if (o->kind == OPT_FLAG) {
            if (eq)
                return usage_error(cmd, "%s takes no value, got '%s'", o->name, a);
            v->str[k] = "";
            continue;
        }
        const char *val = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
        if (!val || (o->kind == OPT_STR && !*val))
            return usage_error(cmd, "%s needs %s", o->name, o->needs);
        v->str[k] = val;
        if (o->kind == OPT_NUM) {
            char msg[160];
            if (wr_num_parse(val, o->lo, o->hi, &v->num[k], msg, sizeof msg) != WR_NUM_OK)
                return usage_error(cmd, "%s: %s", o->name, msg);
        }
    }
    return 0;
}

/* --profile NAME: the profile, WR_PROFILE_ANY when not given; -1 after a
 * usage message */
static int profile_opt(const char *cmd, const char *value, int *profile)
{
    *profile = WR_PROFILE_ANY;
    if (!value)
        return 0;
    int p = wr_profile_parse(value, strlen(value));
    if (p < 0) {
        usage_error(cmd, "--profile: '%s' is not native, sass, ptx or visa", value);
        return -1;
    }
    *profile = p;
    return 0;
}

/* Read and assemble a program ("-": standard input) under `profile`
 * (WR_PROFILE_ANY: its .profile, else native). */
static int assemble_path(const char *cmd, const char *path, int profile, wr_program *prog)
{
    char err[512];
    if (strcmp(path, "-") == 0 && stdin_closed) {
        fprintf(stderr, "<stdin>:1:1: error: standard input is closed\n");
        return -1;
    }
    (void)cmd;
    int rc = wr_assemble_file_as(path, profile, prog, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "%s\n", err);
    return rc;
}

enum { RUN_THREADS, RUN_TRACE, RUN_DUMP_REGS, RUN_MAX_STEPS, RUN_TRACE_OPERANDS, RUN_STATS, RUN_PROFILE,
       RUN_TRAP_MODE, RUN_EXPLAIN, RUN_COVERAGE };
static const optspec run_opts[] = {
    [RUN_THREADS] = { "--threads", OPT_NUM, 1, WR_MAX_THREADS, "a number from 1 to 1024" },
    [RUN_TRACE] = { "--trace", OPT_STR, 0, 0, "a file name or -" },
    [RUN_DUMP_REGS] = { "--dump-regs", OPT_NUM, 0, WR_RZ, "a number from 0 to 255" },
    [RUN_MAX_STEPS] = { "--max-steps", OPT_NUM, 1, WR_MAX_STEPS_LIMIT, "a positive number" },
    [RUN_TRACE_OPERANDS] = { "--trace-operands", OPT_FLAG, 0, 0, NULL },
    [RUN_STATS] = { "--stats", OPT_FLAG, 0, 0, NULL },
    [RUN_PROFILE] = { "--profile", OPT_STR, 0, 0, "native, sass, ptx or visa" },
    [RUN_TRAP_MODE] = { "--trap-mode", OPT_FLAG, 0, 0, NULL },
    [RUN_EXPLAIN] = { "--explain", OPT_STR, 0, 0, "a file name or -" },
    [RUN_COVERAGE] = { "--coverage", OPT_STR, 0, 0, "a file name or -" },
};

/* A command's output files: the option naming each, what it is, and rw
 * (out_open's). */
typedef struct out_spec {
    int opt;
    const char *what;
    int rw;
} out_spec;

/* The outputs of a run: the trace, the explanation, the coverage table. */
enum { OUT_TRACE, OUT_EXPLAIN, OUT_COVERAGE, NOUT };
static const out_spec run_outputs[NOUT] = {
    [OUT_TRACE] = { RUN_TRACE, "trace", 1 },          /* rw: a livelock cuts it in place */
    [OUT_EXPLAIN] = { RUN_EXPLAIN, "explanation", 1 },
    [OUT_COVERAGE] = { RUN_COVERAGE, "coverage table", 0 },
};

/* Two outputs on one file would interleave: refused.  0, or WR_EXIT_USAGE
 * after a message. */
static int outputs_check(const char *cmd, const optvals *ov, const optspec *opts, const out_spec *outs, int n)
{
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k < n; k++) {
            const char *a = ov->str[outs[i].opt], *b = ov->str[outs[k].opt];
            if (!a || !b)
                continue;
            if (strcmp(a, "-") == 0 && strcmp(b, "-") == 0)
                return usage_error(cmd, "%s and %s both write to standard output", opts[outs[i].opt].name,
                                   opts[outs[k].opt].name);
            if (strcmp(a, b) == 0 || same_file(a, b))
                return usage_error(cmd, "%s and %s both write to '%s'", opts[outs[i].opt].name,
                                   opts[outs[k].opt].name, b);
        }
    return 0;
}

static void close_outputs(output *o, int n)
{
    for (int i = 0; i < n; i++)
        out_abort(&o[i]);
}

/* Opens the outputs named on the command line (o[i].f NULL for the others);
 * `input` as out_open's.  0, or WR_EXIT_USAGE after a message (none open). */
static int outputs_open(const char *cmd, const optvals *ov, const out_spec *outs, int n, const char *input,
                        output *o)
{
    memset(o, 0, (size_t)n * sizeof *o);
    for (int i = 0; i < n; i++) {
        const char *name = ov->str[outs[i].opt];
        int rc;
        if (name && (rc = out_open(&o[i], cmd, outs[i].what, name, input, outs[i].rw)) != 0) {
            close_outputs(o, n);
            return rc;
        }
    }
    return 0;
}

/* Flushes and closes the open outputs.  0, or WR_EXIT_USAGE after a message. */
static int outputs_close(const char *cmd, output *o, int n)
{
    int rc = 0;
    for (int i = 0; i < n; i++)
        if (o[i].f && out_close(&o[i], cmd) != 0)
            rc = WR_EXIT_USAGE;
    return rc;
}

/* an output of the run failed: the temporary file, the output, or memory */
static void run_output_error(const char *what, const output *o, int err, int spool)
{
    if (spool) {
        const char *dir = getenv("TMPDIR");
        fprintf(stderr, "warpref: run: cannot write the %s's temporary file in '%s': %s\n", what,
                dir && *dir ? dir : "/tmp", strerror(err));
    } else {
        fprintf(stderr, "warpref: run: cannot write the %s to %s%s%s: %s\n", what, o->is_stdout ? "" : "'",
                o->name, o->is_stdout ? "" : "'", strerror(err));
    }
}

/* After the run: a failed output (or memory) is told, the coverage table
 * written, the outputs closed.  The run's exit status, WR_EXIT_USAGE when
 * an output failed. */
static int run_outputs_finish(int rc, const wr_run_result *res, output *outs, const wr_coverage *cov)
{
    if (rc != 0) {
        if (res->trace_errno)
            run_output_error("trace", &outs[OUT_TRACE], res->trace_errno, res->trace_spool);
        else if (res->explain_errno)
            run_output_error("explanation", &outs[OUT_EXPLAIN], res->explain_errno, res->explain_spool);
        else
            fprintf(stderr, "warpref: run: out of memory\n");
        close_outputs(outs, NOUT);
        return WR_EXIT_USAGE;
    }
    if (outs[OUT_COVERAGE].f)
        wr_coverage_write(outs[OUT_COVERAGE].f, cov);   /* a write error shows in out_close */
    if (outputs_close("run", outs, NOUT) != 0)
        return WR_EXIT_USAGE;
    return res->exit_status;
}

/* the run's end on stderr; --stats: the run itself, then what livelock
 * detection (N-55) added, and all of it when that differs (`seconds`) */
static void run_report(const char *path, const wr_run_result *res, int stats, double seconds)
{
    fprintf(stderr, "warpref: %s: end %s at t=%" PRIu64 " after %" PRIu64 " instructions",
            path, wr_end_name(res->end), res->t, res->steps);
    if (res->faulted_warp >= 0)
        fprintf(stderr, " (fetch fault: warp %d at pc 0x%" PRIx64 ", %s)", res->faulted_warp,
                res->fault_pc, res->fault_what);
    if (res->end == WR_END_ERROR)
        fprintf(stderr, " (model error: %s)", res->error);
    fputc('\n', stderr);
    if (!stats)
        return;
    fprintf(stderr, "warpref: stats: %" PRIu64 " instructions in %.6f s: %.2f M warp-instructions/s\n",
            res->run_steps, res->run_seconds,
            res->run_seconds > 0 ? (double)res->run_steps / res->run_seconds / 1e6 : 0.0);
    if (res->check_steps)
        fprintf(stderr, "warpref: stats: livelock check past the limit: %" PRIu64 " instructions in %.6f s\n",
                res->check_steps, res->check_seconds);
    if (res->locate_steps)
        fprintf(stderr, "warpref: stats: locating the livelock: %" PRIu64 " instructions in %.6f s\n",
                res->locate_steps, res->locate_seconds);
    if (res->executed != res->run_steps || res->steps != res->run_steps)
        fprintf(stderr, "warpref: stats: in all: %" PRIu64 " instructions counted, %" PRIu64
                " executed in %.6f s\n", res->steps, res->executed, seconds);
    fprintf(stderr, "warpref: stats: CPU time of the run: %" PRIu64 " instructions in %.6f s: %.2f M warp-instructions/s\n",
            res->run_steps, res->run_cpu_seconds,
            res->run_cpu_seconds > 0 ? (double)res->run_steps / res->run_cpu_seconds / 1e6 : 0.0);
}

/* The program run with its outputs open: the exit status */
static int run_program(const char *path, wr_program *prog, wr_run_opts *opts, output *outs, int stats)
{
    wr_coverage cov = { { 0 } };
    opts->trace = outs[OUT_TRACE].f;
    opts->explain = outs[OUT_EXPLAIN].f;
    if (outs[OUT_COVERAGE].f)
        opts->coverage = &cov;
    char err[256];
    wr_runner *r = wr_runner_new(prog, opts, err, sizeof err);
    if (!r) {
        fprintf(stderr, "warpref: run: %s\n", err);
        close_outputs(outs, NOUT);
        return WR_EXIT_USAGE;
    }
    wr_run_result res;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const int rc = wr_runner_run(r, &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const int status = run_outputs_finish(rc, &res, outs, &cov);
    if (status != WR_EXIT_USAGE)
        run_report(path, &res, stats,
                   (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
    wr_runner_free(r);
    return status;
}

static int cmd_run(int argc, char **argv)
{
    optvals ov;
    int rc = parse_opts("run", usage_run, argc, argv, run_opts, sizeof run_opts / sizeof run_opts[0],
                        "one program only, got a second: '%s'", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    const char *path = ov.arg;
    wr_run_opts opts = { 0 };
    opts.threads = (unsigned)ov.num[RUN_THREADS];
    opts.dump_regs = (unsigned)ov.num[RUN_DUMP_REGS];
    opts.max_steps = ov.num[RUN_MAX_STEPS];
    opts.trace_operands = ov.str[RUN_TRACE_OPERANDS] != NULL;
    opts.trap_mode = ov.str[RUN_TRAP_MODE] != NULL;
    int profile;
    if (profile_opt("run", ov.str[RUN_PROFILE], &profile) != 0)
        return WR_EXIT_USAGE;
    if (!path)
        return usage_error("run", "missing the program file");
    if ((rc = outputs_check("run", &ov, run_opts, run_outputs, NOUT)) != 0)
        return rc;

    wr_program prog;
    if (assemble_path("run", path, profile, &prog) != 0)
        return WR_EXIT_USAGE;
    if (opts.trap_mode && prog.profile != WR_PROFILE_SASS) {      /* S-13 */
        const unsigned p = prog.profile;
        wr_program_free(&prog);
        return usage_error("run", "--trap-mode needs the sass profile, not %s", wr_profile_name(p));
    }
    output outs[NOUT];
    if ((rc = outputs_open("run", &ov, run_outputs, NOUT, path, outs)) == 0)
        rc = run_program(path, &prog, &opts, outs, ov.str[RUN_STATS] != NULL);
    wr_program_free(&prog);
    return rc;
}

static const optspec paths_opts[] = { { "--profile", OPT_STR, 0, 0, "native, sass, ptx or visa" } };

static int cmd_paths(int argc, char **argv)
{
    optvals ov;
    int rc = parse_opts("paths", usage_paths, argc, argv, paths_opts, 1, "takes no arguments, got '%s'", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (ov.arg)
        return usage_error("paths", "takes no arguments, got '%s'", ov.arg);
    int profile;
    if (profile_opt("paths", ov.str[0], &profile) != 0)
        return WR_EXIT_USAGE;
    output out;
    if ((rc = out_open(&out, "paths", "list", NULL, NULL, 0)) == 0) {
        fprintf(out.f, "# %-28s %-14s %-6s %s\n", "path", "rules", "reach", "explanation");
        for (unsigned p = 0; p < WR_PATH_COUNT; p++)
            fprintf(out.f, "%-30s %-14s %-6s %s\n", wr_path_name(p), wr_path_rules(p),
                    profile != WR_PROFILE_ANY && !wr_path_in_profile(p, (unsigned)profile)
                        ? "absent" : wr_reach_name(wr_path_reach(p)),
                    wr_path_template(p));
        rc = out_close(&out, "paths");
    }
    return rc;
}

static const optspec asm_opts[] = { { "-o", OPT_STR, 0, 0, "a file name or -" },
                                    { "--profile", OPT_STR, 0, 0, "native, sass, ptx or visa" } };

static int cmd_asm(int argc, char **argv)
{
    optvals ov;
    int rc = parse_opts("asm", usage_asm, argc, argv, asm_opts, 2, "one program only, got a second: '%s'", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    const char *path = ov.arg, *out_path = ov.str[0];
    int profile;
    if (profile_opt("asm", ov.str[1], &profile) != 0)
        return WR_EXIT_USAGE;
    if (!path)
        return usage_error("asm", "missing the program file (or - for standard input)");
    wr_program prog;
    if (assemble_path("asm", path, profile, &prog) != 0)
        return WR_EXIT_USAGE;
    output out;
    if ((rc = out_open(&out, "asm", "words", out_path, path, 0)) == 0) {
        char buf[35];
        for (size_t i = 0; i < prog.ninsns; i++) {
            wr_word_format(&prog.words[i], buf);
            fputs(buf, out.f);
            fputc('\n', out.f);
        }
        rc = out_close(&out, "asm");
    }
    wr_program_free(&prog);
    return rc;
}

static int cmd_disasm(int argc, char **argv)
{
    static const optspec disasm_opts[] = { { "--profile", OPT_STR, 0, 0, "native, sass, ptx or visa" } };
    optvals ov;
    int rc = parse_opts("disasm", usage_disasm, argc, argv, disasm_opts, 1, "one input only, got a second: '%s'",
                        &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    int profile;
    if (profile_opt("disasm", ov.str[0], &profile) != 0)
        return WR_EXIT_USAGE;
    const char *path = ov.arg;
    if (!path)
        path = "-";
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char err[512], *text;
    if (strcmp(path, "-") == 0 && stdin_closed) {
        fprintf(stderr, "<stdin>:1:1: error: standard input is closed\n");
        return WR_EXIT_USAGE;
    }
    if (wr_read_text(path, &text, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return WR_EXIT_USAGE;
    }
    wr_program prog;
    rc = wr_load_words_as(text, name, profile, &prog, err, sizeof err);
    free(text);
    if (rc != 0) {
        fprintf(stderr, "%s\n", err);
        return WR_EXIT_USAGE;
    }
    output out;
    if ((rc = out_open(&out, "disasm", "text", NULL, NULL, 0)) == 0) {
        if (prog.profile != WR_PROFILE_NATIVE)          /* the text assembles under it */
            fprintf(out.f, ".profile %s\n", wr_profile_name(prog.profile));
        for (size_t i = 0; i < prog.ninsns; i++) {
            char line[200];
            uint64_t pc = (uint64_t)i * WR_INST_SIZE;
            wr_disasm(&prog.insns[i], pc, line, sizeof line);
            fprintf(out.f, "/*%04" PRIx64 "*/ %s ;\n", pc, line);
        }
        rc = out_close(&out, "disasm");
    }
    wr_program_free(&prog);
    return rc;
}

/* `encoding --list`: the ISA table's rows for scripts (scripts/gen-coverage,
 * scripts/shrink read their mnemonics from it), one line per form, blank
 * separated, the syntax last (it has blanks): FORM OPTYPE GROUP PROFILES
 * MNEMONIC MODNAMES SYNTAX; PROFILES comma separated, MODNAMES the row's
 * modifier spellings by value ('|' separated, "" = none written) or -,
 * SYNTAX as in isa.def or -. */
static void write_form_list(FILE *f)
{
    static const char *const optypes[256] = {
#define WR_OPTYPE(name, value, group, rule) [value] = #name,
#include "warpref/isa.def"
#undef WR_OPTYPE
    };
    static const char *const groups[256] = {
#define WR_OPTYPE(name, value, group, rule) [value] = #group,
#include "warpref/isa.def"
#undef WR_OPTYPE
    };
    fputs("# form optype group profiles mnemonic modifiers syntax\n", f);
    for (unsigned i = 0; i < WR_FORM_COUNT; i++) {
        const wr_form_desc *d = &wr_forms[i];
        fprintf(f, "%s %s %s ", d->name, optypes[d->optype], groups[d->optype]);
        const char *sep = "";
        for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
            if (wr_form_in_profile(i, p)) {
                fprintf(f, "%s%s", sep, wr_profile_name(p));
                sep = ",";
            }
        fprintf(f, " %s %s %s\n", d->mnemonic, d->modfield == WR_F_NONE ? "-" : d->modnames,
                *d->syntax ? d->syntax : "-");
    }
}

static int cmd_encoding(int argc, char **argv)
{
    static const optspec enc_opts[] = { { "--sv", OPT_FLAG, 0, 0, NULL }, { "--sv-dpi", OPT_FLAG, 0, 0, NULL },
                                        { "--list", OPT_FLAG, 0, 0, NULL } };
    optvals ov;
    int rc = parse_opts("encoding", usage_encoding, argc, argv, enc_opts, 3,
                        "takes no arguments but --sv, --sv-dpi or --list, got '%s'", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (ov.arg)
        return usage_error("encoding", "takes no arguments but --sv, --sv-dpi or --list, got '%s'", ov.arg);
    for (unsigned i = 0; i < 3; i++)        /* one output at a time: name the first two given */
        for (unsigned k = i + 1; k < 3; k++)
            if (ov.str[i] && ov.str[k])
                return usage_error("encoding", "%s and %s exclude each other", enc_opts[i].name, enc_opts[k].name);
    output out;
    rc = out_open(&out, "encoding", "reference", NULL, NULL, 0);
    if (rc == 0) {
        if (ov.str[0])
            wr_isa_write_sv_package(out.f);   /* a write error shows in out_close */
        else if (ov.str[1])
            wr_checker_write_sv_consts(out.f);
        else if (ov.str[2])
            write_form_list(out.f);
        else
            wr_isa_write_doc(out.f);
        rc = out_close(&out, "encoding");
    }
    return rc;
}

enum { GEN_SEED, GEN_SIZE, GEN_WARPS, GEN_THREADS, GEN_WEIGHTS, GEN_OUT, GEN_PROFILE, GEN_EXCEPTIONS,
       GEN_WIDE_LINKS, GEN_WORDS };
static const optspec gen_opts[] = {
    [GEN_SEED] = { "--seed", OPT_NUM, 0, UINT64_MAX, "a number from 0 to 2^64-1" },
    [GEN_SIZE] = { "--size", OPT_NUM, WR_GEN_MIN_SIZE, WR_GEN_MAX_SIZE, "a number from 1 to 100000" },
    [GEN_WARPS] = { "--warps", OPT_NUM, 1, WR_MAX_WARPS, "a number from 1 to 32" },
    [GEN_THREADS] = { "--threads", OPT_NUM, 1, WR_MAX_THREADS, "a number from 1 to 1024" },
    [GEN_WEIGHTS] = { "--weights", OPT_STR, 0, 0, "a list NAME=WEIGHT,..." },
    [GEN_OUT] = { "-o", OPT_STR, 0, 0, "a file name or -" },
    [GEN_PROFILE] = { "--profile", OPT_STR, 0, 0, "native, sass, ptx or visa" },
    [GEN_EXCEPTIONS] = { "--exceptions", OPT_NUM, 0, WR_GEN_MAX_EXCEPTIONS, "a percentage from 0 to 100" },
    [GEN_WIDE_LINKS] = { "--wide-links", OPT_FLAG, 0, 0, NULL },
    [GEN_WORDS] = { "--words", OPT_STR, 0, 0, "a file name" },
};

static int cmd_gen(int argc, char **argv)
{
    optvals ov;
    int rc = parse_opts("gen", usage_gen, argc, argv, gen_opts, sizeof gen_opts / sizeof gen_opts[0],
                        "takes no arguments, got '%s'", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (ov.arg)
        return usage_error("gen", "takes no arguments, got '%s'", ov.arg);
    if (!ov.str[GEN_SEED])
        return usage_error("gen", "missing --seed");
    if (ov.str[GEN_WARPS] && ov.str[GEN_THREADS])
        return usage_error("gen", "--warps and --threads exclude each other");
    int profile;
    if (profile_opt("gen", ov.str[GEN_PROFILE], &profile) != 0)
        return WR_EXIT_USAGE;
    wr_gen_opts go;
    wr_gen_defaults(&go);
    go.profile = profile < 0 ? WR_PROFILE_NATIVE : (unsigned)profile;
    go.seed = ov.num[GEN_SEED];
    go.size = (unsigned)ov.num[GEN_SIZE];
    go.threads = ov.str[GEN_WARPS] ? 32 * (unsigned)ov.num[GEN_WARPS] : (unsigned)ov.num[GEN_THREADS];
    go.exceptions = (unsigned)ov.num[GEN_EXCEPTIONS];
    go.wide_links = ov.str[GEN_WIDE_LINKS] != NULL;
    const char *words_path = ov.str[GEN_WORDS];
    if (words_path && strcmp(words_path, "-") == 0)
        return usage_error("gen", "--words needs a file name (standard output has the program)");
    if (words_path && ov.str[GEN_OUT] && (strcmp(words_path, ov.str[GEN_OUT]) == 0 || same_file(words_path, ov.str[GEN_OUT])))
        return usage_error("gen", "--words and -o name the same file '%s'", words_path);
    char err[512];
    if (ov.str[GEN_WEIGHTS] && wr_gen_parse_weights(ov.str[GEN_WEIGHTS], go.weight, err, sizeof err) != 0)
        return usage_error("gen", "--weights: %s", err);
    char *text;
    wr_gen_result res;
    int v = wr_gen_verified(&go, 0, &text, &res, err, sizeof err);
    if (v < 0) {
        fprintf(stderr, "warpref: gen: %s\n", err);
        return WR_EXIT_USAGE;
    }
    output out;
    char *words = NULL;                /* the word list (--words): the program's words, the planted one in place */
    if (words_path && wr_gen_word_list(text, &words, err, sizeof err) != 0) {
        fprintf(stderr, "warpref: gen: %s\n", err);
        free(text);
        return WR_EXIT_USAGE;
    }
    output wout;                       /* opened first: nothing is written when it cannot be */
    rc = words ? out_open(&wout, "gen", "word list", words_path, NULL, 0) : 0;
    if (rc == 0 && (rc = out_open(&out, "gen", "program", ov.str[GEN_OUT], NULL, 0)) == 0) {
        if (fputs(text, out.f) == EOF)
            out_failed(&out, errno);
        rc = out_close(&out, "gen");
    }
    if (words && rc == 0) {
        if (fputs(words, wout.f) == EOF)
            out_failed(&wout, errno);
        rc = out_close(&wout, "gen");
    } else if (words && wout.f) {
        out_abort(&wout);              /* the program was not written: nor is the word list */
    }
    free(text);
    free(words);
    if (rc)
        return rc;
    if (res.attempts > 1)   /* a generator bug: say so, with what was written instead */
        fprintf(stderr, "warpref: gen: seed %" PRIu64 " ended %s on the model; wrote derived seed %" PRIu64
                " (attempt %u), which ended %s\n", go.seed, wr_end_name(res.first_end), res.seed,
                res.attempts, wr_end_name(res.end));
    if (v == 1)
        return res.end == WR_END_DEADLOCK || res.end == WR_END_LIVELOCK ? WR_EXIT_STUCK
               : res.end == WR_END_EXCEPTION                          ? WR_EXIT_EXCEPTION
                                                                      : WR_EXIT_LIMIT;
    return 0;
}

enum { RP_PROGRAM, RP_THREADS, RP_START, RP_COUNT, RP_IGNORE, RP_MASK, RP_KEEP_GOING, RP_DUMP, RP_STATS,
       RP_EXPLAIN, RP_COVERAGE, RP_PROFILE, RP_STRICT_UNDEF };
static const optspec replay_opts[] = {
    [RP_PROGRAM] = { "--program", OPT_STR, 0, 0, "a file name" },
    [RP_THREADS] = { "--threads", OPT_NUM, 1, WR_MAX_THREADS, "a number from 1 to 1024" },
    [RP_START] = { "--start", OPT_NUM, 1, UINT64_MAX, "a record number (1..)" },
    [RP_COUNT] = { "--count", OPT_NUM, 1, UINT64_MAX, "a positive number" },
    [RP_IGNORE] = { "--ignore", OPT_STR, 0, 0, "a list of fields" },
    [RP_MASK] = { "--mask", OPT_STR, 0, 0, "a list FIELD:MASK,..." },
    [RP_KEEP_GOING] = { "--keep-going", OPT_FLAG, 0, 0, NULL },
    [RP_DUMP] = { "--dump", OPT_STR, 0, 0, "a base name" },
    [RP_STATS] = { "--stats", OPT_FLAG, 0, 0, NULL },
    [RP_EXPLAIN] = { "--explain", OPT_STR, 0, 0, "a file name or -" },
    [RP_COVERAGE] = { "--coverage", OPT_STR, 0, 0, "a file name or -" },
    [RP_PROFILE] = { "--profile", OPT_STR, 0, 0, "native, sass, ptx or visa" },
    [RP_STRICT_UNDEF] = { "--strict-undef", OPT_FLAG, 0, 0, NULL },
};

/* The outputs of a replay besides the dump: the explanation, the coverage table. */
enum { RPO_EXPLAIN, RPO_COVERAGE, NRPO };
static const out_spec replay_outputs[NRPO] = {
    [RPO_EXPLAIN] = { RP_EXPLAIN, "explanation", 0 },
    [RPO_COVERAGE] = { RP_COVERAGE, "coverage table", 0 },
};

typedef struct replay_out {
    const char *name;
    int keep_going;
} replay_out;

static void replay_fail(void *ctx, uint64_t recno, uint64_t cycle, const char *line)
{
    const replay_out *o = ctx;
    (void)cycle;
    fprintf(stderr, "%s:%" PRIu64 ": divergence: %s\n", o->name, recno, line);
}

/* append s to the string in buf[size], cut at the end */
static void append(char *buf, size_t size, const char *s)
{
    const size_t n = strlen(buf);
    if (n + 1 < size)
        snprintf(buf + n, size - n, "%s", s);
}

/* append " WORD" for sh: as it is when that is safe, else in single quotes */
static void shell_word(char *buf, size_t size, const char *w)
{
    append(buf, size, " ");
    if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-=_./:,@%") == strlen(w)) {
        append(buf, size, w);
        return;
    }
    append(buf, size, "'");
    for (; *w; w++) {
        const char c[2] = { *w, 0 };
        append(buf, size, *w == '\'' ? "'\\''" : c);
    }
    append(buf, size, "'");
}

/* the command line, for the dump's `reproduce` */
static void command_line(char *buf, size_t size, int argc, char **argv)
{
    char cwd[2048];
    snprintf(buf, size, "cd");
    shell_word(buf, size, getcwd(cwd, sizeof cwd) ? cwd : ".");
    append(buf, size, " && warpref replay");
    for (int i = 0; i < argc; i++)
        shell_word(buf, size, argv[i]);
}

static int cmd_replay(int argc, char **argv)
{
    optvals ov;
    int rc = parse_opts("replay", usage_replay, argc, argv, replay_opts, sizeof replay_opts / sizeof replay_opts[0],
                        "one trace only, got a second: '%s'", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!ov.arg)
        return usage_error("replay", "missing the trace file (or - for standard input)");
    if (strcmp(ov.arg, "-") == 0 && stdin_closed) {
        fprintf(stderr, "<stdin>:1: error: standard input is closed\n");
        return WR_EXIT_USAGE;
    }
    int profile;
    if (profile_opt("replay", ov.str[RP_PROFILE], &profile) != 0)
        return WR_EXIT_USAGE;
    if ((rc = outputs_check("replay", &ov, replay_opts, replay_outputs, NRPO)) != 0)
        return rc;
    output outs[NRPO];
    if ((rc = outputs_open("replay", &ov, replay_outputs, NRPO, ov.arg, outs)) != 0)
        return rc;
    char repro[8192];
    command_line(repro, sizeof repro, argc, argv);
    replay_out ro = { strcmp(ov.arg, "-") == 0 ? "<stdin>" : ov.arg, ov.str[RP_KEEP_GOING] != NULL };
    wr_replay_opts o = { 0 };
    o.trace = ov.arg;
    o.program = ov.str[RP_PROGRAM];
    o.profile = profile;
    o.threads = (unsigned)ov.num[RP_THREADS];
    o.start = ov.num[RP_START];
    o.count = ov.num[RP_COUNT];
    o.keep_going = ro.keep_going;
    o.ignore = ov.str[RP_IGNORE];
    o.mask = ov.str[RP_MASK];
    o.strict_undef = ov.str[RP_STRICT_UNDEF] != NULL;
    o.dump = ov.str[RP_DUMP] ? ov.str[RP_DUMP] : "replay-dump";
    o.reproduce = repro;
    o.on_fail = replay_fail;
    o.ctx = &ro;
    o.own_end = wr_run_own_end;
    o.explain = outs[RPO_EXPLAIN].f;
    wr_coverage cov = { { 0 } };
    if (outs[RPO_COVERAGE].f)
        o.coverage = &cov;
    char err[1024];
    wr_replay_result res;
    rc = wr_replay(&o, &res, err, sizeof err);
    if (rc != 2 && outs[RPO_COVERAGE].f)
        wr_coverage_write(outs[RPO_COVERAGE].f, &cov);       /* a write error shows in outputs_close */
    const int closed = outputs_close("replay", outs, NRPO);
    if (rc == 2) {
        if (strncmp(err, "ignore: ", 8) == 0 || strncmp(err, "mask: ", 6) == 0)
            return usage_error("replay", "--%s", err);
        if (strncmp(err, "--start", 7) == 0 || strncmp(err, "--threads", 9) == 0)
            return usage_error("replay", "%s", err);
        fprintf(stderr, "%s\n", err);
        return WR_EXIT_USAGE;
    }
    if (closed)                 /* an output was not written (said above): no verdict line */
        return closed;
    /* what the replay used: the CTA size and where it came from, the program */
    char used[5000];
    snprintf(used, sizeof used, "%u threads from %s, %s%s", res.threads, res.threads_from ? res.threads_from : "?",
             o.program ? "program " : "the program learnt from the records", o.program ? o.program : "");
    if (rc == 0)
        fprintf(stderr, "warpref: replay: %s: match: %" PRIu64 " records, %" PRIu64 " compared%s (%s, %s, %s)\n",
                ro.name, res.records, res.compared, res.final_compared ? ", final record compared" : "",
                wr_trace_format_name(res.format), res.operand_mode == WR_OPERANDS_DRIVEN ? "operand-driven"
                : "self-contained", used);
    else if (res.dump_error[0])  /* the line names no file that was not written */
        fprintf(stderr, "warpref: replay: %s: %" PRIu64 " divergence%s, the first at record %" PRIu64 " (%" PRIu64
                " records, %" PRIu64 " compared; %s); no dump: %s\n", ro.name, res.failures,
                res.failures == 1 ? "" : "s", res.first_recno, res.records, res.compared, used, res.dump_error);
    else
        fprintf(stderr, "warpref: replay: %s: %" PRIu64 " divergence%s, the first at record %" PRIu64 " (%" PRIu64
                " records, %" PRIu64 " compared; %s); dump %s.txt\n", ro.name, res.failures,
                res.failures == 1 ? "" : "s", res.first_recno, res.records, res.compared, used, o.dump);
    if (ov.str[RP_STATS])
        fprintf(stderr, "warpref: stats: %" PRIu64 " records in %.6f s: %.0f records/s (CPU %.6f s: %.0f records/s)\n",
                res.records, res.seconds, res.seconds > 0 ? (double)res.records / res.seconds : 0.0, res.cpu_seconds,
                res.cpu_seconds > 0 ? (double)res.records / res.cpu_seconds : 0.0);
    return closed ? closed : rc;
}

enum { TC_TO, TC_THREADS };
static const optspec convert_opts[] = {
    [TC_TO] = { "--to", OPT_STR, 0, 0, "jsonl or binary" },
    [TC_THREADS] = { "--threads", OPT_NUM, 1, WR_MAX_THREADS, "a number from 1 to 1024" },
};

static int cmd_trace(int argc, char **argv)
{
    if (argc > 0 && is_help(argv[0]))
        return print_text("trace", usage_trace) ? WR_EXIT_USAGE : 0;
    if (argc < 1)
        return usage_error("trace", "missing the subcommand (convert)");
    if (strcmp(argv[0], "convert") != 0)
        return usage_error("trace", "unknown subcommand '%s' (convert)", argv[0]);
    optvals ov;
    int rc = parse_opts("trace", usage_trace, argc - 1, argv + 1, convert_opts,
                        sizeof convert_opts / sizeof convert_opts[0], "2:convert takes IN and OUT, got a third: '%s'",
                        &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!ov.arg2)
        return usage_error("trace", "convert needs IN and OUT");
    unsigned to = wr_trace_format_for(strcmp(ov.arg2, "-") == 0 ? NULL : ov.arg2);
    if (ov.str[TC_TO]) {
        if (strcmp(ov.str[TC_TO], "jsonl") == 0)
            to = WR_TRACE_FMT_JSONL;
        else if (strcmp(ov.str[TC_TO], "binary") == 0)
            to = WR_TRACE_FMT_BINARY;
        else
            return usage_error("trace", "--to: '%s' is not jsonl or binary", ov.str[TC_TO]);
    }
    if (strcmp(ov.arg, "-") == 0 && stdin_closed) {
        fprintf(stderr, "<stdin>:1: error: standard input is closed\n");
        return WR_EXIT_USAGE;
    }
    char err[1024];
    wr_trace_reader *r = wr_trace_open(ov.arg, err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s\n", err);
        return WR_EXIT_USAGE;
    }
    output out;
    if ((rc = out_open(&out, "trace", "trace", ov.arg2, ov.arg, 0)) != 0) {
        wr_trace_close(r);
        return rc;
    }
    /* the header's CTA size: --threads, else what IN states (0: not known) */
    unsigned threads = 0;
    char why[600];
    if (ov.str[TC_THREADS])
        threads = (unsigned)ov.num[TC_THREADS];
    else if (wr_trace_shape(ov.arg, &threads, why, sizeof why) < 0)
        threads = 0;                     /* (the conversion reports the bad input where it is) */
    wr_trace_writer *w = wr_trace_writer_new(out.f, to, threads);
    if (!w) {
        fprintf(stderr, "warpref: trace: out of memory\n");
        wr_trace_close(r);
        out_abort(&out);
        return WR_EXIT_USAGE;
    }
    int k, status = 0, put_failed = 0;
    const wr_trace_rec *rec;
    const wr_trace_final *fin;
    while (!put_failed && (k = wr_trace_read(r, &rec, &fin, err, sizeof err)) > 0)
        put_failed = (k == WR_TRACE_INSN ? wr_trace_put(w, rec) : wr_trace_put_end(w, fin)) != 0;
    if (!put_failed && k == WR_TRACE_ERROR) {
        fprintf(stderr, "%s\n", err);
        status = WR_EXIT_USAGE;
    }
    const int e = wr_trace_writer_free(w);      /* a failed put's reason too */
    wr_trace_close(r);
    if (e && !status) {
        errno = e;
        fprintf(stderr, "warpref: trace: cannot write to %s%s%s: %s\n", out.is_stdout ? "" : "'", out.name,
                out.is_stdout ? "" : "'", strerror(e));
        status = WR_EXIT_USAGE;
    }
    if (status)
        out_abort(&out);        /* a file keeps what it held: no half trace */
    else if (out_close(&out, "trace") != 0)
        status = WR_EXIT_USAGE;
    return status;
}

enum { VW_WARP, VW_FROM, VW_TO, VW_AGAINST, VW_DUMP, VW_OUT };
static const optspec view_opts[] = {
    [VW_WARP] = { "--warp", OPT_NUM, 0, WR_MAX_WARPS - 1, "a number from 0 to 31" },
    [VW_FROM] = { "--from", OPT_NUM, 0, UINT64_MAX, "a time t" },
    [VW_TO] = { "--to", OPT_NUM, 0, UINT64_MAX, "a time t" },
    [VW_AGAINST] = { "--against", OPT_STR, 0, 0, "a trace file or -" },
    [VW_DUMP] = { "--dump", OPT_STR, 0, 0, "a dump file (DUMP.json) or -" },
    [VW_OUT] = { "-o", OPT_STR, 0, 0, "a file name or -" },
};

static int cmd_view(int argc, char **argv)
{
    optvals ov;
    int rc = parse_opts("view", usage_view, argc, argv, view_opts, sizeof view_opts / sizeof view_opts[0],
                        "one trace only, got a second: '%s' (--against TRACE2 for a second side)", &ov);
    if (rc)
        return rc == 1 ? 0 : rc;
    const char *dump = ov.str[VW_DUMP], *against = ov.str[VW_AGAINST];
    if (dump && ov.arg)
        return usage_error("view", "--dump takes the place of the trace, got '%s' too", ov.arg);
    if (dump && against)
        return usage_error("view", "--against and --dump exclude each other");
    if (!dump && !ov.arg)
        return usage_error("view", "missing the trace file (or - for standard input, or --dump DUMP.json)");
    if (!dump && !ov.str[VW_WARP])
        return usage_error("view", "missing --warp");
    if (ov.str[VW_FROM] && ov.str[VW_TO] && ov.num[VW_FROM] > ov.num[VW_TO])
        return usage_error("view", "--from %" PRIu64 " is after --to %" PRIu64, ov.num[VW_FROM], ov.num[VW_TO]);
    const char *inputs[2] = { dump ? dump : ov.arg, against };
    if (against && strcmp(inputs[0], "-") == 0 && strcmp(against, "-") == 0)
        return usage_error("view", "the trace and --against cannot both be standard input");
    for (unsigned i = 0; i < 2; i++)
        if (inputs[i] && strcmp(inputs[i], "-") == 0 && stdin_closed) {
            fprintf(stderr, "<stdin>:1: error: standard input is closed\n");
            return WR_EXIT_USAGE;
        }
    view_pic *p = calloc(1, sizeof *p);
    if (!p) {
        fprintf(stderr, "warpref: view: out of memory\n");
        return WR_EXIT_USAGE;
    }
    p->warp = (unsigned)ov.num[VW_WARP];
    p->have_warp = ov.str[VW_WARP] != NULL;
    p->from = ov.num[VW_FROM];
    p->to = ov.str[VW_TO] ? ov.num[VW_TO] : UINT64_MAX;
    char err[1024];
    if (dump ? view_from_dump(p, dump, err, sizeof err)
             : view_from_trace(p, ov.arg, 0, err, sizeof err) || (against && view_from_trace(p, against, 1, err,
                                                                                               sizeof err))) {
        fprintf(stderr, "%s\n", err);
        free(p);
        return WR_EXIT_USAGE;
    }
    if (!dump)
        view_trace_title(p);
    output out;
    if ((rc = out_open(&out, "view", "picture", ov.str[VW_OUT], inputs[0], 0)) == 0) {
        view_svg(out.f, p);
        rc = out_close(&out, "view");
    }
    free(p);
    return rc;
}

static const struct command {
    const char *name;
    int (*fn)(int, char **);
    const char *usage;
} commands[] = {
    { "run", cmd_run, usage_run },
    { "asm", cmd_asm, usage_asm },
    { "disasm", cmd_disasm, usage_disasm },
    { "encoding", cmd_encoding, usage_encoding },
    { "gen", cmd_gen, usage_gen },
    { "paths", cmd_paths, usage_paths },
    { "replay", cmd_replay, usage_replay },
    { "trace", cmd_trace, usage_trace },
    { "view", cmd_view, usage_view },
};

static const struct command *command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

int main(int argc, char **argv)
{
    stdin_closed = reopen_if_closed(0, O_RDONLY);
    stdout_closed = reopen_if_closed(1, O_WRONLY);
    reopen_if_closed(2, O_WRONLY);
    if (argc < 2)
        return usage_error(NULL, "missing command");
    const char *cmd = argv[1];
    if (is_help(cmd))
        return argc == 2 ? print_text(NULL, usage_main) : usage_error(NULL, "--help takes no arguments");
    if (strcmp(cmd, "--version") == 0)
        return argc == 2 ? print_text(NULL, "warpref " VERSION "\n")
                         : usage_error(NULL, "--version takes no arguments");
    if (strcmp(cmd, "help") == 0) {
        if (argc > 3)
            return usage_error("help", "takes one command name");
        if (argc < 3)
            return print_text(NULL, usage_main);
        const struct command *c = command(argv[2]);
        if (!c)
            return usage_error(NULL, "no such command '%s'", argv[2]);
        return print_text(c->name, c->usage);
    }
    const struct command *c = command(cmd);
    if (c)
        return c->fn(argc - 2, argv + 2);
    return usage_error(NULL, "unknown command '%s'", cmd);
}
