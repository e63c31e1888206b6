import SpruceRender

/// The paths a batch's files claim (`BatchCollisions`), in the order they were claimed, found by their resolved path,
/// by the file they name (device and inode) and by each folder above them: the first claim that collides with a path
/// is a few look-ups, not a pass over every claim, so checking a batch takes time in proportion to its files.
struct BatchClaims {
    private var claims: [BatchCollisions.Claim] = []
    private var byKey: [String: [Int]] = [:]
    private var byFile: [FileStamp.File: [Int]] = [:]
    private var byFolder: [String: [Int]] = [:]

    mutating func add(_ claim: BatchCollisions.Claim) {
        let index = claims.count
        claims.append(claim)
        byKey[claim.key, default: []].append(index)
        if let file = FileStamp(path: claim.key, followLinks: true)?.file { byFile[file, default: []].append(index) }
        for folder in Self.folders(of: claim.key) { byFolder[folder, default: []].append(index) }
    }

    /// The first claim not of item `owner` on the resolved path `key`, or on another path to the same file.
    func same(as key: String, notOf owner: Int) -> BatchCollisions.Claim? {
        let file = FileStamp(path: key, followLinks: true)?.file
        return first([byKey[key], file.flatMap { byFile[$0] }], notOf: owner)
    }

    /// The first claim not of item `owner` inside the folder `key`, or on a folder that holds `key`.
    func nested(with key: String, notOf owner: Int) -> BatchCollisions.Claim? {
        first([byFolder[key]] + Self.folders(of: key).map { byKey[$0] }, notOf: owner)
    }

    /// Of the claims at `lists`' indices, the earliest not of `owner`.
    private func first(_ lists: [[Int]?], notOf owner: Int) -> BatchCollisions.Claim? {
        let earliest = lists.compactMap { list in list?.first { claims[$0].owner != owner } }.min()
        return earliest.map { claims[$0] }
    }

    /// The folders above the resolved path `key`, each as a path: "/a" and "/a/b" for "/a/b/c".
    private static func folders(of key: String) -> [String] {
        key.indices.dropFirst().filter { key[$0] == "/" }.map { String(key[..<$0]) }
    }
}
