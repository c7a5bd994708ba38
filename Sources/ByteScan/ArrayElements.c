// The elements of a JSON array, found without parsing them, so that the
// parallel reader can hand each worker a block of whole elements (see
// ByteScan.h, `rk_elements_scan`).
//
// Both paths follow one rule, the one `plain_scan` reads byte by byte: the
// rule of the engine's reader in order for an element that is an object or
// an array. Between elements: white space (space, tab, line feed, carriage
// return) and one comma. Inside an element: brackets nest and must match,
// and a string runs from a quote to the next quote that an odd run of
// backslashes does not escape. Whatever else the reader in order would have
// to judge (and report) stops the scan, unsure.
//
// The vector path reads 64 bytes at a time inside an element: it marks the
// bytes escaped by backslashes, turns the quotes left into a running parity
// (a carry-less multiply by all ones) that marks the bytes inside strings,
// and visits only the brackets outside strings, one bit at a time. A
// flat record has two.

#include "ByteScan.h"

#include <string.h>

/// What `plain_scan` returns besides the public statuses: it reached the
/// end of the bytes it was given; or it stopped just inside an element.
enum { RK_REACHED = 16, RK_INSIDE = 17 };

/// The deepest nesting followed: one bit per open bracket in `stack`.
#define RK_MAX_DEPTH 64

static inline int is_space(uint8_t byte) { return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D; }

/// A byte of a number or a literal (`true`, `false`, `null`), or of a word
/// that is neither, which the reader in order reads the same way up to a
/// delimiter and then finds malformed.
static inline int is_token(uint8_t byte) {
    return (byte >= '0' && byte <= '9') || ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'z') || byte == '+' ||
           byte == '-' || byte == '.';
}

/// The longest number or literal found: the reader in order reads a longer
/// one differently when the cap is shorter.
#define RK_MAX_TOKEN 64

/// Notes the element that ends at `end`; RK_ELEMENTS_BLOCK when that
/// completes a block, else 0.
static inline int element_ended(rk_elements *state, long end, long limit, long *elements, long capacity,
                                long *found) {
    elements[2 * *found] = state->element_start;
    elements[2 * *found + 1] = end;
    *found += 1;
    state->position = end;
    state->resume = end;
    state->resume_first = 0;
    state->depth = 0;
    state->in_string = 0;
    state->escaped = 0;
    state->first = 0;
    state->comma = 0;
    state->scalar = 0;
    return end >= limit || *found >= capacity ? RK_ELEMENTS_BLOCK : 0;
}

/// The rule, one byte at a time, from `state->position` to `to`. Returns a
/// status, RK_REACHED at `to`, or (with `stop_inside`) RK_INSIDE once an
/// element has started, `position` just past its first byte.
static int plain_scan(rk_elements *state, const uint8_t *bytes, long base, long to, long limit, long max_element,
                      long *elements, long capacity, long *found, int stop_inside) {
    long at = state->position;
    while (at < to) {
        uint8_t byte = bytes[at - base];
        if (state->scalar == 1) {
            // A string element, to its closing quote.
            if (at - state->element_start >= max_element) return RK_ELEMENTS_UNSURE;
            if (state->escaped) {
                state->escaped = 0;
            } else if (byte == '\\') {
                state->escaped = 1;
            } else if (byte == '"') {
                int status = element_ended(state, at + 1, limit, elements, capacity, found);
                if (status) return status;
            }
            at++;
            continue;
        }
        if (state->scalar == 2) {
            // A number or a literal, to the delimiter after it.
            if (is_token(byte)) {
                long length = at - state->element_start;
                if (length >= RK_MAX_TOKEN || length >= max_element) return RK_ELEMENTS_UNSURE;
                at++;
                continue;
            }
            if (byte != ',' && byte != ']' && !is_space(byte)) return RK_ELEMENTS_UNSURE;
            int status = element_ended(state, at, limit, elements, capacity, found);
            if (status) return status;
            continue;
        }
        if (state->depth == 0) {
            if (is_space(byte)) {
                at++;
                continue;
            }
            if (byte == ',') {
                if (state->first || state->comma) return RK_ELEMENTS_UNSURE;
                state->comma = 1;
                at++;
                continue;
            }
            if (byte == ']') {
                // A comma before it is the reader's to warn about.
                if (state->comma) return RK_ELEMENTS_UNSURE;
                state->position = at + 1;
                return RK_ELEMENTS_END;
            }
            if (!state->first && !state->comma) return RK_ELEMENTS_UNSURE;
            if (byte == '"' || is_token(byte)) {
                state->element_start = at;
                state->scalar = byte == '"' ? 1 : 2;
                state->in_string = 0;
                state->escaped = 0;
                at++;
                continue;
            }
            if (byte != '{' && byte != '[') return RK_ELEMENTS_UNSURE;
            state->element_start = at;
            state->depth = 1;
            state->stack = byte == '{';
            state->in_string = 0;
            state->escaped = 0;
            at++;
            if (stop_inside) {
                state->position = at;
                return RK_INSIDE;
            }
            continue;
        }
        // The element is longer than the cap once this byte is in it.
        if (at - state->element_start >= max_element) return RK_ELEMENTS_UNSURE;
        if (state->in_string) {
            if (state->escaped) {
                state->escaped = 0;
            } else if (byte == '\\') {
                state->escaped = 1;
            } else if (byte == '"') {
                state->in_string = 0;
            }
            at++;
            continue;
        }
        switch (byte) {
        case '"':
            state->in_string = 1;
            break;
        case '\\':
            // The reader in order passes over it; the vector path cannot
            // tell it from an escape, so neither path goes on.
            return RK_ELEMENTS_UNSURE;
        case '{':
        case '[':
            if (state->depth >= RK_MAX_DEPTH) return RK_ELEMENTS_UNSURE;
            state->stack = state->stack << 1 | (byte == '{');
            state->depth++;
            break;
        case '}':
        case ']':
            if ((state->stack & 1) != (byte == '}')) return RK_ELEMENTS_UNSURE;
            state->stack >>= 1;
            if (--state->depth == 0) {
                int status = element_ended(state, at + 1, limit, elements, capacity, found);
                if (status) return status;
            }
            break;
        default:
            break;
        }
        at++;
    }
    state->position = at;
    return RK_REACHED;
}

