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
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    "  help [COMMAND]  show help for a command\n"
    "\n"
    "options: --help, --version\n"
    "exit status: 0 success, 2 bad input or usage; run also 3 deadlock/livelock,\n"
    "4 exception, 5 limit (see 'warpref help run').\n";

static const char *const usage_run =
    "usage: warpref run PROG.s [--threads N] [--trace FILE|-] [--dump-regs N]\n"
    "                          [--max-steps N] [--trace-operands] [--stats]\n"
    "\n"
    "Runs PROG.s on one CTA with the round-robin scheduler of SPEC-NOTES N-50.\n"
    "\n"
    "  --threads N       CTA size, 1..1024 (default: the program's .threads, else 32)\n"
    "  --trace FILE|-    write the JSONL trace (docs/trace.md) to FILE, or stdout\n"
    "  --dump-regs N     add registers R0..R(N-1) and predicates to the final record\n"
    "  --max-steps N     stop after N instructions with end 'limit' (default 1000000)\n"
    "  --trace-operands  add insn, in, out and asm to every instruction record\n"
    "  --stats           also print the run's speed (instructions per second)\n"
    "\n"
    "A one-line summary goes to stderr.  Exit status: 0 done, 2 bad input,\n"
    "3 deadlock or livelock, 4 exception or fetch fault, 5 limit.\n";

static const char *const usage_asm =
    "usage: warpref asm PROG.s|- [-o FILE]\n"
    "\n"
    "Assembles PROG.s (or standard input) and writes one instruction word per line,\n"
    "32 hex digits with 0x, bits 127..0; instruction i is at address 16*i.\n"
    "Exit status: 0, or 2 with FILE:LINE:COL: error: ... on bad input.\n";

static const char *const usage_disasm =
    "usage: warpref disasm [WORDS|-]\n"
    "\n"
    "Reads instruction words (hex, one per line, as 'warpref asm' writes them; blank\n"
    "lines and lines starting with # are skipped) and prints the canonical text of\n"
    "each, the word at line k being at address 16*k.  The output assembles back into\n"
    "the same words.  Exit status: 0, or 2 with FILE:LINE:COL: error: ... on a line\n"
    "that is not a word or a word that is not a legal instruction.\n";

static const char *const usage_encoding =
    "usage: warpref encoding [--sv]\n"
    "\n"
    "Prints the encoding reference generated from the ISA table (docs/encoding.md);\n"
    "with --sv, the RTL stub's SystemVerilog package (rtl_stub/warpref_isa_pkg.sv).\n";

static int usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "warpref: %s%s", cmd ? cmd : "", cmd ? ": " : "");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'warpref %s--help')\n", cmd ? cmd : "");
    return WR_EXIT_USAGE;
}

/* a whole non-negative number, decimal or 0x hex, within [lo, hi] */
static int parse_num(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* --name VALUE or --name=VALUE; returns the value or NULL */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] == '\0' && *i + 1 < argc)
        return argv[++*i];
    return NULL;
}

static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

