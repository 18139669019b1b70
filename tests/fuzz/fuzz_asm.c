/* fuzz_asm.c - libFuzzer target: the assembler on arbitrary text.
 * Any input must give a program or one "FILE:LINE:COL: error: ..." line;
 * an assembled program must encode and decode to itself. */
#include <stdlib.h>
#include <string.h>

#include "warpref.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    wr_program prog;
    char err[512];
    if (wr_assemble(text, "fuzz.s", &prog, err, sizeof err) == 0) {
        fuzz_check_program(&prog);
        wr_program_free(&prog);
    } else {
        fuzz_check_error(err, "fuzz.s:");
    }
    free(text);
    return 0;
}
