/* fuzz_run.c - libFuzzer target: assemble arbitrary text and run it on one
 * CTA for a bounded number of instructions, trace on.  Whatever the program
 * does (exceptions, fetch faults, deadlock, livelock), the run ends with a
 * result, never a crash; builds without NDEBUG check the model's invariants
 * after every step. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "warpref.h"
#include "fuzz.h"

static FILE *trace;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    wr_program prog;
    char err[512];
    if (wr_assemble(text, "fuzz.s", &prog, err, sizeof err) != 0) {
        free(text);
        return 0;
    }
    if (!trace && !(trace = tmpfile()))
        abort();
    rewind(trace);
    if (ftruncate(fileno(trace), 0) != 0)
        abort();
    wr_run_opts opts = { .threads = prog.threads ? 0 : 64, .max_steps = 3000, .trace = trace,
                         .dump_regs = 4, .trace_operands = 1 };
    wr_runner *r = wr_runner_new(&prog, &opts, err, sizeof err);
    if (r) {
        wr_run_result res;
        if (wr_runner_run(r, &res) != 0) {
            fprintf(stderr, "run failed: errno %d\n", res.trace_errno);
            abort();
        }
        if (res.end == WR_END_NONE || res.steps > 3000) {
            fprintf(stderr, "run ended with %s after %llu steps\n", wr_end_name(res.end),
                    (unsigned long long)res.steps);
            abort();
        }
        wr_runner_free(r);
    }
    wr_program_free(&prog);
    free(text);
    return 0;
}
