// OpenSSL 3 (libssl.so.3 and libcrypto.so.3) loaded when it is first needed rather than when the
// program starts. Linking them costs every start about 2 ms on the development machine (libcrypto
// alone has some 4,200 symbol and 17,000 relative relocations, all resolved at load), which a
// server that never sees an HTTPS connection, and every `boomerang` command, would pay for nothing.
//
// The program calls OpenSSL by its usual names, declared by OpenSSL's own headers; this target
// defines each of those names as a jump through a pointer that `CBoomerangOpenSSL_load` fills in.
// A function used without a pointer here fails the link with an undefined reference, naming it.
#ifndef C_BOOMERANG_OPENSSL_H
#define C_BOOMERANG_OPENSSL_H

#include <stddef.h>

/// Loads libssl and libcrypto and resolves every function the program uses from them, once; later
/// calls return at once. Safe from any thread.
///
/// Returns NULL when OpenSSL is ready. Otherwise why it cannot be loaded (the loader's message, or
/// the function that is missing), a string that lasts as long as the process; every later call
/// returns the same one.
const char *CBoomerangOpenSSL_load(void);

#endif
