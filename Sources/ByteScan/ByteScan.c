// The prefilter's byte scans in 32-byte AVX2 vectors (see ByteScan.h).
// Each compare's lanes become a bit mask (`movemask`), so a block with no
// candidate costs one test, and each candidate is confirmed in order on the
// exact bytes, by the rule `LinePrefilter.isHit` states in Swift.

#include "ByteScan.h"

#include <string.h>

void rk_scan_init(rk_scan *scan) {
    memset(scan, 0, sizeof *scan);
    scan->anchors_folded = 1;
}

int rk_scan_add_anchor(rk_scan *scan, uint8_t first, uint8_t second, uint8_t third, uint8_t second_fold,
                       uint8_t third_fold) {
    if (scan->anchor_count >= RK_SCAN_MAX_ANCHORS) return 0;
    int32_t index = scan->anchor_count++;
    scan->first[index] = first;
    scan->second[index] = second;
    scan->third[index] = third;
    scan->second_fold[index] = second_fold;
    scan->third_fold[index] = third_fold;
    if (second_fold != 0x20 || third_fold != 0x20) scan->anchors_folded = 0;
    if (index < 8) {
        // Every byte that, or-ed with the fold, is the anchor's byte.
        const uint8_t wanted[3] = {first, second, third};
        const uint8_t folds[3] = {0x20, second_fold, third_fold};
        for (int offset = 0; offset < 3; offset++) {
            for (int byte = 0; byte < 256; byte++) {
                if ((uint8_t)(byte | folds[offset]) != wanted[offset]) continue;
                scan->nibble_low[offset][byte & 15] |= (uint8_t)(1u << index);
                scan->nibble_high[offset][byte >> 4] |= (uint8_t)(1u << index);
            }
        }
    }
    return 1;
}

int rk_scan_add_fragment(rk_scan *scan, const uint8_t *bytes, long count) {
    if (scan->fragment_count >= RK_SCAN_MAX_FRAGMENTS || count <= 0 || count > RK_SCAN_MAX_FRAGMENT_LENGTH) return 0;
    int32_t index = scan->fragment_count++;
    memcpy(scan->fragment[index], bytes, (size_t)count);
    scan->fragment_length[index] = (int32_t)count;
    return 1;
}

int rk_scan_add_spelling(rk_scan *scan, const uint8_t *bytes, long count) {
    if (scan->spelling_count >= RK_SCAN_MAX_SPELLINGS || count < 0 || count > RK_SCAN_MAX_FRAGMENT_LENGTH) return 0;
    int32_t index = scan->spelling_count++;
    if (count > 0) memcpy(scan->spelling[index], bytes, (size_t)count);
    scan->spelling_length[index] = (int32_t)count;
    return 1;
}

#if defined(__x86_64__)

#include <immintrin.h>

