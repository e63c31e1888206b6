// swift-tools-version:6.0
// An app's own package testing a choreography with Spruce's film strategies. It depends on the library
// products by path: `scripts/example-package.sh` copies it outside the checkout and points `spruce` at it.
import PackageDescription

let package = Package(
    name: "FilmSnapshots",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../../spruce")],
    targets: [
        .target(name: "FilmSnapshots", dependencies: [.product(name: "SpruceFilm", package: "spruce")]),
        // Accepts the failed goldens of a run's artifacts folder (SpruceSnapshotReview: no XCTest).
        .executableTarget(name: "accept-goldens", dependencies: [.product(name: "SpruceSnapshotReview", package: "spruce")]),
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
