// swift-tools-version:6.0
//
// Spruce for Linux: Spruce's choreography and Advance's spring physics as an offline frame renderer.
// Module graph (each arrow is "depends on"):
//   Geometry <- Advance <- Spruce <- SpruceRender <- SpruceFilm <- SpruceReview <- SpruceScene <- render-gif
//   SpruceFilm <- SpruceVideo (the encoders), SpruceLottie;  CCairo, CLibPNG, CPixelKernels, CCrashCleanup <- SpruceRender;  CPixelKernels, CCrashCleanup <- SpruceVideo
//   SpruceFilm, SpruceVideo <- SpruceSnapshotTesting, SprucePreview, render-gif;  SpruceScene <- SpruceBatch, SprucePreviewModel <- SprucePreview
//   SpruceRender <- SpruceSnapshotReview (failed film goldens listed and accepted) <- SpruceSnapshotTesting
//   SpruceScene, SpruceVideo, SpruceLottie <- SpruceJobs (one render as a value) <- SpruceBatch, render-gif
//   SpruceVideo, CCrashCleanup <- SpruceProcess (a command's signals, standard streams and exit) <- render-gif, spruce-bench
import PackageDescription

// The view tree is a UIKit-style graph of mutable reference types; Swift 5 mode keeps the UIKit spelling
// users know without Sendable annotations everywhere. Concurrency lives inside the frame pipeline only.
let swiftSettings: [SwiftSetting] = []