int rk_scan_available(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

/// Whether the bytes from `start` run to a closing quote followed by a
/// colon (an object key), as `LinePrefilter.isInKey` reads them.
static inline int in_key(const uint8_t *bytes, long start, long end) {
    for (long index = start; index < end && index - start < 64; index++) {
        uint8_t byte = bytes[index];
        if (byte == 0x22) return index + 1 < end && bytes[index + 1] == 0x3A;
        if (byte == 0x2C || byte == 0x7B || byte == 0x7D) return 0;
    }
    return 0;
}

/// The first offset in [start, end) whose byte, or-ed with `fold`, is
/// `unit`; -1 when there is none.
__attribute__((target("avx2"), always_inline)) static inline long find_folded(const uint8_t *base, long start,
                                                                              long end, uint8_t unit, uint8_t fold);

/// `LinePrefilter.isHit`: a byte from 0x80, a backslash, or the start of
/// a fragment (compared with ASCII letters folded; 0 is any byte).
static inline int is_hit(const rk_scan *scan, const uint8_t *bytes, long position, long end, int counts_keys) {
    uint8_t byte = bytes[position];
    if (byte >= 0x80 || byte == 0x5C) return 1;
    for (int32_t index = 0; index < scan->fragment_count; index++) {
        long count = scan->fragment_length[index];
        if (position + count > end) continue;
        const uint8_t *fragment = scan->fragment[index];
        long offset = 0;
        for (; offset < count; offset++) {
            uint8_t text = bytes[position + offset];
            uint8_t folded = (uint8_t)(text - 0x41) < 26 ? (uint8_t)(text | 0x20) : text;
            if (folded != fragment[offset] && fragment[offset] != 0) break;
        }
        if (offset == count && (counts_keys || !in_key(bytes, position + offset, end))) return 1;
    }
    return 0;
}

/// The first candidate of `mask` (bit k: the byte at `index + k`) that the
/// rule takes, or -1.
static inline long first_hit(const rk_scan *scan, const uint8_t *base, long index, uint64_t mask, long end,
                             int counts_keys) {
    while (mask != 0) {
        long position = index + __builtin_ctzll(mask);
        if (is_hit(scan, base, position, end, counts_keys)) return position;
        mask &= mask - 1;
    }
    return -1;
}

/// The bytes from `index` that a block scan leaves (fewer than 34), one at
/// a time: a candidate's first byte, then the rule.
static inline long last_bytes_hit(const rk_scan *scan, const uint8_t *base, long index, long end, int counts_keys) {
    for (; index < end; index++) {
        uint8_t byte = base[index];
        if (byte >= 0x80 || byte == 0x5C) return index;
        uint8_t folded = byte | 0x20;
        for (int32_t anchor = 0; anchor < scan->anchor_count; anchor++) {
            if (folded == scan->first[anchor]) {
                if (is_hit(scan, base, index, end, counts_keys)) return index;
                break;
            }
        }
    }
    return -1;
}

/// The first hit at or after `index`, from 64-byte steps (two 32-byte
/// blocks, tested together), then one block, then the last bytes one at a
/// time. `count` anchors (the caller passes a constant, so that the
/// compiler unrolls the loops and keeps the anchors in registers);
/// `folded` says every anchor's second and third bytes are compared
/// folded with 0x20, so that their folds are made once for all anchors.
__attribute__((target("avx2"), always_inline)) static inline long
next_hit(const rk_scan *scan, const uint8_t *base, long index, long end, int counts_keys, const int32_t count,
         const int folded) {
    __m256i first[RK_SCAN_MAX_ANCHORS], second[RK_SCAN_MAX_ANCHORS], third[RK_SCAN_MAX_ANCHORS];
    __m256i second_fold[RK_SCAN_MAX_ANCHORS], third_fold[RK_SCAN_MAX_ANCHORS];
    for (int32_t anchor = 0; anchor < count; anchor++) {
        first[anchor] = _mm256_set1_epi8((char)scan->first[anchor]);
        second[anchor] = _mm256_set1_epi8((char)scan->second[anchor]);
        third[anchor] = _mm256_set1_epi8((char)scan->third[anchor]);
        second_fold[anchor] = _mm256_set1_epi8((char)scan->second_fold[anchor]);
        third_fold[anchor] = _mm256_set1_epi8((char)scan->third_fold[anchor]);
    }
    const __m256i fold = _mm256_set1_epi8(0x20);
    const __m256i backslash = _mm256_set1_epi8(0x7C);
    // The lanes of the 32 bytes at `at` that may start a hit: bytes from
    // 0x80 (their sign bit is what the mask takes), bytes that fold to a
    // backslash (`\` and `|`), and anchors. Reads 34 bytes.
#define RK_CANDIDATES(at, result)                                                                                      \
    do {                                                                                                               \
        __m256i raw = _mm256_loadu_si256((const __m256i *)(at));                                                      \
        __m256i raw1 = _mm256_loadu_si256((const __m256i *)((at) + 1));                                               \
        __m256i raw2 = _mm256_loadu_si256((const __m256i *)((at) + 2));                                               \
        __m256i c0 = _mm256_or_si256(raw, fold);                                                                      \
        __m256i c1 = _mm256_or_si256(raw1, fold);                                                                     \
        __m256i c2 = _mm256_or_si256(raw2, fold);                                                                     \
        __m256i flagged = _mm256_or_si256(raw, _mm256_cmpeq_epi8(c0, backslash));                                     \
        for (int32_t anchor = 0; anchor < count; anchor++) {                                                          \
            __m256i a = _mm256_cmpeq_epi8(c0, first[anchor]);                                                         \
            __m256i b = _mm256_cmpeq_epi8(folded ? c1 : _mm256_or_si256(raw1, second_fold[anchor]), second[anchor]); \
            __m256i c = _mm256_cmpeq_epi8(folded ? c2 : _mm256_or_si256(raw2, third_fold[anchor]), third[anchor]);   \
            flagged = _mm256_or_si256(flagged, _mm256_and_si256(_mm256_and_si256(a, b), c));                           \
        }                                                                                                              \
        (result) = flagged;                                                                                            \
    } while (0)
    while (index + 66 <= end) {
        __m256i low, high;
        RK_CANDIDATES(base + index, low);
        RK_CANDIDATES(base + index + 32, high);
        if (!_mm256_testz_si256(_mm256_or_si256(low, high), _mm256_set1_epi8((char)0x80))) {
            uint64_t mask = (uint32_t)_mm256_movemask_epi8(low) | ((uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32);
            long hit = first_hit(scan, base, index, mask, end, counts_keys);
            if (hit >= 0) return hit;
        }
        index += 64;
    }
    while (index + 34 <= end) {
        __m256i block;
        RK_CANDIDATES(base + index, block);
        long hit = first_hit(scan, base, index, (uint32_t)_mm256_movemask_epi8(block), end, counts_keys);
        if (hit >= 0) return hit;
        index += 32;
    }
#undef RK_CANDIDATES
    return last_bytes_hit(scan, base, index, end, counts_keys);
}

/// `next_hit` for five to eight anchors: a block's candidates are the
/// lanes whose three bytes each have nibbles some one anchor allows there
/// (Hyperscan's "Teddy" idea), looked up with `vpshufb` in the tables
/// `rk_scan_add_anchor` made: the same cost for any number of anchors up
/// to eight, where comparing with each costs more per anchor. The lookup
/// lets through every byte that an anchor's compare does (and some more,
/// which the rule then turns down).
__attribute__((target("avx2"))) static long next_hit_by_nibbles(const rk_scan *scan, const uint8_t *base,
                                                                long index, long end, int counts_keys) {
    __m256i low[3], high[3];
    for (int offset = 0; offset < 3; offset++) {
        low[offset] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)scan->nibble_low[offset]));
        high[offset] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)scan->nibble_high[offset]));
    }
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    const __m256i fold = _mm256_set1_epi8(0x20);
    const __m256i backslash = _mm256_set1_epi8(0x7C);
    const __m256i zero = _mm256_setzero_si256();
