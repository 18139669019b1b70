/* blocksum_avx2.c - the binary trace's block checksum (XXH3-64 of a block of
 * records, docs/trace-binary.md) compiled for AVX2, which hashes the 4 KiB
 * of a block 32 bytes a step instead of SSE2's 16.  binary.h calls it
 * only when the CPU has AVX2; the hash is the same either way (XXH3's
 * vector paths compute the same value). */
#include <stddef.h>
#include <stdint.h>

#define XXH_INLINE_ALL
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

uint64_t wr_blocksum_avx2(const void *p, size_t size, uint64_t seed);

uint64_t wr_blocksum_avx2(const void *p, size_t size, uint64_t seed) { return XXH3_64bits_withSeed(p, size, seed); }