static int is_opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf)
        return NULL;
    for (;;) {
        if (n == cap) {
            char *b = realloc(buf, cap * 2 + 1);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static int assemble_path(const char *path, wr_program *prog)
{
    char err[512];
    int rc;
    if (strcmp(path, "-") == 0) {
        char *text = read_all(stdin, NULL);
        if (!text) {
            fprintf(stderr, "warpref: cannot read standard input\n");
            return -1;
        }
        rc = wr_assemble(text, "<stdin>", prog, err, sizeof err);
        free(text);
    } else {
        rc = wr_assemble_file(path, prog, err, sizeof err);
    }
    if (rc != 0)
        fprintf(stderr, "%s\n", err);
    return rc;
}

static int copy_stream(FILE *from, FILE *to)
{
    char buf[1 << 15];
    size_t n;
    if (fseek(from, 0, SEEK_SET) != 0)
        return -1;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n)
            return -1;
    return ferror(from) || fflush(to) ? -1 : 0;
}

static int cmd_run(int argc, char **argv)
{
    const char *path = NULL, *trace = NULL, *v;
    wr_run_opts opts = { 0 };
    int stats = 0;
    uint64_t n;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            fputs(usage_run, stdout);
            return 0;
        } else if (is_opt(a, "--threads")) {
            if (!(v = opt_value(argc, argv, &i, "--threads")) || parse_num(v, 1, WR_MAX_THREADS, &n))
                return usage_error("run", "--threads needs a number from 1 to 1024, got '%s'", v ? v : "");
            opts.threads = (unsigned)n;
        } else if (is_opt(a, "--trace")) {
            if (!(v = opt_value(argc, argv, &i, "--trace")) || !*v)
                return usage_error("run", "--trace needs a file name or -%s", "");
            trace = v;
        } else if (is_opt(a, "--dump-regs")) {
            if (!(v = opt_value(argc, argv, &i, "--dump-regs")) || parse_num(v, 0, WR_RZ, &n))
                return usage_error("run", "--dump-regs needs a number from 0 to 255, got '%s'", v ? v : "");
            opts.dump_regs = (unsigned)n;
        } else if (is_opt(a, "--max-steps")) {
            if (!(v = opt_value(argc, argv, &i, "--max-steps")) || parse_num(v, 1, UINT64_MAX / 16, &n))
                return usage_error("run", "--max-steps needs a positive number, got '%s'", v ? v : "");
            opts.max_steps = n;
        } else if (strcmp(a, "--trace-operands") == 0) {
            opts.trace_operands = 1;
        } else if (strcmp(a, "--stats") == 0) {
            stats = 1;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("run", "unknown option '%s'", a);
        } else if (path) {
            return usage_error("run", "one program only, got a second: '%s'", a);
        } else {
            path = a;
        }
    }
    if (!path)
        return usage_error("run", "missing the program file%s", "");

    wr_program prog;
    if (assemble_path(path, &prog) != 0)
        return WR_EXIT_USAGE;

    FILE *tf = NULL;
    int to_stdout = trace && strcmp(trace, "-") == 0;
    if (trace) {
        /* readable and seekable: a livelock cuts the trace at its first
         * repeated turn (N-55); stdout goes through a temporary file */
        tf = to_stdout ? tmpfile() : fopen(trace, "w+");
        if (!tf) {
            fprintf(stderr, "warpref: run: cannot open trace file '%s': %s\n",
                    to_stdout ? "(temporary)" : trace, strerror(errno));
            wr_program_free(&prog);
            return WR_EXIT_USAGE;
        }
    }
    opts.trace = tf;

    char err[256];
    wr_runner *r = wr_runner_new(&prog, &opts, err, sizeof err);
    if (!r) {
        fprintf(stderr, "warpref: run: %s\n", err);
        if (tf)
            fclose(tf);
        wr_program_free(&prog);
        return WR_EXIT_USAGE;
    }
    wr_run_result res;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = wr_runner_run(r, &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (rc == 0 && to_stdout)
        rc = copy_stream(tf, stdout);
    if (tf && fclose(tf) != 0)
        rc = -1;
    if (rc != 0) {
        fprintf(stderr, "warpref: run: writing the trace failed: %s\n", strerror(errno));
        wr_runner_free(r);
        wr_program_free(&prog);
        return WR_EXIT_USAGE;
    }

    fprintf(stderr, "warpref: %s: end %s at t=%" PRIu64 " after %" PRIu64 " instructions",
            path, wr_end_name(res.end), res.t, res.steps);
    if (res.faulted_warp >= 0)
        fprintf(stderr, " (fetch fault: warp %d at pc 0x%" PRIx64 ", %s)", res.faulted_warp,
                res.fault_pc, res.fault_what);
    fputc('\n', stderr);
    if (stats) {
        double sec = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
        fprintf(stderr, "warpref: stats: %" PRIu64 " instructions in %.6f s: %.2f M warp-instructions/s\n",
                res.steps, sec, sec > 0 ? (double)res.steps / sec / 1e6 : 0.0);
    }
    wr_runner_free(r);
    wr_program_free(&prog);
    return res.exit_status;
}

