import Foundation

/// Which build is measuring: the GNU build ID the linker wrote into this executable (a digest of its contents), in
/// hex, or "unknown" without one. A run log keeps it with every run, so that `pool` never mixes builds.
enum BuildIdentity {
    static let current: String = (try? buildID(ofExecutable: "/proc/self/exe")) ?? "unknown"

    /// The build ID of a 64-bit little-endian ELF file, read from its program headers' note segments; nil without
    /// one. Sizes are bounded before anything is read.
    static func buildID(ofExecutable path: String) throws -> String? {
        let file = try FileHandle(forReadingFrom: URL(plainPath: path))
        defer { try? file.close() }
        func bytes(at offset: UInt64, count: Int) throws -> Data? {
            try file.seek(toOffset: offset)
            let data = try file.read(upToCount: count) ?? Data()
            return data.count == count ? data : nil
        }
        guard let elf = try bytes(at: 0, count: 64), elf.prefix(4) == Data([0x7f, 0x45, 0x4c, 0x46]),
              elf[4] == 2, elf[5] == 1 else { return nil }  // ELFCLASS64, little-endian
        func word<T: FixedWidthInteger>(_ data: Data, _ offset: Int, _: T.Type) -> T {
            data.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        let table = word(elf, 0x20, UInt64.self)
        let entrySize = Int(word(elf, 0x36, UInt16.self)), count = Int(word(elf, 0x38, UInt16.self))
        guard entrySize >= 56, count <= 256, let headers = try bytes(at: table, count: entrySize * count) else { return nil }
        for i in 0..<count where word(headers, i * entrySize, UInt32.self) == 4 {  // PT_NOTE
            let offset = word(headers, i * entrySize + 8, UInt64.self), size = word(headers, i * entrySize + 32, UInt64.self)
            guard size <= 1 << 16, let notes = try bytes(at: offset, count: Int(size)) else { continue }
            if let id = notes.withUnsafeBytes({ buildID(notes: $0) }) { return id }
        }
        return nil
    }

    /// The descriptor of the `NT_GNU_BUILD_ID` note named "GNU" among `notes` (4-byte aligned entries of name size,
    /// descriptor size and type, then the padded name and descriptor), in hex.
    static func buildID(notes: UnsafeRawBufferPointer) -> String? {
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        var offset = 0
        while offset + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let name = offset + 12, desc = name + padded(nameSize), next = desc + padded(descSize)
            guard nameSize <= notes.count, descSize <= notes.count, next <= notes.count else { return nil }
            if type == 3, nameSize == 4, Array(notes[name..<name + 4]) == Array("GNU\0".utf8), descSize > 0 {
                return notes[desc..<desc + descSize].map { String(format: "%02x", $0) }.joined()
            }
            offset = next
        }
        return nil
    }
}
