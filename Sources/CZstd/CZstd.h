/* Zstandard (Debian: libzstd-dev), imported only by BoomerangCompression. */
#include <zstd.h>
#include <zstd_errors.h>
