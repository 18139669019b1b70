// lockstep_session.cpp - the plusargs, the checker and the end of a lockstep
// run, for both testbenches (lockstep_session.h, docs/lockstep.md).
#include "lockstep_session.h"
#include "lockstep_jobs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "svdpi.h"
#include "Vtb_lockstep__Dpi.h"      // the glue's calls (dpi/warpref_pkg.sv)
#include "warpref_dpi.h"
#include "warpref_bugs.h"           // generated from rtl_stub/warpref_rtl_pkg.sv
#include "warpref/checker.h"        // WR_COUNT_*
#include "warpref/gen.h"            // +gen_seed=: the program generated in-process
#include "warpref/isa.h"

namespace {

// the model's own run that names a livelock, at most this many instructions
constexpr unsigned long long k_livelock_steps = 10000;

// Every plusarg (docs/lockstep.md): the one table that +help prints and
// that decides which arguments are known (a name ending in '=' takes a value,
// the others are flags).  A plusarg the code reads must be here, or it is
// refused as unknown; tests/check_lockstep.py checks that +help and the docs
// list each.
struct plusarg_doc {
    const char *name;
    const char *value;                        // the value's form ("" for a flag)
    const char *help;                         // one line
};
const plusarg_doc k_plusargs[] = {
    { "program=", "FILE.s", "the program (this or +words=), assembled by libwarpref" },
    { "words=", "FILE", "a word list (warpref disasm's input), illegal words allowed; with +program= it replaces the instructions" },
    { "gen_seed=", "S", "generate the program in-process (warpref gen --seed S) into +program= (and its word list into +words=)" },
    { "gen_size=", "N", "with +gen_seed=: warpref gen's --size N" },
    { "gen_threads=", "N", "with +gen_seed=: warpref gen's --threads N" },
    { "gen_exceptions=", "PCT", "with +gen_seed=: warpref gen's --exceptions PCT" },
    { "gen_wide_links", "", "with +gen_seed=: warpref gen's --wide-links" },
    { "gen_profile=", "NAME", "with +gen_seed=: warpref gen's --profile NAME (native, sass, ptx, visa)" },
    { "gen_weights=", "NAME=W,...", "with +gen_seed=: warpref gen's --weights NAME=W,... (the statement classes' weights)" },
    { "threads=", "N", "CTA size 1..1024 (default: the program's .threads, else 32)" },
    { "sched=", "own|rr", "the RTL's scheduler: own (default, greedy-then-oldest) or rr (N-50 round robin)" },
    { "operands=", "self|rtl", "self (default): the model reads its own registers; rtl: it takes the RTL's operands" },
    { "bug=", "NAME", "enable one injectable bug of the catalogue (+list_bugs, docs/bugs.md)" },
    { "list_bugs", "", "print the bug catalogue's names, one a line, and exit 0" },
    { "ignore=", "FIELD,...", "compare fields left out (WR_RETIRE_FIELDS of warpref/compare.h)" },
    { "mask=", "FIELD:MASK,...", "only these bits of a field are compared" },
    { "max_mismatches=", "N", "stop after N failing checks (default 1)" },
    { "max_cycles=", "N", "stop at the RTL's time N; end limit (default 1000000)" },
    { "watchdog=", "N", "no retire for N cycles while the model has a ready warp is a hang (default 10000)" },
    { "wake_early=", "N", "accept a sleep deadline that fires up to N cycles early (default 0)" },
    { "wake_late=", "N|any", "accept a sleep deadline that fires up to N cycles late (default 0)" },
    { "time=", "order|cycles|n50", "what the RTL's time promises (docs/lockstep.md, \"Time\"; default: n50 under +sched=rr, cycles under own)" },
    { "check=", "0|1", "0: no checking at all (the throughput reference); default 1" },
    { "seed=", "S", "recorded in the dump" },
    { "test=", "NAME", "recorded in the dump (default: the program's base name)" },
    { "dump=", "BASE", "the dump's files BASE.txt and BASE.json, on a failure (default lockstep-dump)" },
    { "result=", "FILE", "the result file (JSON), written at the end" },
    { "waves=", "FILE.fst", "write FST waves (tb_lockstep: one time unit a cycle, and FILE.gtkw for GTKWave on a failure)" },
    { "waves_from=", "T", "start the waves when the RTL's time reaches T" },
    { "trace=", "FILE", "write the RTL's own trace (.wtb binary, else JSONL) for warpref replay" },
    { "rtl_coverage=", "FILE", "write the design's Verilator coverage (a testbench built with --coverage) to FILE at the end" },
    { "mutant=", "K", "run mutant K of a schema build of scripts/qualify (read by the design at time 0; 0: none)" },
    { "infect=", "FILE", "an infection build of scripts/qualify writes its counts to FILE at the end (another build: ignored)" },
    { "help", "", "print this list and exit 0" },
};

bool known_plusarg(const char *a)
{
    if (strncmp(a, "+verilator+", 11) == 0)
        return true;
    for (const plusarg_doc &k : k_plusargs) {
        size_t n = strlen(k.name);
        if (k.name[n - 1] == '=' ? strncmp(a + 1, k.name, n) == 0 : strcmp(a + 1, k.name) == 0)
            return true;
    }
    return false;
}

// +help: every plusarg with its value and meaning, then Verilator's own
void print_help(const char *tool)
{
    printf("usage: %s +program=FILE.s [+PLUSARG...]  (docs/lockstep.md)\n", tool);
    for (const plusarg_doc &k : k_plusargs) {
        const std::string arg = std::string("+") + k.name + k.value;
        printf("  %-24s %s\n", arg.c_str(), k.help);
    }
    if (strcmp(tool, "tb_lockstep") == 0)     // its main takes a job list (tb/common/lockstep_jobs)
        printf("  %-24s %s\n", "+jobs=FILE|-", "run many programs in this process, a line of FILE the plusargs of each");
    printf("  %-24s %s\n", "+verilator+...", "the simulator's own runtime options, passed through");
    fflush(stdout);
}

// the value of +NAME=VALUE (the first one given), or nullptr
const char *plusarg(int argc, char **argv, const char *name)
{
    const size_t n = strlen(name);
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '+' && strncmp(argv[i] + 1, name, n) == 0 && argv[i][1 + n] == '=')
            return argv[i] + 2 + n;
    return nullptr;
}