#define RK_LOOKUP(raw, offset)                                                                                         \
    _mm256_and_si256(_mm256_shuffle_epi8(low[offset], _mm256_and_si256((raw), nibble)),                               \
                     _mm256_shuffle_epi8(high[offset], _mm256_and_si256(_mm256_srli_epi16((raw), 4), nibble)))
    // The candidate lanes of the 32 bytes at `at` as a bit mask. Reads 34 bytes.
#define RK_NIBBLE_CANDIDATES(at, result)                                                                               \
    do {                                                                                                               \
        __m256i raw = _mm256_loadu_si256((const __m256i *)(at));                                                      \
        __m256i raw1 = _mm256_loadu_si256((const __m256i *)((at) + 1));                                               \
        __m256i raw2 = _mm256_loadu_si256((const __m256i *)((at) + 2));                                               \
        __m256i anchors = _mm256_and_si256(_mm256_and_si256(RK_LOOKUP(raw, 0), RK_LOOKUP(raw1, 1)), RK_LOOKUP(raw2, 2)); \
        __m256i special = _mm256_or_si256(raw, _mm256_cmpeq_epi8(_mm256_or_si256(raw, fold), backslash));          \
        (result) = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(anchors, zero))                                 \
                   | (uint32_t)_mm256_movemask_epi8(special);                                                          \
    } while (0)
    while (index + 34 <= end) {
        uint32_t mask;
        RK_NIBBLE_CANDIDATES(base + index, mask);
        long hit = first_hit(scan, base, index, mask, end, counts_keys);
        if (hit >= 0) return hit;
        index += 32;
    }
