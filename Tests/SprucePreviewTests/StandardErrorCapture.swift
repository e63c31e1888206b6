import Foundation

/// What the process writes to standard error while `body` runs: descriptor 2 points at a scratch file meanwhile,
/// and back at what it was after.
enum StandardErrorCapture {
    static func run<T>(_ body: () async throws -> T) async throws -> (T, String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spruce-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fflush(stderr)
        let saved = dup(2)
        dup2(fd, 2)
        close(fd)
        let result: Result<T, Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        fflush(stderr)
        dup2(saved, 2)
        close(saved)
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return (try result.get(), text)
    }
}