bool flag(int argc, char **argv, const char *name)
{
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '+' && strcmp(argv[i] + 1, name) == 0)
            return true;
    return false;
}

// a word for sh: as is when it is safe, else in single quotes
std::string shell_word(const std::string &s)
{
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                          "+-=_./:,@%") == std::string::npos)
        return s;
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

std::string first_line(const char *s)
{
    const char *e = strchr(s, '\n');
    return e ? std::string(s, static_cast<size_t>(e - s)) : std::string(s);
}

std::string last_line(const char *s)
{
    std::string t(s);
    while (!t.empty() && t.back() == '\n')
        t.pop_back();
    const size_t nl = t.rfind('\n');
    return nl == std::string::npos ? t : t.substr(nl + 1);
}

// the test name a program gives: its base name without ".s"
std::string basename_of(const std::string &p)
{
    const size_t slash = p.rfind('/');
    std::string b = slash == std::string::npos ? p : p.substr(slash + 1);
    if (b.size() > 2 && b.compare(b.size() - 2, 2, ".s") == 0)
        b.resize(b.size() - 2);
    return b.empty() ? p : b;
}

// one line on standard output, "TOOL: ...": a bad plusarg (exit status 2)
int usage_error(const lockstep_session &s, const char *fmt, ...)
{
    va_list ap;
    printf("%s: ", s.tool.c_str());
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    return 2;
}

// Can `path` be written?  0, or the errno a write would meet: a directory
// (EISDIR), a regular file without write permission, a new file that cannot
// be made where it is named (it is made and removed).  A device or FIFO is
// written in place (outfile.h): no test here, none that would block.
int probe_output(const std::string &path)
{
    struct stat st;
    if (stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return EISDIR;
        return S_ISREG(st.st_mode) && access(path.c_str(), W_OK) != 0 ? errno : 0;
    }
    if (errno != ENOENT)
        return errno;
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0)
        return errno == EEXIST ? 0 : errno;      // made meanwhile, or a link to nowhere
    close(fd);
    unlink(path.c_str());
    return 0;
}

// write `text` to `path` whole; 0, or the errno of the failure
int write_text(const std::string &path, const char *text)
{
    FILE *f = fopen(path.c_str(), "w");
    if (!f)
        return errno;
    const bool ok = fputs(text, f) != EOF;
    const int werr = errno;
    if (fclose(f) != 0)
        return errno;
    return ok ? 0 : werr;
}

