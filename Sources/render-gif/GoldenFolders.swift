import Foundation
import SpruceFilm
import SpruceRender

/// The goldens folders of a `render-gif test` run, checked before any scene is played.
enum GoldenFolders {
    /// Each folder is a folder or not there yet (`FilmGoldens.checkFolder`); no output of the run (`--report`, its
    /// pictures, `--junit`) is in one (it would write over a golden, or put strangers among them); when `recording`,
    /// each can be made and written (`FilmGoldens.checkWritable`).
    static func check(_ folders: [String], named name: String, recording: Bool, outputs: [(flag: String, path: String)]) throws {
        func refuse(_ folder: String, _ problem: FilmGoldensFolderProblem, code: Int32) -> CLIError {
            CLIError(message: "\(name) '\(folder)': \(problem)", code: code)
        }
        for folder in folders {
            do { try FilmGoldens.checkFolder(folder) } catch let problem as FilmGoldensFolderProblem {
                throw refuse(folder, problem, code: recording ? ExitStatus.cannotCreate : ExitStatus.noInput)
            }
            let real = OutputPlan.realPath(folder)
            for output in outputs {
                guard let url = try? AtomicOutput.resolve(URL(fileURLWithPath: output.path)),
                      url.path == real || url.path.hasPrefix(real + "/") else { continue }
                throw CLIError(message: "\(output.flag) '\(output.path)': it is in \(name) '\(folder)', where it would write over "
                               + "or beside the goldens; write it elsewhere", code: ExitStatus.cannotCreate)
            }
            if recording {
                do { try FilmGoldens.checkWritable(folder) } catch let problem as FilmGoldensFolderProblem {
                    throw refuse(folder, problem, code: ExitStatus.cannotCreate)
                }
            }
        }
    }
}
