/* binary.h - internal: the binary trace format's layout (docs/trace-binary.md):
 * record size, head flags, tails, checksums and blocks, shared by its
 * reader (binary_read.c, reader.c) and its writer (writer.c). */
#ifndef WARPREF_TRACE_BINARY_H
#define WARPREF_TRACE_BINARY_H

#include <stdint.h>
#include <string.h>

#include "schema.h"
#include "warpref/tracefile.h"

/* the checksum of a binary record: XXH3 (libxxhash-dev), compiled in from
 * its header, so the library has no link dependency */
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#define XXH_INLINE_ALL
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>


enum { RS = WR_TRACE_RECORD_SIZE, RS_WORDS = RS / 4 };

/* ---- the binary facts of the record's keys (schema.h, WR_TRACE_ROWS) ----
 * The macros below are given as ROW to WR_TRACE_ROWS and dispatch on a
 * row's PLACE (or, for the 'E' record, the PLACE of its E(...) column,
 * taken apart by BIN_E_). */
#define BIN_BIT_(flag) ((flag) >= 0 ? 1u << ((flag) & 31) : 0u)
#define BIN_E_(m, value, e) BIN_ECALL_(m, value, BIN_EARGS_##e)
#define BIN_EARGS_E(place, at, flag, tail, evalue) place, at, flag, tail, evalue
#define BIN_ECALL_(m, value, args) m(value, args)

/* The 'E' record's keys, given as ROW to WR_TRACE_ROWS: BIN_EHEAD_ calls
 * X##PLACE(VALUE, AT) for each (X: a direction's prefix, BIN_EHPUT_ or
 * BIN_EHGET_); BIN_ETAIL_ calls BIN_ETAIL_DO_##PLACE(VALUE, FLAG) for those
 * of tail part X (BIN_ETAIL_DO_: the including file's prefix) */
#define BIN_EHEAD_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    BIN_E_(BIN_EHEAD1_, X, e)
#define BIN_EHEAD1_(pfx, place, at, flag, tail, evalue) pfx##place(evalue, at)
#define BIN_ETAIL_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    BIN_E_(BIN_ETAIL1_, X, e)
#define BIN_ETAIL1_(part, place, at, flag, tail, evalue) \
    if ((tail) == (part)) {                              \
        BIN_PASTE_(BIN_ETAIL_DO_, place)(evalue, flag)   \
    }
#define BIN_PASTE_(a, b) BIN_PASTE1_(a, b)
#define BIN_PASTE1_(a, b) a##b
#define BIN_ETAIL_PART_(part) WR_TRACE_ROWS(BIN_ETAIL_, part)

/* The head flags of an 'I' record: F_<key> its FLAG (F_EV: the events start
 * with "wake"; F_OP, F_ASM: the text is in the tail), FW_<key> a TEXT's AT
 * (the text is the word's); and of an 'E' record, E_<key>. */
#define BIN_FENUM_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    F_##name = BIN_BIT_(flag), FW_##name = BIN_FW_##place(at), E_##name = BIN_E_(BIN_EFLAG_, 0, e),
#define BIN_FW_TEXT(at) ((at) ? 1u << (at) : 0u)
#define BIN_FW_HEAD8(at) 0u
#define BIN_FW_HEAD32(at) 0u
#define BIN_FW_HEAD64(at) 0u
#define BIN_FW_BMASK(at) 0u
#define BIN_FW_WORD(at) 0u
#define BIN_FW_EVENTS(at) 0u
#define BIN_FW_IN(at) 0u
#define BIN_FW_OUT(at) 0u
#define BIN_FW_BARS(at) 0u
#define BIN_FW_OTHER(at) 0u
#define BIN_EFLAG_(value, place, at, flag, tail, evalue) BIN_BIT_(flag)
enum { WR_TRACE_ROWS(BIN_FENUM_, 0) F_NONE_ = 0 };
#define BIN_FALL_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) | F_##name | FW_##name
#define BIN_EALL_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) | E_##name
enum { F_REC_KEYS = 0u WR_TRACE_ROWS(BIN_FALL_, 0), E_KNOWN = 0u WR_TRACE_ROWS(BIN_EALL_, 0) };
/* (format v2: bits 0..7 are `ev`'s wake, `insn`, `in`, `out`, `bars`, `asm`
 * the word's, `asm` stored, `op` stored; the final record's 0 `fault`, 1
 * `profile`: a row's flag moved changes the format, docs/trace-binary.md) */
