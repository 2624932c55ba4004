/* Brotli's encoder and decoder (Debian: libbrotli-dev), imported only by BoomerangCompression. */
#include <brotli/decode.h>
#include <brotli/encode.h>
