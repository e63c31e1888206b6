import ArgumentParser
import Foundation
import SpruceRender
import SpruceScene
import SpruceVideo

/// Still pictures for design reviews, written beside the film or instead of it: a contact sheet
/// (a storyboard of evenly spaced frames) and a timing chart (a bar per view, coloured by start time).
struct ReviewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Also write a contact sheet (PNG): evenly spaced frames with their times, in a grid "
                               + "under a title naming the scene, sort and animation.", valueName: "file.png"))
    var sheet: String?

    @Option(name: .customLong("sheet-frames"),
            help: ArgumentHelp("Frames on the contact sheet, 2…200 (default \(ContactSheet.defaultFrames)).", valueName: "n"))
    var sheetFrames: Int?

    @Option(name: .customLong("timing-chart"),
            help: ArgumentHelp("Also write a timing chart (PNG): each animated view as a bar over time, coloured by start, "
                               + "beside a map of the layout in the same colours.", valueName: "file.png"))
    var timingChart: String?

    var isRequested: Bool { sheet != nil || timingChart != nil }

    /// Flag problems, before anything is rendered.
    func check() throws {
        if sheetFrames != nil, sheet == nil { throw CLIError.usage("--sheet-frames needs --sheet out.png") }
        if let n = sheetFrames, !(2...200).contains(n) { throw CLIError.usage("--sheet-frames: must be 2…200, got \(n)") }
        for (flag, path) in [("--sheet", sheet), ("--timing-chart", timingChart)] {
            if let path, URL(fileURLWithPath: path).pathExtension.lowercased() != "png" {
                throw CLIError.usage("\(flag): writes a PNG, so the path must end in .png, got \"\(path)\"")
            }
        }
    }

    /// The folders exist and take files, before the film is rendered.
    func checkWritable() throws {
        for (flag, path) in [("--sheet", sheet), ("--timing-chart", timingChart)] {
            guard let path else { continue }
            do { try AtomicFile.checkWritableDirectory(for: URL(fileURLWithPath: path)) } catch {
                throw CLIError(message: "\(flag): \(error)", code: ExitStatus.cannotCreate)
            }
        }
    }

    /// Titles carry the scene file's `name` (else its file name), then the sort and the animation.
    func write(player: ScenePlayer, sceneURL: URL, cancellation: RenderCancellation, written: WrittenOutputs) throws {
        guard isRequested else { return }
        let name = ReviewTitle.sceneName(contentsOf: sceneURL) ?? sceneURL.deletingPathExtension().lastPathComponent
        let title = ReviewTitle.text(name: name, player: player)
        let scale = CGFloat(min(player.document.canvas.scale, 4))
        if let sheet {
            var contactSheet = try ContactSheet(player: player, frames: sheetFrames ?? ContactSheet.defaultFrames, title: title)
            contactSheet.scale = scale
            contactSheet.cancellation = cancellation
            try save(contactSheet.render(), to: sheet, flag: "--sheet", cancellation: cancellation)
            written.add(sheet)
        }
        if let timingChart {
            var chart = TimingChart(player: player, title: title)
            chart.scale = scale
            try save(chart.render(), to: timingChart, flag: "--timing-chart", cancellation: cancellation)
            written.add(timingChart)
        }
    }

    private func save(_ render: @autoclosure () throws -> Bitmap, to path: String, flag: String,
                      cancellation: RenderCancellation) throws {
        let bitmap: Bitmap
        do { bitmap = try render() } catch VideoError.cancelled { throw VideoError.cancelled } catch {
            throw CLIError(message: "\(flag): \(error)", code: ExitStatus.failure)
        }
        if cancellation.isCancelled { throw VideoError.cancelled }
        do { try bitmap.writePNG(to: path) } catch { throw CLIError(message: "\(flag): \(error)", code: ExitStatus.cannotCreate) }
    }
}
