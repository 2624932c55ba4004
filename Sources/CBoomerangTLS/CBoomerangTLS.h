/* OpenSSL 3's libssl (Debian: libssl-dev; loaded at first use by CBoomerangOpenSSL), imported
 * only by BoomerangTLS: the TLS byte layer under the protocol adapters. These wrappers stand in
 * for OpenSSL's macros, which Swift does not import, and hold the two callbacks that need no
 * Swift state. */
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <string.h>
#include <time.h>

/* ALPN: the first of the server's protocols (length-prefixed, in its order of preference) that
 * the client offered. With none in common the handshake goes on without ALPN, as nginx does, so
 * that a client offering only h2 still gets HTTP/1.1. */
static int CBoomerangTLS_selectProtocol(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                        const unsigned char *in, unsigned int inlen, void *arg) {
    const unsigned char *server = (const unsigned char *)arg;
    unsigned int serverLength = 0;
    unsigned char *selected = NULL;
    (void)ssl;
    while (server[serverLength] != 0) serverLength += 1 + server[serverLength];
    if (SSL_select_next_proto(&selected, outlen, server, serverLength, in, inlen) != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_NOACK;
    }
    *out = selected;
    return SSL_TLSEXT_ERR_OK;
}

/* A server context: TLS 1.2 and 1.3, no renegotiation (a client asking for one gets a
 * no_renegotiation alert), no compression, the server's cipher order, buffers released while a
 * connection is idle, and resumption by stateless tickets alone (no server-side session cache,
 * which OpenSSL locks and sweeps on every handshake).
 * `protocols` is the ALPN list, length-prefixed and ending with a zero byte; it must outlive the
 * context. */
static inline SSL_CTX *CBoomerangTLS_newServerContext(const unsigned char *protocols) {
    SSL_CTX *context = SSL_CTX_new(TLS_server_method());
    if (context == NULL) return NULL;
    if (!SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)) {
        SSL_CTX_free(context);
        return NULL;
    }
    SSL_CTX_set_options(context, SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_COMPRESSION);
    SSL_CTX_set_mode(context, SSL_MODE_RELEASE_BUFFERS);
    SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
    SSL_CTX_set_session_id_context(context, (const unsigned char *)"boomerang", 9);
    SSL_CTX_set_alpn_select_cb(context, CBoomerangTLS_selectProtocol, (void *)protocols);
    return context;
}

/* A memory BIO that reports "retry" rather than end of file when it is empty. */
static inline BIO *CBoomerangTLS_newMemoryBIO(void) {
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio != NULL) BIO_set_mem_eof_return(bio, -1);
    return bio;
}

/* The certificate, key and chain for this connection, chosen from its ClientHello. */
static inline int CBoomerangTLS_useCredential(SSL *ssl, X509 *certificate, EVP_PKEY *key, STACK_OF(X509) *chain) {
    return SSL_use_cert_and_key(ssl, certificate, key, chain, 1);
}

static inline STACK_OF(X509) *CBoomerangTLS_newCertificateStack(void) {
    return sk_X509_new_null();
}

static inline int CBoomerangTLS_pushCertificate(STACK_OF(X509) *stack, X509 *certificate) {
    return sk_X509_push(stack, certificate);
}

static inline void CBoomerangTLS_freeCertificateStack(STACK_OF(X509) *stack) {
    sk_X509_pop_free(stack, X509_free);
}

/* Whether the client's close_notify arrived. */
static inline int CBoomerangTLS_receivedShutdown(const SSL *ssl) {
    return (SSL_get_shutdown(ssl) & SSL_RECEIVED_SHUTDOWN) != 0;
}

/* OPENSSL_free is a macro. */
static inline void CBoomerangTLS_free(void *pointer) {
    OPENSSL_free(pointer);
}

/* The library's reason for the oldest error on this thread's queue, and its code; clears the queue. */
static inline unsigned long CBoomerangTLS_takeError(char *text, size_t length) {
    unsigned long code = ERR_peek_error();
    if (code != 0) ERR_error_string_n(code, text, length);
    ERR_clear_error();
    return code;
}

static inline int CBoomerangTLS_errorReason(unsigned long code) {
    return ERR_GET_REASON(code);
}

/* The versions a connection may negotiate, set from its ClientHello callback. */
static inline int CBoomerangTLS_setVersions(SSL *ssl, int minimum, int maximum) {
    return SSL_set_min_proto_version(ssl, minimum) && SSL_set_max_proto_version(ssl, maximum);
}

/* The store a connection verifies client certificates against (the reference is taken). */
static inline int CBoomerangTLS_setVerifyStore(SSL *ssl, X509_STORE *store) {
    return SSL_set1_verify_cert_store(ssl, store);
}

/* A store that trusts `certificate` alone. */
static inline X509_STORE *CBoomerangTLS_newStore(X509 *certificate) {
    X509_STORE *store = X509_STORE_new();
    if (store == NULL) return NULL;
    if (!X509_STORE_add_cert(store, certificate)) {
        X509_STORE_free(store);
        return NULL;
    }
    return store;
}

/* The CA names a server sends with its certificate request. */
static inline void CBoomerangTLS_setClientAuthorityName(SSL *ssl, X509 *certificate) {
    STACK_OF(X509_NAME) *names = sk_X509_NAME_new_null();
    X509_NAME *name = names ? X509_NAME_dup(X509_get_subject_name(certificate)) : NULL;
    if (name == NULL || !sk_X509_NAME_push(names, name)) {
        X509_NAME_free(name);
        sk_X509_NAME_free(names);
        return;
    }
    SSL_set_client_CA_list(ssl, names);
}

/* A distinguished name in RFC 2253 form, into `text`; returns its length. */
static inline int CBoomerangTLS_nameText(X509_NAME *name, char *text, int length) {
    BIO *bio = BIO_new(BIO_s_mem());
    int count;
    if (bio == NULL) return 0;
    X509_NAME_print_ex(bio, name, 0, XN_FLAG_RFC2253);
    count = BIO_read(bio, text, length);
    BIO_free(bio);
    return count < 0 ? 0 : count;
}

/* The serial number in upper-case hex, into `text` (NUL-terminated); returns 0 on failure. */
static inline int CBoomerangTLS_serialText(X509 *certificate, char *text, int length) {
    BIGNUM *number = ASN1_INTEGER_to_BN(X509_get0_serialNumber(certificate), NULL);
    char *hex = number ? BN_bn2hex(number) : NULL;
    int ok = hex != NULL && (int)strlen(hex) < length;
    if (ok) strcpy(text, hex);
    OPENSSL_free(hex);
    BN_free(number);
    return ok;
}

/* A certificate time as seconds since 1970 (UTC), or -1. */
static inline long long CBoomerangTLS_timeSeconds(const ASN1_TIME *time) {
    struct tm parts;
    if (time == NULL || !ASN1_TIME_to_tm(time, &parts)) return -1;
    return (long long)timegm(&parts);
}

static inline long long CBoomerangTLS_notBefore(X509 *certificate) {
    return CBoomerangTLS_timeSeconds(X509_get0_notBefore(certificate));
}

static inline long long CBoomerangTLS_notAfter(X509 *certificate) {
    return CBoomerangTLS_timeSeconds(X509_get0_notAfter(certificate));
}

/* DH parameters from PEM (for the weak-group scenario), or NULL. */
static inline EVP_PKEY *CBoomerangTLS_readParameters(const char *pem) {
    BIO *bio = BIO_new_mem_buf(pem, -1);
    EVP_PKEY *parameters = bio ? PEM_read_bio_Parameters(bio, NULL) : NULL;
    BIO_free(bio);
    return parameters;
}
