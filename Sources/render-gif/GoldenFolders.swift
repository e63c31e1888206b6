import Foundation
import SpruceRender

/// The goldens folders of a `render-gif test` run, checked before any scene is played.
enum GoldenFolders {
    /// Each folder is a folder or not there yet; no output of the run (`--report`, its pictures, `--junit`) is in
    /// one (it would write over a golden, or put strangers among them); when `recording`, each can be made and
    /// written (a real create, removed at once: permission bits say yes to root where a create fails).
    static func check(_ folders: [String], named name: String, recording: Bool, outputs: [(flag: String, path: String)]) throws {
        for folder in folders {
            let kind = FileKind.of(folder)
            guard kind == .missing || kind == .directory else {
                throw CLIError(message: "\(name) '\(folder)': it is \(kind.article), not a folder",
                               code: recording ? ExitStatus.cannotCreate : ExitStatus.noInput)
            }
            let real = OutputPlan.realPath(folder)
            for output in outputs {
                guard let url = try? AtomicOutput.resolve(URL(fileURLWithPath: output.path)),
                      url.path == real || url.path.hasPrefix(real + "/") else { continue }
                throw CLIError(message: "\(output.flag) '\(output.path)': it is in \(name) '\(folder)', where it would write over "
                               + "or beside the goldens; write it elsewhere", code: ExitStatus.cannotCreate)
            }
            if recording { try checkWritable(folder, kind: kind, name: name) }
        }
    }

    private static func checkWritable(_ folder: String, kind: FileKind, name: String) throws {
        func refuse(_ why: String) -> CLIError {
            CLIError(message: "\(name) '\(folder)': \(why)", code: ExitStatus.cannotCreate)
        }
        if kind == .missing {
            // Made one level at a time, as recording would, then removed again, deepest first: only what this made.
            var missing: [URL] = []
            var step = URL(fileURLWithPath: folder).standardizedFileURL
            while FileKind.of(step.path, followLinks: false) == .missing, step.path != "/" {
                missing.insert(step, at: 0)
                step = step.deletingLastPathComponent()
            }
            var made: [URL] = []
            defer { for url in made.reversed() { rmdir(url.path) } }
            for url in missing {
                guard mkdir(url.path, 0o777) == 0 else { throw refuse("cannot create it (\(String(cString: strerror(errno))))") }
                made.append(url)
            }
            if missing.isEmpty { throw refuse("cannot create it (a link to nothing is in the way)") }
        } else {
            do { try AtomicOutput.check(target: URL(fileURLWithPath: folder).appendingPathComponent(".render-gif-probe"), isDirectory: false) }
            catch let e as AtomicOutputError { throw refuse("cannot write in it (\(e))") }
        }
    }
}
