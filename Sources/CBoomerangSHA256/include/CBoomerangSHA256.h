// SHA-256 with the x86 SHA extensions, for hashing a request body and a run of it (a multipart
// part) together: the two streams' rounds are interleaved, so that the processor works on one
// while the other waits for its last round's result.
#ifndef C_BOOMERANG_SHA256_H
#define C_BOOMERANG_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// One SHA-256 in progress: the chaining state, the bytes of the block not yet full, and the
/// number of bytes hashed so far.
typedef struct {
    uint32_t state[8];
    uint8_t block[64];
    uint64_t length;
} boomerang_sha256;

/// 1 when this processor has the SHA extensions (and SSSE3, SSE4.1) the functions below need;
/// none of them may be called otherwise.
int boomerang_sha256_accelerated(void);

void boomerang_sha256_init(boomerang_sha256 *hash);
void boomerang_sha256_update(boomerang_sha256 *hash, const void *bytes, size_t count);
/// The same as updating `a` with `a_bytes` and `b` with `b_bytes`, the whole blocks of both
/// hashed in one interleaved pass.
void boomerang_sha256_update2(
    boomerang_sha256 *a, const void *a_bytes, size_t a_count, boomerang_sha256 *b, const void *b_bytes, size_t b_count);
/// Writes the digest; `hash` must be initialised again before it is used for another.
void boomerang_sha256_final(boomerang_sha256 *hash, uint8_t digest[32]);

#endif
