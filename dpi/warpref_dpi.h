/* warpref_dpi.h - the calls of the DPI glue (warpref_dpi.c) that are not in
 * dpi/warpref_pkg.sv: for C and C++ drivers of the same handle (the SystemC
 * lockstep testbench, tb/sc/).  The package's own calls are declared by the
 * simulator's generated DPI header. */
#ifndef WARPREF_DPI_H
#define WARPREF_DPI_H

#ifdef __cplusplus
extern "C" {
#endif

/* warpref_dpi_new with a word list (docs/lockstep.md, +words=): `words` is
 * a file in the `warpref disasm` input format, illegal words allowed (their
 * step raises ILLEGAL_ENCODING, N-37).  With `prog` ("" or NULL: none) the
 * program is assembled from it (constants, .threads, .profile) and the
 * words replace its instructions one for one; without it the words are the
 * program.  `words` NULL or "": warpref_dpi_new. */
void *warpref_dpi_new_words(const char *prog, const char *words, int threads, int operand_mode, const char *ignore,
                            const char *mask, int max_mismatches, long long wake_early, long long wake_late);

/* The simulator a dump names ("verilator" unless set; the text is copied,
 * cut to 31 bytes). */
void warpref_dpi_set_simulator(void *h, const char *name);

/* The profile the handle's program was assembled for (wr_profile: its
 * `.profile`, native without one; native for null), so that a driver whose
 * RTL runs one profile can refuse another's program. */
int warpref_dpi_profile(void *h);

#ifdef __cplusplus
}
#endif
#endif