_Static_assert(F_EV == 1u && F_INSN == 2u && F_IN == 4u && F_OUT == 8u && F_BARS == 16u && FW_ASM == 32u &&
               F_ASM == 64u && F_OP == 128u && F_REC_KEYS == 0xffu && E_FAULT == 1u && E_PROFILE == 2u &&
               E_KNOWN == 3u, "the schema's binary flags of the record's keys are not format v2's");

/* the record's keys (WR_TK_*) an 'I' head's `flags` give: a key that not
 * every record has is there when its flag (or FW_) is */
#define BIN_KEYS_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    | (((unsigned)(when) != (unsigned)WR_ALWAYS && (flags & (F_##name | FW_##name))) ? (unsigned)(when) : 0u)

/* The byte AT of each key's row: I_AT_<key> of an 'I' record (the events'
 * count I_AT_EV, the word I_AT_INSN, the B register mask I_AT_B ...),
 * W_AT_<key> of a 'W' record (W_AT_B, the number W_AT_WARP, the counts of
 * registers W_AT_R and of dc entries W_AT_DC) */
#define BIN_IAT_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) I_AT_##name = (at),
#define BIN_WAT_(X, name, key, type, width, when, rule, value, place, at) W_AT_##name = (at),
enum { WR_TRACE_ROWS(BIN_IAT_, 0) I_AT_NONE_ = 0 };
enum { WR_TRACE_WARP_ROWS(BIN_WAT_, 0) W_AT_NONE_ = 0 };
_Static_assert(I_AT_EV == 2 && I_AT_INSN == 64 && I_AT_B == 52 && W_AT_B == 36 && W_AT_WARP == 1 && W_AT_R == 40 &&
               W_AT_DC == 42, "the schema's head fields are not at format v2's bytes");

/* whether a TEXT (by its TYPE) of record `r` is the word's */
#define BIN_DERIVED_OP r->op_derived
#define BIN_DERIVED_ASM r->asm_derived

/* The tail's parts in their order (TAIL): M(part) for each */
#define BIN_TAIL_PARTS(M) M(1) M(2) M(3) M(4) M(5) M(6) M(7)

/* ---- the binary facts of the rows of `in` and `out` (schema.h) ----
 * Each macro below is given as ROW to WR_TRACE_IN_ROWS / WR_TRACE_OUT_ROWS and
 * dispatches on the row's PLACE; `set` is the record's bits of that table
 * (wr_trace_rec.in_keys or .out), `flags` the head's flags word. */

/* the head flags a table's rows may set */
#define BIN_FMASK_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) | BIN_FMASK_##place(bit, arg)
#define BIN_FMASK_HEAD(bit, arg) (1u << (bit))
#define BIN_FMASK_TAIL(bit, arg) (1u << (bit) | ((arg) ? 1u << (arg) : 0u))
#define BIN_FMASK_LANES(bit, arg) BIN_FMASK_TAIL(bit, arg)
#define BIN_FMASK_FLAG(bit, arg) (1u << (bit))
enum {
    F_IN_KEYS = 0u WR_TRACE_IN_ROWS(BIN_FMASK_, 0),
    F_OUT_KEYS = 0u WR_TRACE_OUT_ROWS(BIN_FMASK_, 0)
};
/* (format v2: `in` has bits 8..17 and 24, `out` bits 20..23; a row's flag
 * moved to another bit changes the format, docs/trace-binary.md) */
_Static_assert(F_IN_KEYS == 0x0103ff00u && F_OUT_KEYS == 0x00f00000u,
               "the schema's binary flags of `in` and `out` are not format v2's");
/* every flag an instruction record may have; any other (bits 18, 19, 25..31)
 * is refused, never dropped: docs/trace-binary.md says "others: zero" */