#if defined(__x86_64__)

#include <immintrin.h>

int rk_elements_available(void) {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") ? 1 : 0;
}

/// Bit k set where byte k of the 64 in `low` and `high` equals `wanted`.
__attribute__((target("avx2"), always_inline)) static inline uint64_t equal_bits(__m256i low, __m256i high,
                                                                               __m256i wanted) {
    uint32_t first = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, wanted));
    uint32_t second = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, wanted));
    return (uint64_t)first | (uint64_t)second << 32;
}

/// The bytes of 64 that a backslash escapes: the byte after each odd run of
/// backslashes (a run is counted from its first backslash, which nothing
/// escapes, since the byte before a run is no backslash). `*carry` says on
/// the way in whether the first byte is escaped (by an odd run at the end of
/// the 64 before), and on the way out whether the byte after these is.
static inline uint64_t escaped_bytes(uint64_t backslashes, int32_t *carry) {
    uint64_t escaped = 0;
    uint64_t rest = backslashes;
    if (*carry) {
        escaped = 1;
        rest &= ~(uint64_t)1;
    }
    *carry = 0;
    while (rest != 0) {
        int start = __builtin_ctzll(rest);
        uint64_t from = ~(rest >> start);
        int length = from == 0 ? 64 : __builtin_ctzll(from);
        int after = start + length;
        uint64_t run = length >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << length) - 1) << start;
        rest &= ~run;
        if (length & 1) {
            if (after < 64) {
                escaped |= (uint64_t)1 << after;
            } else {
                *carry = 1;
            }
        }
    }
    return escaped;
}

/// Bit k: whether bits 0 to k of `bits` hold an odd number of ones.
__attribute__((target("pclmul"), always_inline)) static inline uint64_t running_parity(uint64_t bits) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)bits), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

