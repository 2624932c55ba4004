#include "CBoomerangOpenSSL.h"

#include <dlfcn.h>
#include <openssl/opensslv.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every OpenSSL function the program calls, from BoomerangTLS (the TLS layer) and
// BoomerangCertificates (PKCS#12 files), including those OpenSSL's header macros and our headers'
// inline functions call.
#define CBOOMERANG_OPENSSL_FUNCTIONS(F) \
    F(ASN1_INTEGER_to_BN) F(ASN1_TIME_to_tm) \
    F(BIO_ctrl) F(BIO_ctrl_pending) F(BIO_free) F(BIO_new) F(BIO_new_mem_buf) F(BIO_read) F(BIO_s_mem) F(BIO_write) \
    F(BN_bn2hex) F(BN_free) \
    F(CRYPTO_free) \
    F(ERR_clear_error) F(ERR_error_string_n) F(ERR_peek_error) \
    F(EVP_PKEY_free) F(EVP_sha1) F(EVP_sha256) \
    F(OPENSSL_sk_free) F(OPENSSL_sk_new_null) F(OPENSSL_sk_pop_free) F(OPENSSL_sk_push) \
    F(PEM_read_bio_Parameters) F(PEM_read_bio_PrivateKey) F(PEM_read_bio_X509) \
    F(PKCS12_create) F(PKCS12_free) F(PKCS12_set_mac) F(i2d_PKCS12) \
    F(SSL_CIPHER_find) F(SSL_CIPHER_standard_name) \
    F(SSL_CTX_ctrl) F(SSL_CTX_free) F(SSL_CTX_new) F(SSL_CTX_set_alpn_select_cb) F(SSL_CTX_set_client_hello_cb) \
    F(SSL_CTX_set_info_callback) F(SSL_CTX_set_options) F(SSL_CTX_set_session_id_context) \
    F(SSL_client_hello_get0_ciphers) F(SSL_client_hello_get0_ext) F(SSL_client_hello_get0_legacy_version) \
    F(SSL_client_hello_get1_extensions_present) \
    F(SSL_ctrl) F(SSL_free) F(SSL_get0_alpn_selected) F(SSL_get1_peer_certificate) F(SSL_get_current_cipher) \
    F(SSL_get_error) F(SSL_get_ex_data) F(SSL_get_shutdown) F(SSL_get_verify_result) F(SSL_get_version) \
    F(SSL_has_pending) F(SSL_is_init_finished) F(SSL_new) F(SSL_read_ex) F(SSL_select_next_proto) \
    F(SSL_session_reused) F(SSL_set0_tmp_dh_pkey) F(SSL_set_accept_state) F(SSL_set_bio) F(SSL_set_cipher_list) \
    F(SSL_set_ciphersuites) F(SSL_set_client_CA_list) F(SSL_set_ex_data) F(SSL_set_security_level) \
    F(SSL_set_session_id_context) F(SSL_set_verify) F(SSL_shutdown) F(SSL_use_cert_and_key) F(SSL_write_ex) \
    F(TLS_server_method) \
    F(X509_NAME_dup) F(X509_NAME_free) F(X509_NAME_print_ex) F(X509_STORE_add_cert) F(X509_STORE_free) \
    F(X509_STORE_new) F(X509_check_private_key) F(X509_digest) F(X509_free) F(X509_get0_notAfter) \
    F(X509_get0_notBefore) F(X509_get0_serialNumber) F(X509_get_issuer_name) F(X509_get_subject_name)

// Until the load, each pointer leads here: a call that skipped `CBoomerangOpenSSL_load` stops the
// program with a message rather than jumping to address 0.
__attribute__((used, visibility("hidden"))) void CBoomerangOpenSSL_unloaded(void) {
    fputs("boomerang: an OpenSSL function was called before CBoomerangOpenSSL_load\n", stderr);
    abort();
}

#define CBOOMERANG_POINTER(name) \
    __attribute__((used, visibility("hidden"))) void *CBoomerangOpenSSL_##name = (void *)CBoomerangOpenSSL_unloaded;
CBOOMERANG_OPENSSL_FUNCTIONS(CBOOMERANG_POINTER)

// Each function is a jump through its pointer: the arguments, whatever they are, stay where the
// caller put them. Hidden, so that libssl and libcrypto, once loaded, still bind to themselves.
#if defined(__x86_64__)
#define CBOOMERANG_JUMP(name) "jmp *CBoomerangOpenSSL_" #name "(%rip)\n"
#elif defined(__aarch64__)
#define CBOOMERANG_JUMP(name) \
    "adrp x16, CBoomerangOpenSSL_" #name "\n" \
    "ldr x16, [x16, :lo12:CBoomerangOpenSSL_" #name "]\n" \
    "br x16\n"
#else
#error "CBoomerangOpenSSL has trampolines for x86_64 and aarch64 only"
#endif

#define CBOOMERANG_TRAMPOLINE(name) \
    __asm__(".text\n" \
            ".globl " #name "\n" \
            ".hidden " #name "\n" \
            ".type " #name ", %function\n" \
            ".p2align 4\n" #name ":\n" \
            CBOOMERANG_JUMP(name) \
            ".size " #name ", .-" #name "\n");
CBOOMERANG_OPENSSL_FUNCTIONS(CBOOMERANG_TRAMPOLINE)

// The library the headers compiled against: libssl.so.3 for OpenSSL 3.
#define CBOOMERANG_STRING(value) #value
#define CBOOMERANG_SONAME(version) "libssl.so." CBOOMERANG_STRING(version)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[256];

static void resolve(void *library, const char *name, void **pointer) {
    if (failure[0] != 0) return;
    void *address = dlsym(library, name);
    if (address == NULL) {
        snprintf(failure, sizeof failure, "%s is missing from %s and its libcrypto", name, CBOOMERANG_SONAME(OPENSSL_SHLIB_VERSION));
        return;
    }
    *pointer = address;
}

static void load(void) {
    // libssl brings libcrypto as its dependency; RTLD_LOCAL keeps both out of the global scope.
    void *library = dlopen(CBOOMERANG_SONAME(OPENSSL_SHLIB_VERSION), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *message = dlerror();
        snprintf(failure, sizeof failure, "%s", message != NULL ? message : CBOOMERANG_SONAME(OPENSSL_SHLIB_VERSION) " cannot be loaded");
        return;
    }
#define CBOOMERANG_RESOLVE(name) resolve(library, #name, &CBoomerangOpenSSL_##name);
    CBOOMERANG_OPENSSL_FUNCTIONS(CBOOMERANG_RESOLVE)
}

const char *CBoomerangOpenSSL_load(void) {
    pthread_once(&once, load);
    return failure[0] == 0 ? NULL : failure;
}
