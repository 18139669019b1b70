/* fuzz_jsonl.c - libFuzzer target: the JSONL trace reader (and the writers
 * and the replay behind it, fuzz_trace.h) on arbitrary bytes. */
#include "fuzz_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_trace(data, size);
    return 0;
}
