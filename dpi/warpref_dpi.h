/* warpref_dpi.h - the calls of the DPI glue (warpref_dpi.c) that are not in
 * dpi/warpref_pkg.sv: for C and C++ drivers of the same handle (the SystemC
 * lockstep testbench, tb/sc/).  The package's own calls are declared by the
 * simulator's generated DPI header. */
#ifndef WARPREF_DPI_H
#define WARPREF_DPI_H

#ifdef __cplusplus
extern "C" {
#endif

/* The simulator a dump names ("verilator" unless set; the text is copied,
 * cut to 31 bytes). */
void warpref_dpi_set_simulator(void *h, const char *name);

#ifdef __cplusplus
}
#endif
#endif
