#include "CBoomerangSHA256.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

#define SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

// FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
static const uint32_t round_constants[64] __attribute__((aligned(16))) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

int boomerang_sha256_accelerated(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned ssse3 = 1u << 9, sse41 = 1u << 19;
    if ((ecx & ssse3) == 0 || (ecx & sse41) == 0) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned sha = 1u << 29;
    return (ebx & sha) != 0;
}

// The SHA instructions keep the eight words as two vectors, (A, B, E, F) and (C, D, G, H), the
// first word of each in the highest lane.
SHA_TARGET static inline void load_state(const uint32_t state[8], __m128i *abef, __m128i *cdgh) {
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0xB1);
    __m128i efgh = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(state + 4)), 0x1B);
    *abef = _mm_alignr_epi8(abcd, efgh, 8);
    *cdgh = _mm_blend_epi16(efgh, abcd, 0xF0);
}

SHA_TARGET static inline void store_state(uint32_t state[8], __m128i abef, __m128i cdgh) {
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)state, _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)(state + 4), _mm_alignr_epi8(dchg, feba, 8));
}

// Four rounds with message words `w` (already big-endian words), constants from `k`.
#define FOUR_ROUNDS(abef, cdgh, w, k)                                                   \
    do {                                                                                \
        __m128i wk = _mm_add_epi32((w), _mm_load_si128((const __m128i *)(round_constants + (k)))); \
        (cdgh) = _mm_sha256rnds2_epu32((cdgh), (abef), wk);                             \
        (abef) = _mm_sha256rnds2_epu32((abef), (cdgh), _mm_shuffle_epi32(wk, 0x0E));    \
    } while (0)

// The next four message words into w0, from the sixteen in w0..w3.
#define NEXT_WORDS(w0, w1, w2, w3)                                                      \
    do {                                                                                \
        (w0) = _mm_sha256msg1_epu32((w0), (w1));                                        \
        (w0) = _mm_add_epi32((w0), _mm_alignr_epi8((w3), (w2), 4));                     \
        (w0) = _mm_sha256msg2_epu32((w0), (w3));                                        \
    } while (0)

#define LOAD_WORDS(p, i, order) _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)((p) + 16 * (i))), (order))

SHA_TARGET static void hash_blocks(uint32_t state[8], const uint8_t *bytes, size_t blocks) {
    const __m128i order = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i abef, cdgh;
    load_state(state, &abef, &cdgh);
    for (; blocks > 0; blocks--, bytes += 64) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i w0 = LOAD_WORDS(bytes, 0, order), w1 = LOAD_WORDS(bytes, 1, order);
        __m128i w2 = LOAD_WORDS(bytes, 2, order), w3 = LOAD_WORDS(bytes, 3, order);
        FOUR_ROUNDS(abef, cdgh, w0, 0);
        FOUR_ROUNDS(abef, cdgh, w1, 4);
        FOUR_ROUNDS(abef, cdgh, w2, 8);
        FOUR_ROUNDS(abef, cdgh, w3, 12);
        for (int k = 16; k < 64; k += 16) {
            NEXT_WORDS(w0, w1, w2, w3);
            FOUR_ROUNDS(abef, cdgh, w0, k);
            NEXT_WORDS(w1, w2, w3, w0);
            FOUR_ROUNDS(abef, cdgh, w1, k + 4);
            NEXT_WORDS(w2, w3, w0, w1);
            FOUR_ROUNDS(abef, cdgh, w2, k + 8);
            NEXT_WORDS(w3, w0, w1, w2);
            FOUR_ROUNDS(abef, cdgh, w3, k + 12);
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }
    store_state(state, abef, cdgh);
}

// hash_blocks for two hashes at once, their steps alternating.
SHA_TARGET static void hash_blocks2(uint32_t a_state[8], const uint8_t *a, uint32_t b_state[8], const uint8_t *b, size_t blocks) {
    const __m128i order = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i a_abef, a_cdgh, b_abef, b_cdgh;
    load_state(a_state, &a_abef, &a_cdgh);
    load_state(b_state, &b_abef, &b_cdgh);
    for (; blocks > 0; blocks--, a += 64, b += 64) {
        const __m128i a_abef_in = a_abef, a_cdgh_in = a_cdgh, b_abef_in = b_abef, b_cdgh_in = b_cdgh;
        __m128i a0 = LOAD_WORDS(a, 0, order), a1 = LOAD_WORDS(a, 1, order);
        __m128i a2 = LOAD_WORDS(a, 2, order), a3 = LOAD_WORDS(a, 3, order);
        __m128i b0 = LOAD_WORDS(b, 0, order), b1 = LOAD_WORDS(b, 1, order);
        __m128i b2 = LOAD_WORDS(b, 2, order), b3 = LOAD_WORDS(b, 3, order);
        FOUR_ROUNDS(a_abef, a_cdgh, a0, 0);
        FOUR_ROUNDS(b_abef, b_cdgh, b0, 0);
        FOUR_ROUNDS(a_abef, a_cdgh, a1, 4);
        FOUR_ROUNDS(b_abef, b_cdgh, b1, 4);
        FOUR_ROUNDS(a_abef, a_cdgh, a2, 8);
        FOUR_ROUNDS(b_abef, b_cdgh, b2, 8);
        FOUR_ROUNDS(a_abef, a_cdgh, a3, 12);
        FOUR_ROUNDS(b_abef, b_cdgh, b3, 12);
        for (int k = 16; k < 64; k += 16) {
            NEXT_WORDS(a0, a1, a2, a3);
            NEXT_WORDS(b0, b1, b2, b3);
            FOUR_ROUNDS(a_abef, a_cdgh, a0, k);
            FOUR_ROUNDS(b_abef, b_cdgh, b0, k);
            NEXT_WORDS(a1, a2, a3, a0);
            NEXT_WORDS(b1, b2, b3, b0);
            FOUR_ROUNDS(a_abef, a_cdgh, a1, k + 4);
            FOUR_ROUNDS(b_abef, b_cdgh, b1, k + 4);
            NEXT_WORDS(a2, a3, a0, a1);
            NEXT_WORDS(b2, b3, b0, b1);
            FOUR_ROUNDS(a_abef, a_cdgh, a2, k + 8);
            FOUR_ROUNDS(b_abef, b_cdgh, b2, k + 8);
            NEXT_WORDS(a3, a0, a1, a2);
            NEXT_WORDS(b3, b0, b1, b2);
            FOUR_ROUNDS(a_abef, a_cdgh, a3, k + 12);
            FOUR_ROUNDS(b_abef, b_cdgh, b3, k + 12);
        }
        a_abef = _mm_add_epi32(a_abef, a_abef_in);
        a_cdgh = _mm_add_epi32(a_cdgh, a_cdgh_in);
        b_abef = _mm_add_epi32(b_abef, b_abef_in);
        b_cdgh = _mm_add_epi32(b_cdgh, b_cdgh_in);
    }
    store_state(a_state, a_abef, a_cdgh);
    store_state(b_state, b_abef, b_cdgh);
}

