// OpenSSL's digests (libcrypto, found through pkg-config `libcrypto`): the batch records' SHA-256.
#include <openssl/evp.h>