// +gen_seed=S: the program `warpref gen --seed S [--size N] [--threads N]
// [--exceptions PCT] [--wide-links]` writes, made here through the library
// (wr_gen_verified, the same text) and written to +program= (its word list to
// +words=, as `--words`): a job of a regression needs no process of its own
// to generate its program.  -1 when the files are written, else the exit
// status of the run (2, one line).
int generate(lockstep_session &s, int argc, char **argv)
{
    wr_gen_opts go;
    wr_gen_defaults(&go);
    struct gnum {
        const char *name;
        uint64_t lo, hi;
        uint64_t v;
    } nums[] = { { "gen_seed", 0, UINT64_MAX, 0 }, { "gen_size", WR_GEN_MIN_SIZE, WR_GEN_MAX_SIZE, 0 },
                 { "gen_threads", 1, 1024, 0 }, { "gen_exceptions", 0, WR_GEN_MAX_EXCEPTIONS, 0 } };
    for (gnum &k : nums) {
        const char *v = plusarg(argc, argv, k.name);
        if (v && wr_num_parse(v, k.lo, k.hi, &k.v, nullptr, 0) != WR_NUM_OK)
            return usage_error(s, "+%s=%s: not a number from %" PRIu64 " to %" PRIu64, k.name, v, k.lo, k.hi);
    }
    if (s.program.empty())
        return usage_error(s, "+gen_seed=: needs +program=FILE.s, the file the program is written to");
    go.seed = nums[0].v;
    go.size = static_cast<unsigned>(nums[1].v);
    go.threads = static_cast<unsigned>(nums[2].v);
    go.exceptions = static_cast<unsigned>(nums[3].v);
    go.wide_links = flag(argc, argv, "gen_wide_links") ? 1 : 0;
    if (const char *p = plusarg(argc, argv, "gen_profile")) {
        const int prof = wr_profile_parse(p, strlen(p));
        if (prof < 0)
            return usage_error(s, "+gen_profile=%s: not a profile (native, sass, ptx, visa)", p);
        go.profile = static_cast<unsigned>(prof);
    }
    char err[512];
    if (const char *w = plusarg(argc, argv, "gen_weights"))
        if (wr_gen_parse_weights(w, go.weight, err, sizeof err) != 0)
            return usage_error(s, "+gen_weights=%s: %s", w, err);
    char *text = nullptr, *words = nullptr;
    wr_gen_result res;
    const int v = wr_gen_verified(&go, 0, &text, &res, err, sizeof err);
    if (v < 0)
        return usage_error(s, "+gen_seed=%" PRIu64 ": %s", go.seed, err);
    int rc = -1;
    if (v == 1)
        rc = usage_error(s, "+gen_seed=%" PRIu64 ": no attempt ended done (seed %" PRIu64 ", attempt %u, ended %s)",
                         go.seed, res.seed, res.attempts, wr_end_name(res.end));
    else if (!s.words.empty() && wr_gen_word_list(text, &words, err, sizeof err) != 0)
        rc = usage_error(s, "+gen_seed=%" PRIu64 ": %s", go.seed, err);
    int e;
    if (rc < 0 && (e = write_text(s.program, text)) != 0)
        rc = usage_error(s, "+program=%s: cannot write: %s", s.program.c_str(), strerror(e));
    if (rc < 0 && words && (e = write_text(s.words, words)) != 0)
        rc = usage_error(s, "+words=%s: cannot write: %s", s.words.c_str(), strerror(e));
    if (rc < 0 && res.attempts > 1)      // a generator bug, as warpref gen says it
        printf("%s: gen: seed %" PRIu64 " ended %s on the model; wrote derived seed %" PRIu64
               " (attempt %u), which ended %s\n", s.tool.c_str(), go.seed, wr_end_name(res.first_end), res.seed,
               res.attempts, wr_end_name(res.end));
    free(text);
    free(words);
    return rc;
}

}  // namespace

// The catalogue of a build is its profile's: the bug's profile, wr_rtl_bug_profile (generated with the
// names by tb/common/bug_names.py, the one place that says which bug is whose: docs/bugs.md)
// the build's profile (lockstep_limits::profile; null: native)
static int rtl_profile(const char *profile)
{
    return profile ? wr_profile_parse(profile, strlen(profile)) : (int)WR_PROFILE_NATIVE;
}

