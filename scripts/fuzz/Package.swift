// swift-tools-version: 6.2
// libFuzzer targets for the core's parsers. Sources/BoomerangSerialization, Sources/BoomerangWire,
// Sources/BoomerangHTTP2Wire and Sources/CNghttp2 are symlinks to the package's targets, so the fuzzed code is the real one, compiled with the
// fuzzer's coverage counters.
// How to run: README.md beside this file.
import PackageDescription

let package = Package(
    name: "BoomerangFuzz",
    targets: [
        .target(
            name: "BoomerangSerialization",
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "BoomerangWire",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .systemLibrary(
            name: "CNghttp2",
            pkgConfig: "libnghttp2"
        ),
        .target(
            name: "BoomerangHTTP2Wire",
            dependencies: ["CNghttp2"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
        .executableTarget(
            name: "FuzzHTTP2",
            dependencies: ["BoomerangHTTP2Wire"]
        ),
        .executableTarget(
            name: "FuzzClientHello",
            dependencies: ["BoomerangSerialization", "BoomerangWire"]
        ),
        .executableTarget(
            name: "FuzzWebSocket",
            dependencies: ["BoomerangSerialization", "BoomerangWire"]
        ),
        .executableTarget(
            name: "FuzzHTTPHead",
            dependencies: ["BoomerangSerialization", "BoomerangWire"]
        ),
        .executableTarget(
            name: "FuzzChunked",
            dependencies: ["BoomerangSerialization", "BoomerangWire"]
        ),
        .executableTarget(
            name: "FuzzMultipart",
            dependencies: ["BoomerangSerialization"]
        ),
        .executableTarget(
            name: "FuzzQuery",
            dependencies: ["BoomerangSerialization"]
        ),
        .executableTarget(
            name: "FuzzPercent",
            dependencies: ["BoomerangSerialization"]
        ),
        .executableTarget(
            name: "FuzzParameters",
            dependencies: ["BoomerangSerialization"]
        ),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: ["BoomerangSerialization"]
        ),
        .executableTarget(
            name: "FuzzPropertyList",
            dependencies: ["BoomerangSerialization"]
        ),
    ]
)