enum { F_KNOWN = F_REC_KEYS | F_IN_KEYS | F_OUT_KEYS };

/* the record's bits of a table from the head's flags ... */
#define BIN_BITS_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    | BIN_BITS_##place(bit, arg, when, width)
#define BIN_BITS_HEAD(bit, arg, when, width) ((flags >> (bit) & 1u) ? (unsigned)(when) : 0u)
#define BIN_BITS_TAIL(bit, arg, when, width) \
    (BIN_BITS_HEAD(bit, arg, when, width) | (((arg) && (flags >> (arg) & 1u)) ? (unsigned)(width) : 0u))
#define BIN_BITS_LANES BIN_BITS_TAIL
#define BIN_BITS_FLAG(bit, arg, when, width) ((flags >> (bit) & 1u) ? (unsigned)(arg) : 0u)

/* ... and the head's flags from the record's bits */
#define BIN_FLAGS_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    | BIN_FLAGS_##place(bit, arg, when, width)
#define BIN_FLAGS_HEAD(bit, arg, when, width) ((set & (unsigned)(when)) ? 1u << (bit) : 0u)
#define BIN_FLAGS_TAIL(bit, arg, when, width) \
    (BIN_FLAGS_HEAD(bit, arg, when, width) | (((arg) && (set & (unsigned)(width))) ? 1u << (arg) : 0u))
#define BIN_FLAGS_LANES BIN_FLAGS_TAIL
#define BIN_FLAGS_FLAG(bit, arg, when, width) ((set & (unsigned)(arg)) ? 1u << (bit) : 0u)

/* a bit the record may not have: a width or a FLAG bit without its key */
#define BIN_BAD_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    || BIN_BAD_##place(arg, when, width)
#define BIN_BAD_HEAD(arg, when, width) 0
#define BIN_BAD_TAIL(arg, when, width) ((arg) && (set & (unsigned)(width)) && !(set & (unsigned)(when)))
#define BIN_BAD_LANES BIN_BAD_TAIL
#define BIN_BAD_FLAG(arg, when, width) ((set & (unsigned)(arg)) && !(set & (unsigned)(when)))

/* the tail words (a TAIL value of TYPE: BIN_WORDS_##TYPE) and lane records
 * the record's bits give */
#define BIN_WORDS_MASK 1
#define BIN_WORDS_WIDE 2
#define BIN_WORDS_PD WR_K_PD_COUNT
#define BIN_NWORDS_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    + BIN_NWORDS_##place(type, when)
#define BIN_NWORDS_HEAD(type, when) 0
#define BIN_NWORDS_TAIL(type, when) ((set & (unsigned)(when)) ? BIN_WORDS_##type : 0)
#define BIN_NWORDS_LANES BIN_NWORDS_HEAD
#define BIN_NWORDS_FLAG BIN_NWORDS_HEAD
#define BIN_NLANES_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    + BIN_NLANES_##place(when, width)
#define BIN_NLANES_HEAD(when, width) 0
#define BIN_NLANES_TAIL BIN_NLANES_HEAD
#define BIN_NLANES_LANES(when, width) ((set & (unsigned)(when)) ? (((width) && (set & (unsigned)(width))) ? 2 : 1) : 0)
#define BIN_NLANES_FLAG BIN_NLANES_HEAD

/* The head fields of the record's keys and of a warp's (schema.h,
 * WR_TRACE_ROWS and WR_TRACE_WARP_ROWS: PLACE and AT), read from and
 * written to the head at `h`. */
#define BIN_HGET_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    BIN_HGET_##place(value, at, flag)
#define BIN_WGET_(X, name, key, type, width, when, rule, value, place, at) BIN_HGET_##place(value, at, -1)
#define BIN_HGET_HEAD8(value, at, flag) (value) = h[at];
#define BIN_HGET_HEAD32(value, at, flag) (value) = ld32(h + (at));
#define BIN_HGET_HEAD64(value, at, flag) (value) = ld64(h + (at));
#define BIN_HGET_OTHER(value, at, flag)
#define BIN_HGET_IN(value, at, flag)
#define BIN_HGET_OUT(value, at, flag)
#define BIN_HGET_BARS(value, at, flag)
#define BIN_HGET_TEXT(value, at, flag)
/* (EVENTS: their count and the wake flag; WORD: zero without its flag) */
#define BIN_HGET_EVENTS(value, at, flag) \
    r->nev = h[at];                      \
    r->wake = (flags & BIN_BIT_(flag)) != 0;