static bool bug_of_profile(int bug, const char *profile)
{
    return wr_rtl_bug_profile[bug] == rtl_profile(profile);
}

int lockstep_open(lockstep_session &s, int argc, char **argv, const char *tool, const lockstep_limits &lim)
{
    s.tool = tool;
    // +help first: whatever else the line holds
    if (flag(argc, argv, "help")) {
        print_help(tool);
        return 0;
    }
    // a typo would otherwise be ignored
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '+' || !known_plusarg(argv[i])) {
            fprintf(stderr, "%s: unknown argument '%s' (%s +help lists the plusargs, docs/lockstep.md)\n", tool,
                    argv[i], tool);
            return 2;
        }
    }
    // the files it will write: their directories must be writable (one line and
    // exit 2 now, not a lost dump at the end of a long run)
    for (const char *k : { "dump", "result", "waves", "trace", "rtl_coverage" }) {
        const char *v = plusarg(argc, argv, k);
        if (!v || !*v)
            continue;
        const std::string path = v;
        std::string dir = ".";
        const size_t slash = path.rfind('/');
        if (slash != std::string::npos)
            dir = slash == 0 ? "/" : path.substr(0, slash);
        if (access(dir.c_str(), W_OK) != 0) {
            fprintf(stderr, "%s: +%s=%s: cannot write in '%s': %s\n", tool, k, v, dir.c_str(), strerror(errno));
            return 2;
        }
        // the wave file: the FST writer removes the path and makes a new file
        // there, so a device or FIFO (+waves=/dev/null) would be replaced by a
        // regular file, and it seeks: only a regular file (or a new name) will do
        struct stat st;
        if (strcmp(k, "waves") == 0 && stat(v, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "%s: +waves=%s: not a regular file (an FST wave file is made anew at its path)\n", tool,
                    v);
            return 2;
        }
        // the file itself: not a directory, and one that can be made there
        // (a directory can be writable and still refuse a new file: /proc)
        const bool dump = strcmp(k, "dump") == 0;
        for (const char *ext : { dump ? ".txt" : "", dump ? ".json" : "" }) {
            const std::string file = path + ext;
            const int e = probe_output(file);
            if (e) {
                fprintf(stderr, "%s: +%s=%s: cannot write '%s': %s\n", tool, k, v, file.c_str(), strerror(e));
                return 2;
            }
            if (!dump)
                break;
        }
    }
    if (flag(argc, argv, "list_bugs")) {
        for (int i = 0; i < WR_RTL_NBUGS; i++)
            if (bug_of_profile(i, lim.profile))
                printf("%s\n", wr_rtl_bug_names[i]);
        return 0;
    }
    // the command that reproduces this run: the same arguments, from the same directory
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd))
        s.command_line = "cd " + shell_word(cwd) + " && ";
    char exe[4096];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    s.command_line += shell_word(n > 0 ? exe : argv[0]);
    for (int i = 1; i < argc; i++)
        s.command_line += " " + shell_word(argv[i]);

    // numbers: the project's syntax
    struct num {
        const char *name;
        uint64_t *v;
    } nums[] = { { "threads", &s.threads }, { "max_cycles", &s.max_cycles }, { "watchdog", &s.watchdog },
                 { "max_mismatches", &s.max_mismatches }, { "waves_from", &s.waves_from }, { "check", &s.check } };
    for (const num &k : nums) {
        const char *v = plusarg(argc, argv, k.name);
        if (v && wr_num_parse(v, 0, UINT64_MAX, k.v, nullptr, 0) != WR_NUM_OK)
            return usage_error(s, "+%s=%s: not a number (decimal, or hex with 0x)", k.name, v);
    }
    // the stub fires a deadline in the first cycle it is due: by default no
    // early or late wake is accepted; +wake_late=any accepts any later one
    uint64_t we = 0, wl = 0;
    const char *v_we = plusarg(argc, argv, "wake_early"), *v_wl = plusarg(argc, argv, "wake_late");
    const bool any_late = v_wl && strcmp(v_wl, "any") == 0;
    if (v_we && wr_num_parse(v_we, 0, UINT64_MAX, &we, nullptr, 0) != WR_NUM_OK)
        return usage_error(s, "+wake_early=%s: not a number (decimal, or hex with 0x)", v_we);
    if (v_wl && !any_late && wr_num_parse(v_wl, 0, UINT64_MAX, &wl, nullptr, 0) != WR_NUM_OK)
        return usage_error(s, "+wake_late=%s: not a number (decimal, or hex with 0x)", v_wl);
    // a schema build's mutant (scripts/qualify): the design reads it with %d
    if (const char *mu = plusarg(argc, argv, "mutant")) {
        uint64_t k = 0;
        if (!*mu || strspn(mu, "0123456789") != strlen(mu) || wr_num_parse(mu, 0, UINT32_MAX, &k, nullptr, 0) != WR_NUM_OK)
            return usage_error(s, "+mutant=%s: not a decimal number 0..4294967295", mu);
    }
    const char *prog = plusarg(argc, argv, "program");
    const char *words = plusarg(argc, argv, "words");    // a word list, illegal words allowed
    if (!prog && !words)
        return usage_error(s, "+program=FILE.s or +words=FILE is required (docs/lockstep.md)");
    if (prog && !*prog)
        return usage_error(s, "+program=: empty file name");
    if (words && !*words)
        return usage_error(s, "+words=: empty file name");
    s.program = prog ? prog : "";
    s.words = words ? words : "";
    if (s.threads > lim.nw * 32 || (s.threads == 0 && plusarg(argc, argv, "threads")))
        return usage_error(s, "+threads=%" PRIu64 ": out of range 1..%u", s.threads, lim.nw * 32);
    if (s.check > 1)
        return usage_error(s, "+check=%" PRIu64 ": 0 or 1", s.check);
    if (s.max_mismatches == 0 || s.max_mismatches > INT32_MAX)
        return usage_error(s, "+max_mismatches=%" PRIu64 ": out of range 1..2147483647", s.max_mismatches);
    if (we > INT64_MAX || (!any_late && wl > INT64_MAX))
        return usage_error(s, "+wake_early/+wake_late: out of range");
    s.wake_early = static_cast<int64_t>(we);
    s.wake_late = any_late ? -1 : static_cast<int64_t>(wl);
    for (const char *k : { "sched", "operands", "bug", "ignore", "mask", "waves", "seed", "result", "dump", "test",
                           "trace", "rtl_coverage", "time" }) {
        const char *v = plusarg(argc, argv, k);
        std::string *dst = !strcmp(k, "sched") ? &s.sched : !strcmp(k, "operands") ? &s.operands
                         : !strcmp(k, "bug") ? &s.bug : !strcmp(k, "ignore") ? &s.ignore
                         : !strcmp(k, "mask") ? &s.mask : !strcmp(k, "waves") ? &s.waves
                         : !strcmp(k, "seed") ? &s.seed : !strcmp(k, "result") ? &s.result
                         : !strcmp(k, "dump") ? &s.dump : !strcmp(k, "test") ? &s.test
                         : !strcmp(k, "trace") ? &s.trace : !strcmp(k, "time") ? &s.time : &s.rtl_coverage;
        if (v)
            *dst = v;
    }
    // a wave file named through a symbolic link: the FST writer would replace
    // the link, so it is given the file the link leads to
    for (int hops = 0; hops < 40 && !s.waves.empty(); hops++) {
        struct stat lst;
        char link[PATH_MAX];
        if (lstat(s.waves.c_str(), &lst) != 0 || !S_ISLNK(lst.st_mode))
            break;
        const ssize_t n = readlink(s.waves.c_str(), link, sizeof link - 1);
        if (n <= 0)
            break;
        link[n] = '\0';
        const size_t slash = s.waves.rfind('/');
        s.waves = link[0] == '/' || slash == std::string::npos ? std::string(link)
                                                               : s.waves.substr(0, slash + 1) + link;
    }
    if (s.sched != "own" && s.sched != "rr")
        return usage_error(s, "+sched=%s: own or rr", s.sched.c_str());
    if (s.operands != "self" && s.operands != "rtl")
        return usage_error(s, "+operands=%s: self (the model's own registers) or rtl (the RTL's operands)",
                           s.operands.c_str());
    if (plusarg(argc, argv, "bug")) {
        for (int i = 0; i < WR_RTL_NBUGS; i++)
            if (s.bug == wr_rtl_bug_names[i] && bug_of_profile(i, lim.profile))
                s.bug_index = i;
        if (s.bug_index < 0)
            return usage_error(s, "+bug=%s: unknown bug (%s +list_bugs, docs/bugs.md)", s.bug.c_str(), tool);
    }
    if (s.dump.empty())
        return usage_error(s, "+dump=: empty base name");

    if (plusarg(argc, argv, "gen_seed")) {
        const int g = generate(s, argc, argv);
        if (g >= 0)
            return g;
    } else {
        for (const char *k : { "gen_size", "gen_threads", "gen_exceptions", "gen_profile", "gen_weights" })
            if (plusarg(argc, argv, k))
                return usage_error(s, "+%s=: only with +gen_seed=", k);
        if (flag(argc, argv, "gen_wide_links"))
            return usage_error(s, "+gen_wide_links: only with +gen_seed=");
    }

    s.h = warpref_dpi_new_words(s.program.c_str(), s.words.c_str(), static_cast<int>(s.threads),
                                s.operands == "rtl" ? 1 : 0, s.ignore.c_str(), s.mask.c_str(),
                                static_cast<int>(s.max_mismatches), s.wake_early, s.wake_late);
    if (!s.h)
        return usage_error(s, "%s", first_line(warpref_dpi_messages(nullptr)).c_str());
    // the stub's time: N-50's under +sched=rr (one unit an issued instruction), else one a cycle
    s.time_claim = warpref_dpi_time(s.h, !s.time.empty() ? s.time.c_str() : s.sched == "rr" ? "n50" : "cycles", 1);
    if (s.time_claim < 0) {
        const int bad = usage_error(s, "%s", last_line(warpref_dpi_messages(s.h)).c_str());
        lockstep_close(s);
        return bad;
    }
    s.ninsns = warpref_dpi_ninsns(s.h);
    s.nconsts = warpref_dpi_nconsts(s.h);
    s.nregs = warpref_dpi_nregs(s.h);
    s.threads_run = warpref_dpi_threads(s.h);
    s.nwarps = (s.threads_run + 31) / 32;
    // the program's profile must be the RTL's (a word list alone has none: its words are checked)
    const bool text = !s.program.empty();
    if (!text)
        s.program = s.words;                  // the run's name in every line
    const char *p = s.program.c_str();
    const int prof = warpref_dpi_profile(s.h);
    const int want = rtl_profile(lim.profile);
    int rc = -1;
    if (s.ninsns > static_cast<int>(lim.imem_depth))
        rc = usage_error(s, "%s: %d instructions, the RTL holds %u", p, s.ninsns, lim.imem_depth);
    else if (text && prof != want)
        rc = usage_error(s, "%s: a %s program (.profile %s), this testbench's RTL runs %s programs", p,
                         wr_profile_name(static_cast<unsigned>(prof)), wr_profile_name(static_cast<unsigned>(prof)),
                         wr_profile_name(static_cast<unsigned>(want)));
    else if (s.nconsts > static_cast<int>(lim.cmem_n))
        rc = usage_error(s, "%s: %d constant words, the RTL holds %u", p, s.nconsts, lim.cmem_n);
    else if (s.nregs > static_cast<int>(lim.nr))
        rc = usage_error(s, "%s: uses R0..R%d, the RTL keeps R0..R%u", p, s.nregs - 1, lim.nr - 1);
    else if (s.nwarps > static_cast<int>(lim.nw))
        rc = usage_error(s, "%s: %d warps, the RTL has %u", p, s.nwarps, lim.nw);
    // the RTL's own trace (+trace=FILE: .wtb binary, else JSONL), written by the glue
    // from each record before it is checked
    if (rc < 0 && !s.trace.empty() && s.check != 0 && warpref_dpi_trace(s.h, s.trace.c_str()) != 0)
        rc = usage_error(s, "+trace=%s: %s", s.trace.c_str(), last_line(warpref_dpi_messages(s.h)).c_str());
    if (rc >= 0) {
        lockstep_close(s);
        return rc;
    }
    if (s.test.empty())
        s.test = basename_of(s.program);
    return -1;
}