let package = Package(
    name: "Spruce",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Advance", targets: ["Advance"]),
        .library(name: "Spruce", targets: ["Spruce"]),
        .library(name: "SpruceRender", targets: ["SpruceRender"]),
        .library(name: "SpruceVideo", targets: ["SpruceVideo"]),
        .library(name: "SpruceFilm", targets: ["SpruceFilm"]),
        .library(name: "SpruceReview", targets: ["SpruceReview"]),
        .library(name: "SpruceScene", targets: ["SpruceScene"]),
        .library(name: "SpruceSnapshotTesting", targets: ["SpruceSnapshotTesting"]),
        .library(name: "SpruceSnapshotReview", targets: ["SpruceSnapshotReview"]),
        .library(name: "SpruceLottie", targets: ["SpruceLottie"]),
        .library(name: "SpruceJobs", targets: ["SpruceJobs"]),
        .library(name: "SpruceBatch", targets: ["SpruceBatch"]),
        .library(name: "SprucePreviewModel", targets: ["SprucePreviewModel"]),
        .library(name: "SprucePreview", targets: ["SprucePreview"]),
        .library(name: "SpruceProcess", targets: ["SpruceProcess"]),
        .library(name: "SpruceReviewServer", targets: ["SpruceReviewServer"]),
        .executable(name: "render-gif", targets: ["render-gif"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // IssueReporting: a strategy's failure reported under XCTest and Swift Testing alike.
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // `make docs`: the API reference (swift package generate-documentation); a command plugin, imported by no module.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // PNG files read with straight alpha (StraightPNG), where Cairo's reader premultiplies.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
        .target(name: "Geometry", swiftSettings: swiftSettings),
        .target(name: "Advance", dependencies: ["Geometry"], swiftSettings: swiftSettings),
        .target(name: "Spruce", dependencies: ["Geometry", "Advance"], swiftSettings: swiftSettings),
        .target(name: "SpruceRender", dependencies: ["CCairo", "CLibPNG", "CPixelKernels", "CCrashCleanup", "Geometry", "Spruce"], swiftSettings: swiftSettings),
        // Pixel loops in C: AVX2 chosen at run time (Swift cannot target one function at a CPU feature), and the
        // rounded-tile fill with Cairo's bytes (SpruceRender's TileFill).
        .target(name: "CPixelKernels"),
        // A crash's last act in C (system calls on fixed tables): the registered temporaries removed, the registered
        // children killed, one line, exit 70.
        .target(name: "CCrashCleanup"),
        // A choreography over time as one value, the frame sources it is drawn through, and the goldens that check it
        // (no XCTest here, no encoder).
        .target(name: "SpruceFilm", dependencies: ["Advance", "Spruce", "SpruceRender"], swiftSettings: swiftSettings),
        // The ffmpeg pipeline: frame sources (a film's among them) to GIF, MP4, WebM, APNG, WebP and frame folders.
        .target(name: "SpruceVideo", dependencies: ["Geometry", "SpruceFilm", "SpruceRender", "CPixelKernels", "CCrashCleanup"], swiftSettings: swiftSettings),
        // Pictures for design reviews of any film (contact sheets, timing charts, motion curves) and the A/B
        // comparison of two films (side by side, what changed); no scene format, no encoder.
        .target(name: "SpruceReview", dependencies: ["Geometry", "Advance", "Spruce", "SpruceRender", "SpruceFilm"], swiftSettings: swiftSettings),
        .target(
            name: "SpruceScene",
            dependencies: ["Geometry", "Advance", "Spruce", "SpruceRender", "SpruceFilm", "SpruceReview",
                           .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings,
            plugins: ["BuiltInScenesPlugin"]
        ),
        // The built-in scenes (fixtures/scenes) compiled into SpruceScene at build time: the plugin names the
        // scene and image files, the generator writes BuiltInScenes+Generated.swift from them.
        .plugin(name: "BuiltInScenesPlugin", capability: .buildTool(), dependencies: ["BuiltInScenesGenerator"]),
        .executableTarget(name: "BuiltInScenesGenerator"),
        // A film as a Lottie (Bodymovin JSON) file: layers, keyframes baked within a stated bound.
        .target(name: "SpruceLottie", dependencies: ["Advance", "Spruce", "SpruceFilm", "SpruceRender"], swiftSettings: swiftSettings),
        // The failed film goldens a test run leaves in its artifacts folder, listed and accepted into their snapshot
        // files; for a review page or tool, without XCTest.
        .target(name: "SpruceSnapshotReview", dependencies: ["SpruceRender"], swiftSettings: swiftSettings),
        .target(
            name: "SpruceSnapshotTesting",
            // SpruceVideo: the side-by-side animation of a failed filmstrip. IssueReportingTestSupport links what
            // IssueReporting reports through: without it an issue under Swift Testing is only printed, and the @Test passes.
            dependencies: ["Spruce", "SpruceRender", "SpruceFilm", "SpruceVideo", "SpruceSnapshotReview", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                           .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                           .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")],
            swiftSettings: swiftSettings
        ),
        // One render as a value: a recipe and the outputs asked of it, checked as a whole, then written (film, review
        // pictures, Lottie, timing last); what `render-gif render` and each batch item run.
        .target(name: "SpruceJobs", dependencies: ["Geometry", "Spruce", "SpruceRender", "SpruceFilm", "SpruceVideo", "SpruceReview", "SpruceScene", "SpruceLottie"],
                swiftSettings: swiftSettings),
        // `render-gif batch`: manifests, sharding, up-to-date stamps and reports.
        .target(name: "SpruceBatch", dependencies: ["SpruceScene", "SpruceRender", "SpruceFilm", "SpruceVideo", "SpruceJobs", "CLibCrypto"],
                swiftSettings: swiftSettings),
        // What a preview request carries, checked with no server: the form's settings, the paths it may read and
        // write, the export request and the refusals. The fuzzer reads requests through it without NIO or Hummingbird.
        .target(name: "SprucePreviewModel", dependencies: ["Spruce", "SpruceRender", "SpruceScene"], swiftSettings: swiftSettings),
        // What the loopback servers (preview, review) share: the Host/Origin and token guards, bounded bodies and
        // renders, the frame cache, the connections' timeouts.
        .target(name: "SpruceLocalServer", dependencies: [.product(name: "Hummingbird", package: "hummingbird"),
                                                          .product(name: "HummingbirdCore", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                                                          .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log")],
                swiftSettings: swiftSettings),
        // `render-gif preview`: the film in a browser on loopback, re-rendered when the scene file is saved.
        .target(
            name: "SprucePreview",
            // SpruceVideo: the export of the film as a video.
            dependencies: ["Spruce", "SpruceScene", "SpruceFilm", "SpruceReview", "SpruceRender", "SpruceVideo", "SprucePreviewModel", "SpruceLocalServer", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
                           .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        // A command line program's process: signals that cancel its work, standard streams that never trap, the
        // one final line and exit status, the phase log of the signal tests.
        .target(name: "SpruceProcess", dependencies: ["SpruceRender", "SpruceFilm", "SpruceVideo", "CCrashCleanup"], swiftSettings: swiftSettings),
        // `render-gif review`: scenes whose goldens differ, their expected and actual films in a browser on loopback,
        // accepted into the goldens or rejected.
        .target(
            name: "SpruceReviewServer",
            dependencies: ["Spruce", "SpruceRender", "SpruceFilm", "SpruceScene", "SpruceSnapshotReview", "SpruceLocalServer", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "render-gif",
            dependencies: ["Geometry", "Advance", "Spruce", "SpruceRender", "SpruceVideo", "SpruceFilm", "SpruceReview", "SpruceScene", "SprucePreview", "SpruceReviewServer", "SpruceBatch", "SpruceJobs",
                           "SpruceProcess",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        // `make bench`; not part of `swift test`.
        .executableTarget(name: "spruce-bench", dependencies: ["Geometry", "Advance", "Spruce", "SpruceRender", "SpruceScene", "SpruceFilm", "SpruceVideo", "SpruceProcess"], swiftSettings: swiftSettings),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "AdvanceTests", dependencies: ["Geometry", "Advance"]),
        .testTarget(name: "SpruceTests", dependencies: ["Advance", "Spruce"]),
        .testTarget(name: "SpruceRenderTests", dependencies: ["CCairo", "Advance", "Spruce", "SpruceRender", "SpruceSnapshotTesting",
                                                        .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        .testTarget(name: "SpruceFilmTests", dependencies: ["Advance", "Spruce", "SpruceRender", "SpruceFilm", "SpruceVideo", "SpruceScene", "SpruceSnapshotTesting",
                                                      "SpruceSnapshotReview", "MediaTestSupport", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                                                      .product(name: "IssueReporting", package: "xctest-dynamic-overlay")],
                    // The README's goldens, read by swift-snapshot-testing from beside the test file.
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SpruceSceneTests", dependencies: ["Advance", "Spruce", "SpruceRender", "SpruceFilm", "SpruceVideo", "SpruceReview", "SpruceScene", "SpruceSnapshotTesting",
                                                       "SpruceFuzzTargets", "MediaTestSupport", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // The fuzzer's targets (Fuzz/Targets, also built by the Fuzz package): the tests replay Fuzz/regressions.
        .target(name: "SpruceFuzzTargets", dependencies: ["SpruceScene", "SpruceBatch", "SprucePreviewModel", "SpruceVideo", "SpruceFilm", "SpruceRender"],
                path: "Fuzz/Targets"),
        // ffprobe/ffmpeg decoding, PSNR, GIF timing and scratch folders for the test targets that check media.
        .target(name: "MediaTestSupport", path: "Tests/MediaTestSupport"),
        .testTarget(name: "SpruceVideoTests", dependencies: ["SpruceRender", "SpruceFilm", "SpruceVideo", "MediaTestSupport"]),
        .testTarget(name: "RenderGifTests", dependencies: ["Spruce", "SpruceRender", "SpruceScene", "SpruceVideo", "MediaTestSupport", "render-gif"]),
        .testTarget(name: "SprucePreviewTests", dependencies: ["SpruceLocalServer", "SprucePreview", "SprucePreviewModel", "SpruceReviewServer", "SpruceSnapshotReview", "SpruceSnapshotTesting", "SpruceScene", "SpruceFilm",
                                                         "SpruceReview", "SpruceRender", "MediaTestSupport", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]),
        // A film made in Swift into review pictures and a comparison, with no scene format in the build.
        .testTarget(name: "SpruceReviewTests", dependencies: ["Spruce", "SpruceFilm", "SpruceReview", "SpruceRender"]),
        .testTarget(name: "SpruceLottieTests", dependencies: ["Advance", "Spruce", "SpruceRender", "SpruceFilm", "SpruceLottie", "SpruceScene", "MediaTestSupport"]),
        .testTarget(name: "SpruceJobsTests", dependencies: ["SpruceJobs", "SpruceScene", "SpruceVideo", "SpruceRender", "MediaTestSupport"]),
        .testTarget(name: "SpruceBatchTests", dependencies: ["SpruceBatch", "SpruceJobs", "SpruceScene"]),
        .testTarget(name: "SpruceBenchTests", dependencies: ["spruce-bench"]),
    ],
    swiftLanguageModes: [.v5]
)