#define BIN_HGET_WORD(value, at, flag)   \
    for (unsigned k_ = 0; k_ < 4; k_++) \
        (value).w[k_] = (flags & BIN_BIT_(flag)) ? ld32(h + (at) + 4 * k_) : 0;
/* (BMASK: the tail's words from `ti` on, the tail starting at word `tail0`
 * of the head: both in the reader's scope) */
#define BIN_HGET_BMASK(value, at, flag)                                \
    memset((value), 0, sizeof(value));                             \
    for (uint32_t m_ = ld16(h + (at)); m_; m_ &= m_ - 1)            \
        (value)[__builtin_ctz(m_)] = tword(h, tail0, ti++);
#define BIN_HPUT_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    BIN_HPUT_##place(value, at, flag)
#define BIN_WPUT_(X, name, key, type, width, when, rule, value, place, at) BIN_HPUT_##place(value, at, -1)
#define BIN_HPUT_HEAD8(value, at, flag) h[at] = (uint8_t)(value);
#define BIN_HPUT_HEAD32(value, at, flag) st32(h + (at), (uint32_t)(value));
#define BIN_HPUT_HEAD64(value, at, flag) st64(h + (at), (uint64_t)(value));
#define BIN_HPUT_OTHER(value, at, flag)
#define BIN_HPUT_IN(value, at, flag)
#define BIN_HPUT_OUT(value, at, flag)
#define BIN_HPUT_BARS(value, at, flag)
#define BIN_HPUT_TEXT(value, at, flag)
/* (BMASK: the values go to the writer's tail `tl`, empty until then;
 * EVENTS: their count; WORD: zero without its flag) */
#define BIN_HPUT_BMASK(value, at, flag) st16(h + (at), tail_bregs(&tl, (value)));
#define BIN_HPUT_EVENTS(value, at, flag) h[at] = (uint8_t)r->nev;
#define BIN_HPUT_WORD(value, at, flag)   \
    for (unsigned k_ = 0; k_ < 4; k_++) \
        st32(h + (at) + 4 * k_, (flags & BIN_BIT_(flag)) ? (value).w[k_] : 0);

/* The head's u32 of the lanes written of a LANESN value (`out.rd`: NULLS
 * AT(byte, value) of its row), zero without the row's WHEN: put, got and
 * checked (BIN_NPUT_, BIN_NGET_, BIN_NBAD_: `set` the record's bits of the
 * table).  The macros take the row's AT apart: (byte, value), or (0, 0). */
#define BIN_NARGS_NONE 0, 0
#define BIN_NARGS_AT(at, v) at, v
#define BIN_NCALL_(m, when, args) m(when, args)
#define BIN_NPUT_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    BIN_NCALL_(BIN_NPUT1_, when, BIN_NARGS_##nulls)
#define BIN_NPUT1_(when, at, v) \
    if (at)                     \
        st32(h + (at), (set & (unsigned)(when)) ? (uint32_t)(v) : 0);
#define BIN_NGET_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) BIN_NGET_##nulls
#define BIN_NGET_NONE
#define BIN_NGET_AT(at, v) (v) = ld32(h + (at));
#define BIN_NBAD_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    || BIN_NCALL_(BIN_NBAD1_, when, BIN_NARGS_##nulls)
#define BIN_NBAD1_(when, at, v) ((at) && !(set & (unsigned)(when)) && ld32(h + (at)))
#define BIN_NAT_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    + BIN_NCALL_(BIN_NAT1_, when, BIN_NARGS_##nulls)
#define BIN_NAT1_(when, at, v) (at)
enum { I_RD_LANES = 0 WR_TRACE_OUT_ROWS(BIN_NAT_, 0) };
_Static_assert(I_RD_LANES == 60, "the lanes written of a LANESN value are not at format v2's byte");