int lockstep_finish(lockstep_session &s, const lockstep_end &e)
{
    const char *tool = s.tool.c_str(), *prog = s.program.c_str();
    if (s.check == 0) {
        printf("%s: %s: unchecked run (+check=0): end %s at t=%" PRIu64 ", %" PRIu64 " retired in %" PRIu64
               " cycles\n", tool, prog, e.end.c_str(), e.t_end, e.nretired, e.cycles);
        fflush(stdout);
        return 0;
    }
    const uint64_t compared = warpref_dpi_count(s.h, WR_COUNT_COMPARED);
    const uint64_t mism = warpref_dpi_count(s.h, WR_COUNT_MISMATCHED);
    std::string status = e.errored ? "error" : e.hung ? "hang" : compared == 0 ? "error"
                       : e.failed || mism != 0 ? "mismatch" : "pass";
    std::string endr = e.end;
    bool lost = false;                   // an output asked for was not written (said): status 2 for a pass
    // the trace ends with the RTL's end state when the run reached an end of its own
    if (!s.trace.empty() && warpref_dpi_trace_end(s.h, endr.c_str(), e.t_end) != 0) {
        printf("%s: %s\n", tool, last_line(warpref_dpi_messages(s.h)).c_str());
        lost = true;
    }
    if (status == "mismatch" && endr != "mismatch")
        endr += "+final";
    // stopped by the cycle limit: does the program livelock (N-55, a spec hazard)?
    // The model's own run decides, within k_livelock_steps instructions (the hazards
    // of SPEC-NOTES section 9 repeat within a few dozen); a livelock is reported as such
    if (status == "pass" && endr == "limit" && strcmp(warpref_dpi_own_end(s.h, k_livelock_steps), "livelock") == 0) {
        endr = "livelock";
        printf("%s: %s livelocks: the model's own run of it ends livelock (N-55, a spec hazard of SPEC-NOTES "
               "section 9); +max_cycles=%" PRIu64 " stopped the RTL\n", tool, prog, s.max_cycles);
    }
    if (status != "pass" &&
        warpref_dpi_dump(s.h, s.dump.c_str(), s.test.c_str(), s.seed.c_str(), s.waves.c_str(),
                         s.command_line.c_str()) != 0)
        printf("%s: %s\n", tool, last_line(warpref_dpi_messages(s.h)).c_str());
    if (!s.result.empty() &&
        warpref_dpi_result(s.h, s.result.c_str(), status.c_str(), e.t_end, endr.c_str()) != 0) {
        printf("%s: %s\n", tool, last_line(warpref_dpi_messages(s.h)).c_str());
        lost = true;
    }
    std::string line = "sched " + s.sched;
    if (!s.bug.empty())
        line += ", bug " + s.bug;
    if (!s.seed.empty())
        line += ", seed " + s.seed;
    const uint64_t retired = warpref_dpi_count(s.h, WR_COUNT_RETIRED);
    // register lanes the model left undefined and the RTL defined (SPEC-NOTES section 5: allowed)
    const uint64_t adopted = warpref_dpi_count(s.h, WR_COUNT_ADOPTED);
    char counts[160];
    snprintf(counts, sizeof counts, "%" PRIu64 " retired, %" PRIu64 " compared", retired, compared);
    if (adopted)
        snprintf(counts + strlen(counts), sizeof counts - strlen(counts), ", %" PRIu64 " undefined lanes adopted",
                 adopted);
    if (status == "pass") {
        printf("%s: PASS %s: end %s at t=%" PRIu64 ", %s (%s)\n", tool, prog, endr.c_str(), e.t_end, counts,
               line.c_str());
    } else {
        std::string summary = warpref_dpi_summary(s.h);
        if (summary.empty())
            summary = first_line(warpref_dpi_messages(s.h));
        for (char &c : status)
            c = static_cast<char>(toupper(static_cast<unsigned char>(c)));
        printf("%s: %s %s: %s (end %s at t=%" PRIu64 ", %s; %s; dump %s.txt)\n", tool, status.c_str(), prog,
               summary.c_str(), endr.c_str(), e.t_end, counts, line.c_str(), s.dump.c_str());
    }
    const bool pass = status == "pass";
    if (!lockstep_in_jobs())              // a job list counts its jobs at its end
        printf("%d passed, %d failed\n", pass ? 1 : 0, pass ? 0 : 1);
    fflush(stdout);
    // a pass whose trace or result file was not written exits 2, as the CLI does for
    // an output it cannot write: a script reading the status never takes it for a
    // clean pass (a failure keeps 1, the more important news)
    return pass ? (lost ? 2 : 0) : 1;
}

void lockstep_close(lockstep_session &s)
{
    warpref_dpi_free(s.h);
    s.h = nullptr;
}
