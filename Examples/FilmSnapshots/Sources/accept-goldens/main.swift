// Accepts the failed film goldens a test run left in its artifacts folder (`SNAPSHOT_ARTIFACTS`): every one, or
// those named. Each one's actual replaces the `__Snapshots__` file it was compared with.
//
//     swift run accept-goldens ARTIFACTS [ID …]
import Foundation
import SpruceSnapshotReview

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("accept-goldens: error: \(message)\n".utf8))
    exit(code)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let folder = arguments.first else { fail("usage: accept-goldens ARTIFACTS [ID …]", code: 64) }
let failures = FilmFailures(artifacts: URL(fileURLWithPath: folder))
let list = failures.list()
for skipped in list.skipped { FileHandle.standardError.write(Data("skipped \(skipped.name): \(skipped.reason)\n".utf8)) }
let ids = arguments.count > 1 ? Array(arguments.dropFirst()) : list.failures.map(\.id)
guard !ids.isEmpty else { fail("no failed film goldens in \(folder)", code: 66) }
for id in ids {
    do { print("accepted \(id): \(try failures.accept(id: id).path)") } catch { fail("\(error)", code: 65) }
}