enum { I_TAIL0 = 80, E_TAIL0 = 24, W_TAIL0 = 48 };   /* where the inline tail words start */
/* every head ends in the checksum of its record (version 2): the inline tail
 * stops before it; the header's checksum is at HEADER_SUM */
enum { SUM_AT = RS - 4, INLINE_END = SUM_AT, HEADER_SUM = WR_TRACE_HEADER_SIZE - 4 };

static inline void st16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static inline void st32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline void st64(uint8_t *p, uint64_t v)
{
    st32(p, (uint32_t)v);
    st32(p + 4, (uint32_t)(v >> 32));
}
static inline uint32_t ld16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static inline uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}
static inline uint64_t ld64(const uint8_t *p) { return (uint64_t)ld32(p) | (uint64_t)ld32(p + 4) << 32; }

/* A record's checksum (docs/trace-binary.md): the low 32 bits of XXH3 of
 * its head up to the checksum, then of its extension records, seeded with
 * its record number, so that a record lost, repeated or moved fails too.
 * XXH3 because it is the fastest of the Debian libraries' checksums on
 * records of 128-400 bytes (CRC32 of zlib is ten times slower). */
static inline uint32_t rec_sum(const uint8_t *p, size_t size, uint64_t recno)
{
    uint64_t h = XXH3_64bits_withSeed(p, SUM_AT, recno);
    if (size > RS)
        h = XXH3_64bits_withSeed(p + RS, size - RS, h);
    return (uint32_t)h;
}

static inline uint32_t header_sum(const uint8_t *h) { return (uint32_t)XXH3_64bits(h, HEADER_SUM); }

/* A block of records (docs/trace-binary.md, "Blocks"): a 'B' record, then
 * the records of BLOCK_SLOTS or more slots of 128 bytes, ending at a record's
 * end.  The 'B' record holds XXH3-64 of the block's bytes, seeded with the
 * number of its first record: one hash over 4 KiB instead of one per
 * record (XXH3's long inputs are hashed 32 or 64 bytes a step); the
 * records' own checksums are read only when it does not match, to name the
 * record.  The first BLOCK_SLOTS slots of a trace have no block. */
enum { BLOCK_SLOTS = 32, BLOCK_MAX_SLOTS = 1024 };   /* (the writer's are below 32 + 48) */
enum { B_SLOTS = 4, B_RECORDS = 8, B_FIRST = 12, B_SUM = 20 };   /* offsets in the 'B' record */

#if WR_BLOCKSUM_AVX2
uint64_t wr_blocksum_avx2(const void *p, size_t size, uint64_t seed);   /* blocksum_avx2.c */
/* (asked per block: a few instructions, and no state shared between threads) */
static inline int wr_blocksum_avx2_ok(void) { return __builtin_cpu_supports("avx2") != 0; }
#endif

static inline uint64_t block_sum(const uint8_t *p, size_t size, uint64_t first)
{
#if WR_BLOCKSUM_AVX2
    if (wr_blocksum_avx2_ok())
        return wr_blocksum_avx2(p, size, first);
#endif
    return XXH3_64bits_withSeed(p, size, first);
}

/* the 'B' record's own fields (its checksum aside), for a block of `slots`
 * slots and `records` records from record `first` at p */
static inline void block_head(uint8_t *b, const uint8_t *p, uint32_t slots, uint32_t records, uint64_t first)
{
    memset(b, 0, RS);
    b[0] = 'B';
    st32(b + B_SLOTS, slots);
    st32(b + B_RECORDS, records);
    st64(b + B_FIRST, first);
    st64(b + B_SUM, block_sum(p, (size_t)slots * RS, first));
    st32(b + SUM_AT, rec_sum(b, RS, first));
}

/* bits set (without the libgcc call of a build for any x86-64) */
static inline unsigned pop32(uint32_t v)
{
    v = v - (v >> 1 & 0x55555555u);
    v = (v & 0x33333333u) + (v >> 2 & 0x33333333u);
    return ((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24;
}

/* the tail: u32 words, the first `inline_words` in the head, the rest in
 * whole records right after it */

#endif
