/* OpenSSL's libcrypto (Debian: libssl-dev; loaded at first use by CBoomerangOpenSSL), imported
 * only by BoomerangCertificates, for the one thing swift-certificates cannot write: a PKCS#12
 * file. */
#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

/* A PKCS#12 file holding the key, its certificate and the chain, each given as PEM. Certificates
 * and key are encrypted with PBE-SHA1-3DES and the MAC is HMAC-SHA1 (2048 iterations), the form
 * OpenSSL 1.x wrote and every Keychain, Android and Java version imports; OpenSSL 3's default
 * (AES-256 with PBKDF2, HMAC-SHA256) fails to import on older Apple systems.
 * Returns the DER length and sets *der (free it with COpenSSL_free), or -1. */
static inline int COpenSSL_pkcs12(const char *certificate_pem, const char *key_pem, const char *chain_pem,
                                  const char *password, const char *friendly_name, unsigned char **der) {
    int length = -1;
    BIO *bio = NULL;
    X509 *certificate = NULL;
    EVP_PKEY *key = NULL;
    STACK_OF(X509) *chain = sk_X509_new_null();
    PKCS12 *p12 = NULL;
    X509 *member;

    *der = NULL;
    if (chain == NULL) goto done;
    bio = BIO_new_mem_buf(certificate_pem, -1);
    certificate = bio ? PEM_read_bio_X509(bio, NULL, NULL, NULL) : NULL;
    BIO_free(bio);
    bio = BIO_new_mem_buf(key_pem, -1);
    key = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : NULL;
    BIO_free(bio);
    bio = BIO_new_mem_buf(chain_pem, -1);
    while (bio && (member = PEM_read_bio_X509(bio, NULL, NULL, NULL)) != NULL) {
        if (!sk_X509_push(chain, member)) { X509_free(member); break; }
    }
    BIO_free(bio);
    if (certificate == NULL || key == NULL) goto done;
    p12 = PKCS12_create(password, friendly_name, key, certificate, chain, NID_pbe_WithSHA1And3_Key_TripleDES_CBC,
                        NID_pbe_WithSHA1And3_Key_TripleDES_CBC, 2048, -1, 0);
    if (p12 == NULL || !PKCS12_set_mac(p12, password, -1, NULL, 0, 2048, EVP_sha1())) goto done;
    length = i2d_PKCS12(p12, der);
done:
    PKCS12_free(p12);
    sk_X509_pop_free(chain, X509_free);
    EVP_PKEY_free(key);
    X509_free(certificate);
    /* Reading the chain to its end leaves "no start line" on the thread's error queue. */
    ERR_clear_error();
    return length;
}

/* OPENSSL_free is a macro, which Swift does not import. */
static inline void COpenSSL_free(void *pointer) {
    OPENSSL_free(pointer);
}
