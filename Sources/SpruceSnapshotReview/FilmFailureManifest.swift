import Foundation

/// `manifest.json` of one failed film golden: what a review page needs to show the failure and to accept it. It
/// sits in the failure's own folder of the artifacts folder (`FilmFailures.folderName`), beside the files it names.
///
/// The manifest is written by the test run and read back as outside input: `FilmFailures` checks every field before
/// it is used, and `FilmFailures.accept` writes only into an existing `__Snapshots__` file of the golden's extension.
public struct FilmFailureManifest: Codable, Equatable, Sendable {
    /// The manifest's own file name, and the format this library writes and reads.
    public static let fileName = "manifest.json"
    public static let currentFormat = 1

    public var format: Int
    /// The golden's kind: `filmstrip`, `frame`, `timing` or `motion`, or `image` for a bitmap snapshot (`.image`).
    public var kind: String
    /// The test as the snapshot file's names give it, `TestFile/testName` (`OnboardingGoldens/onboarding`); nil until
    /// the snapshot file is known.
    public var test: String?
    /// The absolute path of the `__Snapshots__` file the actual was compared with; nil when the run did not say
    /// (a plain `assertSnapshot` outside `withSnapshotTesting(diffTool: .filmArtifacts)`): such a failure cannot be
    /// accepted.
    public var snapshot: String?
    /// The time, in seconds, of the first differing frame (filmstrip, frame) or line (motion); nil when the
    /// golden has no time there (a timing golden, a header line, strips of different sizes).
    public var firstDifference: Double?
    /// The failure as the test reported it.
    public var message: String
    /// The files in the failure's folder, by their names there.
    public var files: Files

    public struct Files: Codable, Equatable, Sendable {
        /// `expected.png` or `expected.txt`: the golden as it was.
        public var expected: String
        /// `actual.png` or `actual.txt`: the bytes the golden would hold; what accepting writes.
        public var actual: String
        /// `difference.png` (differing pixels in red over a faded expected) or `difference.txt` (the differing lines).
        public var difference: String?
        /// `side-by-side.apng` (a filmstrip's frames, expected | actual) or `side-by-side.png` (one frame).
        public var sideBySide: String?

        public init(expected: String, actual: String, difference: String? = nil, sideBySide: String? = nil) {
            (self.expected, self.actual, self.difference, self.sideBySide) = (expected, actual, difference, sideBySide)
        }

        /// Every name given: expected, actual, then difference and side-by-side when there.
        public var all: [String] { [expected, actual] + [difference, sideBySide].compactMap { $0 } }
    }

    public init(kind: String, test: String? = nil, snapshot: String? = nil, firstDifference: Double? = nil, message: String, files: Files) {
        format = Self.currentFormat
        (self.kind, self.test, self.snapshot, self.firstDifference, self.message, self.files) = (kind, test, snapshot, firstDifference, message, files)
    }

    /// The extension of the golden's file for each kind; the actual and the snapshot file must both have it.
    public static let pathExtensions: [String: String] = ["filmstrip": "png", "frame": "png", "timing": "txt", "motion": "txt", "image": "png"]

    /// The manifest's bytes: sorted keys, so the same failure gives the same file.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