#else

int boomerang_sha256_accelerated(void) { return 0; }

// Never called where the processor lacks the extensions (boomerang_sha256_accelerated is 0).
static void hash_blocks(uint32_t state[8], const uint8_t *bytes, size_t blocks) {
    (void)state, (void)bytes, (void)blocks;
    __builtin_trap();
}

static void hash_blocks2(uint32_t a_state[8], const uint8_t *a, uint32_t b_state[8], const uint8_t *b, size_t blocks) {
    (void)a_state, (void)a, (void)b_state, (void)b, (void)blocks;
    __builtin_trap();
}

#endif

// FIPS 180-4, 5.3.3.
static const uint32_t initial_state[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

void boomerang_sha256_init(boomerang_sha256 *hash) {
    memcpy(hash->state, initial_state, sizeof initial_state);
    hash->length = 0;
}

// Fills the partial block from `*bytes`, hashing it when it becomes full; advances `*bytes`.
static void fill_block(boomerang_sha256 *hash, const uint8_t **bytes, size_t *count) {
    size_t held = (size_t)(hash->length % 64);
    if (*count == 0 || (held == 0 && *count >= 64)) return;
    size_t take = 64 - held < *count ? 64 - held : *count;
    memcpy(hash->block + held, *bytes, take);
    hash->length += take;
    *bytes += take;
    *count -= take;
    if (held + take == 64) hash_blocks(hash->state, hash->block, 1);
}

// Hashes the whole blocks of `bytes` (the partial block is empty) and keeps the rest.
static void hash_rest(boomerang_sha256 *hash, const uint8_t *bytes, size_t count) {
    size_t blocks = count / 64;
    if (blocks > 0) hash_blocks(hash->state, bytes, blocks);
    memcpy(hash->block, bytes + 64 * blocks, count % 64);
    hash->length += count;
}

void boomerang_sha256_update(boomerang_sha256 *hash, const void *bytes, size_t count) {
    const uint8_t *next = bytes;
    fill_block(hash, &next, &count);
    if (count > 0) hash_rest(hash, next, count);
}

void boomerang_sha256_update2(
    boomerang_sha256 *a, const void *a_bytes, size_t a_count, boomerang_sha256 *b, const void *b_bytes, size_t b_count) {
    const uint8_t *a_next = a_bytes, *b_next = b_bytes;
    fill_block(a, &a_next, &a_count);
    fill_block(b, &b_next, &b_count);
    if (a_count > 0 && a->length % 64 == 0 && b_count > 0 && b->length % 64 == 0) {
        size_t blocks = (a_count < b_count ? a_count : b_count) / 64;
        if (blocks > 0) {
            hash_blocks2(a->state, a_next, b->state, b_next, blocks);
            a_next += 64 * blocks;
            b_next += 64 * blocks;
            a_count -= 64 * blocks;
            b_count -= 64 * blocks;
            a->length += 64 * blocks;
            b->length += 64 * blocks;
        }
    }
    if (a_count > 0) boomerang_sha256_update(a, a_next, a_count);
    if (b_count > 0) boomerang_sha256_update(b, b_next, b_count);
}

void boomerang_sha256_final(boomerang_sha256 *hash, uint8_t digest[32]) {
    uint64_t bits = hash->length * 8;
    size_t held = (size_t)(hash->length % 64);
    hash->block[held++] = 0x80;
    if (held > 56) {
        memset(hash->block + held, 0, 64 - held);
        hash_blocks(hash->state, hash->block, 1);
        held = 0;
    }
    memset(hash->block + held, 0, 56 - held);
    for (int i = 0; i < 8; i++) hash->block[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    hash_blocks(hash->state, hash->block, 1);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(hash->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(hash->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(hash->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)hash->state[i];
    }
}
