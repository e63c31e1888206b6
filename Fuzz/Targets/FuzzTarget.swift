import Foundation

/// The parsers of outside bytes that `make fuzz` fuzzes, one entry each; the fuzzer (`Fuzz/Sources/spruce-fuzzer`)
/// picks one by `FUZZ_TARGET`, and `FuzzRegressionTests` replays `Fuzz/regressions/NAME` through the same entry.
/// An entry returns normally for every input: a refusal in the parser's own words is a correct answer. A trap, a
/// sanitizer report, a leak, a hang or a broken invariant (`FuzzCheck.require`) is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Scene files, JSON and YAML (`SceneParser`), played when they parse.
    case scene
    /// Batch manifests (`BatchManifest`).
    case batch
    /// Timing and motion goldens as `render-gif test` reads them (`FilmComparison.compareText`).
    case golden
    /// PNG headers, and APNG, WebP, GIF and WebM as an output is read back (`PNGHeader`, `OutputCheck`, `GIFParts`).
    case images
    /// MP4 boxes (`MP4Summary`, `MP4Movie`).
    case mp4
    /// Join part labels (`PartLabel`) and the film order of a set of them.
    case partLabel = "part-label"
    /// The frames-folder manifest (`FramesManifest`).
    case framesManifest = "frames-manifest"
    /// The preview server's request parsing: file paths, the form's JSON and the export request's JSON.
    case preview

    public func run(_ data: Data) {
        switch self {
        case .scene: SceneFuzz.run(data)
        case .batch: BatchFuzz.run(data)
        case .golden: GoldenFuzz.run(data)
        case .images: ImageFuzz.run(data)
        case .mp4: MP4Fuzz.run(data)
        case .partLabel: PartLabelFuzz.run(data)
        case .framesManifest: FramesManifestFuzz.run(data)
        case .preview: PreviewFuzz.run(data)
        }
    }
}

enum FuzzCheck {
    /// A broken invariant: stops the process so that libFuzzer keeps the input (and the test suite fails).
    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("fuzz invariant: \(message())") }
    }
}
