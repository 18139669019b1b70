/* fuzz_wtb.c - libFuzzer target: the binary trace reader (and the writers
 * and the replay behind it, fuzz_trace.h) on arbitrary records behind a
 * valid header, or on arbitrary bytes when the input starts with the magic
 * itself (a header of its own).  The checksums are written again
 * (wr_trace_seal) so that the fuzzer reaches the checks behind them; a
 * record with a checksum that does not match is tests/check_replay.py's. */
#include "fuzz_trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 8 && memcmp(data, WR_TRACE_MAGIC, 8) == 0) {
        uint8_t *copy = malloc(size);
        if (!copy)
            abort();
        memcpy(copy, data, size);
        wr_trace_seal(copy, size);
        fuzz_trace(copy, size);
        free(copy);
        return 0;
    }
    uint8_t *buf = malloc(WR_TRACE_HEADER_SIZE + size + 1);
    if (!buf)
        abort();
    memset(buf, 0, WR_TRACE_HEADER_SIZE);
    memcpy(buf, WR_TRACE_MAGIC, 8);
    buf[8] = WR_TRACE_VERSION;
    buf[10] = WR_TRACE_HEADER_SIZE;
    buf[12] = WR_TRACE_RECORD_SIZE;
    memcpy(buf + WR_TRACE_HEADER_SIZE, data, size);
    wr_trace_seal(buf, WR_TRACE_HEADER_SIZE + size);
    fuzz_trace(buf, WR_TRACE_HEADER_SIZE + size);
    free(buf);
    return 0;
}
