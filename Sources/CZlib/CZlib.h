/* zlib (Debian: zlib1g-dev), imported only by BoomerangCompression. */
#include <zlib.h>

/* inflateInit2 and deflateInit2 are function-like macros, which Swift does not import; these
 * shims pass the library version and the stream size the macros would have passed. */
static inline int CZlib_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

static inline int CZlib_deflateInit2(z_streamp stream, int level, int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, strategy);
}
