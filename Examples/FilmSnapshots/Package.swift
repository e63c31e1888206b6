// swift-tools-version:6.0
// An app's own package testing a choreography with Spruce's film strategies. It depends on Spruce for Linux by
// git URL and release, as any package does; put your copy's URL in `spruceURL`. SPRUCE_URL overrides it:
// `scripts/example-package.sh` sets it to a local clone of the checkout tagged with the checkout's version.
import PackageDescription

let spruceURL = Context.environment["SPRUCE_URL"] ?? "https://github.com/OWNER/spruce.git"

let package = Package(
    name: "FilmSnapshots",
    platforms: [.macOS(.v13)],
    dependencies: [.package(url: spruceURL, from: "0.1.0")],
    targets: [
        .target(name: "FilmSnapshots", dependencies: [.product(name: "SpruceFilm", package: "spruce")]),
        .testTarget(name: "FilmSnapshotsTests", dependencies: [
            "FilmSnapshots",
            .product(name: "SpruceSnapshotTesting", package: "spruce"),
            // A scene file played as `render-gif test` plays it, for the goldens both keep.
            .product(name: "SpruceScene", package: "spruce"),
            // `film.write(to:)` of a GIF.
            .product(name: "SpruceVideo", package: "spruce"),
        ]),
    ],
    swiftLanguageModes: [.v5]
)
