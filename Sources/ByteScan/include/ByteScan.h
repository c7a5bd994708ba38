// Byte scans that want instructions Swift's SIMD types do not give: a byte
// mask of a vector compare (`movemask`) and 32-byte vectors chosen when the
// processor has them. The engine's line prefilter is their one user; on a
// processor without AVX2 they are not used (`rk_scan_available()` is 0) and
// the prefilter's own 16-byte Swift scan runs instead.

#ifndef RESULTKIT_BYTESCAN_H
#define RESULTKIT_BYTESCAN_H

#include <stdint.h>

/// The most anchors and fragments a prefilter scan holds; a word that
/// needs more takes the Swift scan.
#define RK_SCAN_MAX_ANCHORS 16
#define RK_SCAN_MAX_FRAGMENTS 16
#define RK_SCAN_MAX_FRAGMENT_LENGTH 64
#define RK_SCAN_MAX_SPELLINGS 8

/// What the prefilter looks for: anchors (a fragment's first three bytes,
/// folded, with the folds its second and third text bytes take), the
/// fragments that confirm them, and the word's ASCII spellings whose
/// letters a fuzzy match holds in order. Filled by `rk_scan_add_anchor`,
/// `rk_scan_add_fragment` and `rk_scan_add_spelling` after
/// `rk_scan_init`; read-only afterwards.
typedef struct rk_scan {
    int32_t anchor_count;
    /// 1 while every anchor's second and third bytes are compared folded
    /// with 0x20 (their folds are then made once for all anchors).
    int32_t anchors_folded;
    int32_t fragment_count;
    uint8_t first[RK_SCAN_MAX_ANCHORS];
    uint8_t second[RK_SCAN_MAX_ANCHORS];
    uint8_t third[RK_SCAN_MAX_ANCHORS];
    uint8_t second_fold[RK_SCAN_MAX_ANCHORS];
    uint8_t third_fold[RK_SCAN_MAX_ANCHORS];
    int32_t fragment_length[RK_SCAN_MAX_FRAGMENTS];
    uint8_t fragment[RK_SCAN_MAX_FRAGMENTS][RK_SCAN_MAX_FRAGMENT_LENGTH];
    /// For the first eight anchors, which nibbles each byte of an anchor
    /// may have (bit k for anchor k), low and high, at its three offsets:
    /// the scan of five to eight anchors looks a block's nibbles up in
    /// these (`vpshufb`), whatever their number.
    uint8_t nibble_low[3][16];
    uint8_t nibble_high[3][16];
    int32_t spelling_count;
    int32_t spelling_length[RK_SCAN_MAX_SPELLINGS];
    uint8_t spelling[RK_SCAN_MAX_SPELLINGS][RK_SCAN_MAX_FRAGMENT_LENGTH];
} rk_scan;

/// 1 when this processor runs the scans (x86-64 with AVX2), else 0.
int rk_scan_available(void);

void rk_scan_init(rk_scan *scan);

/// Adds an anchor; 0 when the scan is full.
int rk_scan_add_anchor(rk_scan *scan, uint8_t first, uint8_t second, uint8_t third, uint8_t second_fold,
                       uint8_t third_fold);

/// Adds a fragment: lower-case bytes, 0 standing for any byte; 0 when the
/// scan is full or the fragment too long.
int rk_scan_add_fragment(rk_scan *scan, const uint8_t *bytes, long count);

/// Adds a spelling: folded ASCII units, possibly none; 0 when the scan is
/// full or the spelling too long.
int rk_scan_add_spelling(rk_scan *scan, const uint8_t *bytes, long count);

/// Whether some spelling's units all appear in the `count` bytes at `base`
/// in order, letters in either case: `LinePrefilter.mayMatchFuzzily`.
int rk_scan_may_match_fuzzily(const rk_scan *scan, const uint8_t *base, long count);

/// The first offset in [start, end) of `base` whose byte is from 0x80, a
/// backslash, or the start of a fragment that ends by `end` (outside an
/// object key unless `counts_keys`); -1 when there is none. The same rule
/// as `LinePrefilter.isHit`.
long rk_scan_next_hit(const rk_scan *scan, const uint8_t *base, long start, long end, int counts_keys);

#endif
