/* consumer.c - a testbench outside the project that links the installed
 * libwarpref through pkg-config (scripts/test builds and runs it). */
#include <stdio.h>
#include <string.h>
#include <warpref.h>

int main(void)
{
    static const char text[] =
        ".threads 64\n"
        "        BAR.SYNC 0x0\n"
        "        EXIT\n";
    wr_program prog;
    char err[256];
    if (wr_assemble(text, "consumer.s", &prog, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    wr_run_opts opts;
    memset(&opts, 0, sizeof opts);
    wr_runner *r = wr_runner_new(&prog, &opts, err, sizeof err);
    wr_run_result res;
    int ok = r && wr_runner_run(r, &res) == 0 && res.end == WR_END_DONE && res.steps == 4;
    wr_runner_free(r);
    wr_program_free(&prog);
    printf("%s\n", ok ? "1 passed, 0 failed" : "0 passed, 1 failed");
    return ok ? 0 : 1;
}
