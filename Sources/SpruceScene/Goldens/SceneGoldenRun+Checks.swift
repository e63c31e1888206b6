import Foundation
import SpruceFilm
import SpruceRender

extension SceneGoldenRun {
    /// The report, its pictures and the JUnit file are checked like every output: never over a scene, never one over
    /// the other. Returns them, as the output plan names them.
    func checkOutputs(_ scenes: [URL]) throws -> [OutputPlan.Output] {
        try OutputPlan.checkNames([(labels.report, report), (labels.junit, junit), (labels.markdown, markdown), (labels.goldens, goldens)])
        var plan = OutputPlan()
        plan.output(labels.report, report)
        plan.output(labels.reportPictures, report.map { FilmGoldensReport.Pictures.folder(of: URL(plainPath: $0)).path },
                    isDirectory: true)
        plan.output(labels.junit, junit)
        plan.output(labels.markdown, markdown)
        for scene in scenes { plan.input("the scene file", scene.path) }
        try plan.check()
        return plan.outputs
    }

    /// Each goldens folder is a folder or not there yet (a file, a FIFO or a device is refused before any scene is
    /// played); no output of the run is in one (it would write over a golden, or put strangers among them); when
    /// recording or accepting, each can be made and written.
    func checkFolders(_ folders: [String], outputs: [OutputPlan.Output]) throws {
        let name = goldens == nil ? "the goldens folder" : labels.goldens
        for folder in folders {
            do { try FilmGoldens.checkFolder(folder) } catch let problem as FilmGoldensFolderProblem {
                throw SceneGoldenRunError.goldensFolder("\(name) '\(folder)': \(problem)")
            }
            let real = OutputPlan.realPath(folder)
            for output in outputs {
                guard let url = try? AtomicOutput.resolve(URL(plainPath: output.path)),
                      url.path == real || url.path.hasPrefix(real + "/") else { continue }
                throw SceneGoldenRunError.outputInGoldens("\(output.label) '\(output.path)': it is in \(name) '\(folder)', where it "
                                                          + "would write over or beside the goldens; write it elsewhere")
            }
            if recording || accepting != .none {
                do { try FilmGoldens.checkWritable(folder) } catch let problem as FilmGoldensFolderProblem {
                    throw SceneGoldenRunError.goldensFolder("\(name) '\(folder)': \(problem)")
                }
            }
        }
    }
}

/// Why a goldens run (`SceneGoldenRun`) could not start, or stopped; `description` is its one line.
public enum SceneGoldenRunError: Error, CustomStringConvertible {
    /// A path that is not there, or no scene files in the paths given.
    case noScenes(SceneGoldenSuiteProblem)
    /// Two scenes whose goldens would be the same files, or, with a report, two scenes of one name.
    case clash(String)
    /// A goldens folder that is no folder, or, recording or accepting, one that cannot be made or written.
    case goldensFolder(String)
    /// An output of the run inside a goldens folder.
    case outputInGoldens(String)
    /// The report's pictures cannot go where the report puts them.
    case picturesUnavailable(String)
    /// The report's pictures could not be moved into place.
    case picturesNotMoved(String)
    /// A scene to accept that is not among the scenes checked.
    case notChecked(String)
    /// A scene's goldens could not be accepted: a file could not be written.
    case notAccepted(String, RenderError)
    /// The report, the JUnit file or the summary could not be written.
    case notWritten(String, RenderError)
    /// A scene's goldens could not be recorded: the file system stopped the write (a full disk).
    case notRecorded(String, RenderError)

    public var description: String {
        switch self {
        case .noScenes(let problem): "\(problem)"
        case .clash(let m), .goldensFolder(let m), .outputInGoldens(let m), .picturesUnavailable(let m), .picturesNotMoved(let m),
             .notWritten(let m, _), .notRecorded(let m, _), .notChecked(let m), .notAccepted(let m, _): m
        }
    }
}