#undef RK_NIBBLE_CANDIDATES
#undef RK_LOOKUP
    return last_bytes_hit(scan, base, index, end, counts_keys);
}

__attribute__((target("avx2"))) long rk_scan_next_hit(const rk_scan *scan, const uint8_t *base, long start,
                                                      long end, int counts_keys) {
    // Compiled apart for the common counts of anchors (most words have one
    // to four), folded or not; five to eight (a four-letter word has five)
    // are looked up by nibbles; more take the loop.
    int folded = scan->anchors_folded;
    switch (scan->anchor_count) {
    case 1: return folded ? next_hit(scan, base, start, end, counts_keys, 1, 1)
                          : next_hit(scan, base, start, end, counts_keys, 1, 0);
    case 2: return folded ? next_hit(scan, base, start, end, counts_keys, 2, 1)
                          : next_hit(scan, base, start, end, counts_keys, 2, 0);
    case 3: return folded ? next_hit(scan, base, start, end, counts_keys, 3, 1)
                          : next_hit(scan, base, start, end, counts_keys, 3, 0);
    case 4: return folded ? next_hit(scan, base, start, end, counts_keys, 4, 1)
                          : next_hit(scan, base, start, end, counts_keys, 4, 0);
    case 5: case 6: case 7: case 8: return next_hit_by_nibbles(scan, base, start, end, counts_keys);
    default: return next_hit(scan, base, start, end, counts_keys, scan->anchor_count, 0);
    }
}

__attribute__((target("avx2"), always_inline)) static inline long find_folded(const uint8_t *base, long start,
                                                                              long end, uint8_t unit, uint8_t fold) {
    const __m256i wanted = _mm256_set1_epi8((char)unit);
    const __m256i folds = _mm256_set1_epi8((char)fold);
    long index = start;
    while (index + 32 <= end) {
        __m256i chunk = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(base + index)), folds);
        uint32_t mask = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(chunk, wanted));
        if (mask != 0) return index + __builtin_ctz(mask);
        index += 32;
    }
    if (index >= end) return -1;
    if (end - start >= 32) {
        // The last 32 bytes, without the lanes before `index`.
        long last = end - 32;
        __m256i chunk = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(base + last)), folds);
        uint32_t mask = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(chunk, wanted));
        mask &= ~0u << (index - last);
        return mask != 0 ? last + __builtin_ctz(mask) : -1;
    }
    for (; index < end; index++) {
        if ((uint8_t)(base[index] | fold) == unit) return index;
    }
    return -1;
}

__attribute__((target("avx2"))) int rk_scan_may_match_fuzzily(const rk_scan *scan, const uint8_t *base, long count) {
    for (int32_t index = 0; index < scan->spelling_count; index++) {
        const uint8_t *spelling = scan->spelling[index];
        long from = 0;
        int32_t unit = 0;
        for (; unit < scan->spelling_length[index]; unit++) {
            // A letter is found in either case, anything else as it is.
            uint8_t wanted = spelling[unit];
            uint8_t fold = (uint8_t)(wanted - 0x61) < 26 ? 0x20 : 0;
            long at = find_folded(base, from, count, wanted, fold);
            if (at < 0) break;
            from = at + 1;
        }
        if (unit == scan->spelling_length[index]) return 1;
    }
    return 0;
}

#else

int rk_scan_available(void) { return 0; }

int rk_scan_may_match_fuzzily(const rk_scan *scan, const uint8_t *base, long count) {
    (void)scan, (void)base, (void)count;
    return 1;
}

// Never called where `rk_scan_available()` is 0; were they, every line
// would be kept.
long rk_scan_next_hit(const rk_scan *scan, const uint8_t *base, long start, long end, int counts_keys) {
    (void)scan, (void)base, (void)counts_keys;
    return start < end ? start : -1;
}

#endif
