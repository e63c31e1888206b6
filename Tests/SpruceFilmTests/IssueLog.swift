import Foundation
import IssueReporting

/// Collects the issues reported through IssueReporting inside `collect`, instead of failing the test with them, so
/// a test can say which were reported (record mode's "recorded" notes, a golden that cannot be made).
final class IssueLog: IssueReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    var reported: [String] { lock.withLock { messages } }

    func reportIssue(_ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString,
                     line: UInt, column: UInt) {
        let text = message() ?? ""
        lock.withLock { messages.append(text) }
    }

    func collect<R>(_ body: () throws -> R) rethrows -> R { try withIssueReporters([self], operation: body) }
}