__attribute__((target("avx2,pclmul"))) static int vector_scan(rk_elements *state, const uint8_t *bytes, long base,
                                                             long count, long limit, long max_element,
                                                             long *elements, long capacity, long *found) {
    const long end = base + count;
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i fold = _mm256_set1_epi8(0x20);
    // `[` and `]` or-ed with 0x20 are `{` and `}`; no other byte is.
    const __m256i open = _mm256_set1_epi8('{');
    const __m256i close = _mm256_set1_epi8('}');
    for (;;) {
        if (state->depth == 0) {
            // Between elements, a few bytes: one at a time.
            int status = plain_scan(state, bytes, base, end, limit, max_element, elements, capacity, found, 1);
            if (status != RK_INSIDE) return status == RK_REACHED ? RK_ELEMENTS_MORE : status;
        }
        int ended = 0;
        while (state->position + 64 <= end && state->position + 64 - state->element_start <= max_element) {
            const long at = state->position;
            const uint8_t *chunk = bytes + (at - base);
            __m256i low = _mm256_loadu_si256((const __m256i *)chunk);
            __m256i high = _mm256_loadu_si256((const __m256i *)(chunk + 32));
            uint64_t backslashes = equal_bits(low, high, backslash);
            int32_t carry = state->escaped;
            uint64_t escaped = (backslashes | (uint64_t)carry) != 0 ? escaped_bytes(backslashes, &carry) : 0;
            uint64_t quotes = equal_bits(low, high, quote) & ~escaped;
            uint64_t inside = running_parity(quotes) ^ (state->in_string ? ~(uint64_t)0 : 0);
            // A backslash outside a string stops the plain rule: let it.
            if ((backslashes & ~inside) != 0) break;
            __m256i low_folded = _mm256_or_si256(low, fold);
            __m256i high_folded = _mm256_or_si256(high, fold);
            uint64_t opens = equal_bits(low_folded, high_folded, open);
            uint64_t brackets = (opens | equal_bits(low_folded, high_folded, close)) & ~inside;
            while (brackets != 0) {
                int bit = __builtin_ctzll(brackets);
                brackets &= brackets - 1;
                uint64_t brace = (uint64_t)(chunk[bit] >> 5) & 1;
                if ((opens >> bit) & 1) {
                    if (state->depth >= RK_MAX_DEPTH) return RK_ELEMENTS_UNSURE;
                    state->stack = state->stack << 1 | brace;
                    state->depth++;
                    continue;
                }
                if ((state->stack & 1) != brace) return RK_ELEMENTS_UNSURE;
                state->stack >>= 1;
                if (--state->depth == 0) {
                    // Within the cap: the 64 bytes were.
                    int status = element_ended(state, at + bit + 1, limit, elements, capacity, found);
                    if (status) return status;
                    ended = 1;
                    break;
                }
            }
            if (ended) break;
            state->in_string = (int32_t)(inside >> 63);
            state->escaped = carry;
            state->position = at + 64;
        }
        if (ended) continue;
        // The last bytes, the bytes near the cap, or a backslash outside a
        // string: one at a time, 64 of them.
        long to = end - state->position > 64 ? state->position + 64 : end;
        int status = plain_scan(state, bytes, base, to, limit, max_element, elements, capacity, found, 1);
        if (status == RK_REACHED) {
            if (to == end) return RK_ELEMENTS_MORE;
        } else if (status != RK_INSIDE) {
            return status;
        }
    }
}

__attribute__((target("avx2,popcnt"))) static long count_newlines_vector(const uint8_t *bytes, long count,
                                                                        long *last) {
    const __m256i newline = _mm256_set1_epi8('\n');
    long total = 0;
    long found = -1;
    long index = 0;
    for (; index + 32 <= count; index += 32) {
        uint32_t mask = (uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(bytes + index)), newline));
        if (mask != 0) {
            total += __builtin_popcount(mask);
            found = index + 31 - __builtin_clz(mask);
        }
    }
    for (; index < count; index++) {
        if (bytes[index] == '\n') {
            total++;
            found = index;
        }
    }
    *last = found;
    return total;
}

#else

int rk_elements_available(void) { return 0; }

#endif

int rk_elements_scan(rk_elements *state, const uint8_t *bytes, long base, long count, long limit, long max_element,
                     long *elements, long capacity, long *found, int vector) {
    *found = 0;
#if defined(__x86_64__)
    if (vector && rk_elements_available()) {
        return vector_scan(state, bytes, base, count, limit, max_element, elements, capacity, found);
    }
#else
    (void)vector;
#endif
    int status = plain_scan(state, bytes, base, base + count, limit, max_element, elements, capacity, found, 0);
    return status == RK_REACHED ? RK_ELEMENTS_MORE : status;
}

long rk_count_newlines(const uint8_t *bytes, long count, long *last) {
#if defined(__x86_64__)
    if (rk_elements_available()) return count_newlines_vector(bytes, count, last);
#endif
    long total = 0;
    long found = -1;
    long index = 0;
    while (index < count) {
        const uint8_t *hit = memchr(bytes + index, '\n', (size_t)(count - index));
        if (hit == NULL) break;
        found = hit - bytes;
        total++;
        index = found + 1;
    }
    *last = found;
    return total;
}
