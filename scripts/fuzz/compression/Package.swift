// swift-tools-version: 6.2
// libFuzzer target for BoomerangCompression's decompressors; built and run by run.sh.
import PackageDescription

let package = Package(
    name: "BoomerangCompressionFuzz",
    dependencies: [.package(name: "Boomerang", path: "../../..")],
    targets: [
        .executableTarget(
            name: "FuzzDecompressors",
            dependencies: [.product(name: "BoomerangCompression", package: "Boomerang")]
        )
    ]
)
