// swift-tools-version:6.0
//
// The coverage-guided fuzzer (libFuzzer) of every parser of outside bytes, kept out of the main package so that
// users see no extra product: only `make fuzz` builds it, with address sanitizer and libFuzzer coverage
// instrumentation, linked to libFuzzer's driver (see scripts/fuzz.sh). The targets themselves (Targets/) are
// also a target of the main package, where FuzzRegressionTests replays Fuzz/regressions through them.
import PackageDescription

let package = Package(
    name: "SpruceFuzz",
    dependencies: [.package(name: "Spruce", path: "..")],
    targets: [
        .target(
            name: "FuzzTargets",
            dependencies: [.product(name: "SpruceScene", package: "Spruce"), .product(name: "SpruceBatch", package: "Spruce"),
                           .product(name: "SprucePreviewModel", package: "Spruce"), .product(name: "SpruceVideo", package: "Spruce"),
                           .product(name: "SpruceFilm", package: "Spruce"), .product(name: "SpruceRender", package: "Spruce")],
            path: "Targets"
        ),
        .executableTarget(name: "spruce-fuzzer", dependencies: ["FuzzTargets"]),
    ],
    swiftLanguageModes: [.v5]
)
