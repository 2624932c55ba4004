// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Boomerang",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BoomerangSerialization", targets: ["BoomerangSerialization"])
    ],
    targets: [
        .target(
            name: "BoomerangSerialization",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BoomerangBenchmarks",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangSerializationTests",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
    ]
)
