// Byte scans that want instructions Swift's SIMD types do not give: a byte
// mask of a vector compare (`movemask`), a carry-less multiply, and 32-byte
// vectors chosen when the processor has them. Two users:
// - the engine's line prefilter; on a processor without AVX2 these scans
//   are not used (`rk_scan_available()` is 0) and the prefilter's own
//   16-byte Swift scan runs instead;
// - the scan that finds the elements of a JSON array (`rk_elements_scan`),
//   with a plain C path that gives the same results one byte at a time.

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


// MARK: - The elements of a JSON array

/// Where a scan of the elements of a JSON array is, between two calls: past
/// the array's `[` or an element, or inside an element. Offsets are the
/// input's (a file's). Set `position`, `resume` and `first` (0 or 1) to
/// start, everything else 0.
typedef struct rk_elements {
    /// The next byte to look at.
    long position;
    /// Where the element being scanned starts.
    long element_start;
    /// Where the last element found ends (or where the scan started): where
    /// a reader in order takes over when the scan stops unsure.
    long resume;
    /// 1 when no element was found before `resume` in this array.
    int32_t resume_first;
    /// One bit per bracket open in the element, the innermost lowest: 1 for
    /// `{`, 0 for `[`.
    uint64_t stack;
    /// How many brackets are open: 0 between elements.
    int32_t depth;
    /// Inside a string of the element; and whether its next byte is escaped.
    int32_t in_string;
    int32_t escaped;
    /// Between elements: 1 before the array's first element (no comma is
    /// due), and whether the comma after the last element was seen.
    int32_t first;
    int32_t comma;
    /// Inside an element that is a string (1), or a number or a literal (2).
    int32_t scalar;
} rk_elements;

/// Why `rk_elements_scan` returned.
enum {
    /// The bytes given ran out; call again with the next ones.
    RK_ELEMENTS_MORE = 0,
    /// An element ended at or past `limit`, or `capacity` elements were found.
    RK_ELEMENTS_BLOCK = 1,
    /// The array closed: `position` is past its `]`.
    RK_ELEMENTS_END = 2,
    /// Something only a reader in order can judge and report: a value it
    /// would find malformed, a missing or trailing comma, brackets that do
    /// not match, nesting deeper than 64, an element longer than
    /// `max_element`, a backslash outside a string. `resume` and
    /// `resume_first` say where that reader takes over.
    RK_ELEMENTS_UNSURE = 3,
};

/// 1 when this processor runs the vector scan of `rk_elements_scan`
/// (x86-64 with AVX2 and carry-less multiply), else 0.
int rk_elements_available(void);

/// Finds the elements of a JSON array from `state->position`, which must
/// lie within the `count` bytes at `bytes` (the input's bytes from offset
/// `base`), as a reader in order finds them (between white space and
/// commas; an object or an array to the bracket that closes it, strings and
/// their escapes skipped; a string to its closing quote; a number or a
/// literal, of letters, digits, `+`, `-` and `.`, up to 64 bytes), each
/// written to `elements` as two offsets, where it starts and where it ends,
/// until one of the reasons above. `vector` asks for the AVX2 scan (only where
/// `rk_elements_available()`); the plain one gives the same elements and
/// status. Sets `*found` to how many elements were written.
int rk_elements_scan(rk_elements *state, const uint8_t *bytes, long base, long count, long limit, long max_element,
                     long *elements, long capacity, long *found, int vector);

/// How many line feeds the `count` bytes at `bytes` hold; `*last` is the
/// offset of the last one, or -1.
long rk_count_newlines(const uint8_t *bytes, long count, long *last);

#endif