static int cmd_asm(int argc, char **argv)
{
    const char *path = NULL, *out = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            fputs(usage_asm, stdout);
            return 0;
        } else if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc)
                return usage_error("asm", "-o needs a file name%s", "");
            out = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("asm", "unknown option '%s'", a);
        } else if (path) {
            return usage_error("asm", "one program only, got a second: '%s'", a);
        } else {
            path = a;
        }
    }
    if (!path)
        return usage_error("asm", "missing the program file (or - for standard input)%s", "");
    wr_program prog;
    if (assemble_path(path, &prog) != 0)
        return WR_EXIT_USAGE;
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "warpref: asm: cannot open '%s': %s\n", out, strerror(errno));
        wr_program_free(&prog);
        return WR_EXIT_USAGE;
    }
    char buf[35];
    for (size_t i = 0; i < prog.ninsns; i++) {
        wr_word_format(&prog.words[i], buf);
        fprintf(f, "%s\n", buf);
    }
    int bad = ferror(f) | (out ? fclose(f) : fflush(f));
    wr_program_free(&prog);
    if (bad) {
        fprintf(stderr, "warpref: asm: write error\n");
        return WR_EXIT_USAGE;
    }
    return 0;
}

static int cmd_disasm(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            fputs(usage_disasm, stdout);
            return 0;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("disasm", "unknown option '%s'", a);
        } else if (path) {
            return usage_error("disasm", "one input only, got a second: '%s'", a);
        } else {
            path = a;
        }
    }
    const char *name = (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
    FILE *f = name[0] == '<' ? stdin : fopen(path, "r");
    if (!f) {
        fprintf(stderr, "warpref: disasm: cannot open '%s': %s\n", path, strerror(errno));
        return WR_EXIT_USAGE;
    }
    char *text = read_all(f, NULL);
    if (f != stdin)
        fclose(f);
    if (!text) {
        fprintf(stderr, "warpref: disasm: cannot read '%s'\n", name);
        return WR_EXIT_USAGE;
    }
    int rc = 0;
    uint64_t pc = 0;
    unsigned line = 0;
    for (char *s = text, *nl; s && *s; s = nl) {
        line++;
        nl = strchr(s, '\n');
        if (nl)
            *nl++ = '\0';
        size_t len = strlen(s);
        if (len && s[len - 1] == '\r')
            s[--len] = '\0';
        char *p = s;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        char *e = p + strlen(p);
        while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
            *--e = '\0';
        unsigned col = (unsigned)(p - s) + 1;
        wr_word word;
        wr_insn insn;
        char msg[200], out[200];
        if (wr_word_parse(p, &word) != 0) {
            fprintf(stderr, "%s:%u:%u: error: not a 128-bit word (want 0x and 32 hex digits)\n",
                    name, line, col);
            rc = WR_EXIT_USAGE;
            break;
        }
        if (wr_decode(&word, &insn, msg, sizeof msg) != 0) {
            fprintf(stderr, "%s:%u:%u: error: illegal encoding: %s\n", name, line, col, msg);
            rc = WR_EXIT_USAGE;
            break;
        }
        wr_disasm(&insn, pc, out, sizeof out);
        printf("/*%04" PRIx64 "*/ %s ;\n", pc, out);
        pc += WR_INST_SIZE;
    }
    free(text);
    if (fflush(stdout) != 0)
        rc = WR_EXIT_USAGE;
    return rc;
}

static int cmd_encoding(int argc, char **argv)
{
    int sv = 0;
    for (int i = 0; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(usage_encoding, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--sv") == 0 && !sv) {
            sv = 1;
            continue;
        }
        return usage_error("encoding", "takes no arguments but --sv, got '%s'", argv[i]);
    }
    int rc = sv ? wr_isa_write_sv_package(stdout) : wr_isa_write_doc(stdout);
    return rc == 0 && fflush(stdout) == 0 ? 0 : WR_EXIT_USAGE;
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
    if (argc < 2) {
        fputs(usage_main, stderr);
        return WR_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (is_help(cmd)) {
        fputs(usage_main, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        puts("warpref " VERSION);
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc < 3) {
            fputs(usage_main, stdout);
            return 0;
        }
        const struct command *c = command(argv[2]);
        if (!c)
            return usage_error(NULL, "no such command '%s'", argv[2]);
        fputs(c->usage, stdout);
        return argc == 3 ? 0 : usage_error("help", "takes one command name%s", "");
    }
    const struct command *c = command(cmd);
    if (c)
        return c->fn(argc - 2, argv + 2);
    return usage_error(NULL, "unknown command '%s'", cmd);
}
