import CLibCrypto
import Foundation

/// SHA-256 computed by the system's libcrypto (OpenSSL), fed one piece at a time.
struct SHA256Digest {
    private let context: OpaquePointer

    init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto cannot start a SHA-256 digest (out of memory)")
        }
        self.context = context
    }

    func update(_ data: Data) {
        data.withUnsafeBytes { bytes in _ = EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) }
    }

    /// The digest in lowercase hexadecimal; the context is freed, so `update` may not be called again.
    func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        EVP_MD_CTX_free(context)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// The hexadecimal SHA-256 of `data`.
    static func hex(of data: Data) -> String {
        let digest = SHA256Digest()
        digest.update(data)
        return digest.finalize()
    }
}
