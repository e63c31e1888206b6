import Foundation

/// The package's built executables, as the tests run them.
public enum BuiltProducts {
    /// The build products folder the test bundle runs from (…/debug, or …/release for a release-mode run).
    public static let directory: URL = {
        let bundle = Bundle.main.bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent(),
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("render-gif").path) {
            return dir
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }()

    /// The checkout this file belongs to.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `render-gif` every command-line test runs: the program named by `SPRUCE_TEST_RENDER_GIF` when it is set
    /// (`make test` names the optimised build it installs, so the tests run the program users get), else the one
    /// built beside this test bundle. A variable naming no program is a failure of every test that runs it, never a
    /// silent fallback.
    public static let renderGif: URL = {
        if let path = ProcessInfo.processInfo.environment["SPRUCE_TEST_RENDER_GIF"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return directory.appendingPathComponent("render-gif")
    }()
}
