// swift-tools-version:6.0
//
// The scene parser's coverage-guided fuzzer (libFuzzer), kept out of the main package so that users
// see no extra product: only `make fuzz` builds it, with address sanitizer and libFuzzer coverage
// instrumentation, linked to libFuzzer's driver (see the Makefile).
import PackageDescription

let package = Package(
    name: "SpruceFuzz",
    dependencies: [.package(name: "Spruce", path: "..")],
    targets: [
        .executableTarget(
            name: "scene-fuzzer",
            dependencies: [.product(name: "SpruceScene", package: "Spruce")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
