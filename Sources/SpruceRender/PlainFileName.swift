/// A name that is exactly one entry of a folder: not empty, not `.` or `..`, with no `/` and no NUL. Checked byte by
/// byte: to Swift's `Character` comparisons a `/` followed by a combining mark is one character that is not `/`, while
/// the file system still sees a separator.
package enum PlainFileName {
    package static func isPlain(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return !bytes.isEmpty && bytes != [0x2E] && bytes != [0x2E, 0x2E] && !bytes.contains(0x2F) && !bytes.contains(0)
    }
}
