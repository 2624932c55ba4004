// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Boomerang",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BoomerangSerialization", targets: ["BoomerangSerialization"]),
        .library(name: "BoomerangXML", targets: ["BoomerangXML"]),
        .library(name: "BoomerangScenarios", targets: ["BoomerangScenarios"]),
        .library(name: "BoomerangCompression", targets: ["BoomerangCompression"]),
        .library(name: "BoomerangWire", targets: ["BoomerangWire"]),
        .library(name: "BoomerangExchange", targets: ["BoomerangExchange"]),
        .library(name: "BoomerangHTTP1", targets: ["BoomerangHTTP1"]),
        .library(name: "BoomerangLibevent", targets: ["BoomerangLibevent"]),
        .library(name: "BoomerangTLS", targets: ["BoomerangTLS"]),
        .library(name: "BoomerangServer", targets: ["BoomerangServer"]),
        .library(name: "BoomerangSettings", targets: ["BoomerangSettings"]),
        .library(name: "BoomerangConfiguration", targets: ["BoomerangConfiguration"]),
        .library(name: "BoomerangRuntime", targets: ["BoomerangRuntime"]),
        .library(name: "BoomerangClient", targets: ["BoomerangClient"]),
        .library(name: "BoomerangCertificates", targets: ["BoomerangCertificates"]),
        .executable(name: "boomerang", targets: ["boomerang"]),
        .executable(name: "boomerang-client", targets: ["boomerang-client"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibevent",
            path: "Sources/CLibevent",
            providers: [.apt(["libevent-dev"])]
        ),
        // OpenSSL's headers; its libraries are loaded at first use by CBoomerangOpenSSL, not linked.
        .systemLibrary(
            name: "COpenSSL",
            path: "Sources/COpenSSL",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CBoomerangTLS",
            path: "Sources/CBoomerangTLS",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(
            name: "CBoomerangOpenSSL",
            path: "Sources/CBoomerangOpenSSL"
        ),
        .systemLibrary(
            name: "CNghttp2",
            path: "Sources/CNghttp2",
            pkgConfig: "libnghttp2",
            providers: [.apt(["libnghttp2-dev"])]
        ),
        .systemLibrary(
            name: "CMalloc",
            path: "Sources/CMalloc"
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CBrotli",
            path: "Sources/CBrotli",
            pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            path: "Sources/CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .target(
            name: "CBoomerangSHA256",
            path: "Sources/CBoomerangSHA256"
        ),
        .target(
            name: "BoomerangDigest",
            dependencies: ["CBoomerangSHA256", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangCompression",
            dependencies: ["BoomerangSerialization", "CZlib", "CBrotli", "CZstd"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangSerialization",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangXML",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangScenarios",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangSettings",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangWire",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangExchange",
            dependencies: [
                "BoomerangCompression",
                "BoomerangSerialization",
                "BoomerangSettings",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangHTTP1",
            dependencies: ["BoomerangExchange", "BoomerangSerialization", "BoomerangSettings", "BoomerangWire", "BoomerangRuntime"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangHTTP2Wire",
            dependencies: ["CNghttp2"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangHTTP2",
            dependencies: ["BoomerangExchange", "BoomerangHTTP2Wire", "BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangTLS",
            dependencies: [
                "BoomerangExchange",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangWire",
                "CBoomerangOpenSSL",
                "CBoomerangTLS",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangTLSScenarios",
            dependencies: [
                "BoomerangCertificates",
                "BoomerangExchange",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangTLS",
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangLibevent",
            dependencies: [
                "BoomerangExchange",
                "BoomerangHTTP1",
                "BoomerangHTTP2",
                "BoomerangHTTP2Wire",
                "BoomerangRuntime",
                "BoomerangTLS",
                "CLibevent",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangEcho",
            dependencies: [
                "BoomerangCompression",
                "BoomerangDigest",
                "BoomerangExchange",
                "BoomerangRuntime",
                "BoomerangScenarios",
                "BoomerangSerialization",
                "BoomerangSettings",
                "BoomerangWire",
                "BoomerangXML",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangMocks",
            dependencies: [
                "BoomerangEcho",
                "BoomerangExchange",
                "BoomerangRuntime",
                "BoomerangScenarios",
                "BoomerangSerialization",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangHistory",
            dependencies: [
                "BoomerangEcho",
                "BoomerangExchange",
                "BoomerangMocks",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangSettings",
                "BoomerangWire",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangOperations",
            dependencies: [
                "BoomerangExchange",
                "BoomerangHistory",
                "BoomerangMocks",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangSettings",
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangServer",
            dependencies: [
                "BoomerangCertificates",
                "BoomerangTLSScenarios",
                "BoomerangEcho",
                "BoomerangExchange",
                "BoomerangHistory",
                "BoomerangHTTP1",
                "BoomerangHTTP2",
                "BoomerangHTTP2Wire",
                "BoomerangLibevent",
                "BoomerangMocks",
                "BoomerangOperations",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangSettings",
                "BoomerangTLS",
                "BoomerangWire",
                "CMalloc",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangSamples",
            dependencies: ["BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangTesting",
            dependencies: [
                "BoomerangExchange",
                "BoomerangHTTP1",
                "BoomerangMocks",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangServer",
                "BoomerangSettings",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangConfiguration",
            dependencies: [
                "BoomerangSettings",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangRuntime",
            dependencies: ["CMalloc"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangCertificates",
            dependencies: [
                "BoomerangRuntime",
                "BoomerangSerialization",
                "CBoomerangOpenSSL",
                "COpenSSL",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoomerangClient",
            dependencies: ["BoomerangSerialization", "BoomerangXML"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "boomerang",
            dependencies: [
                "BoomerangConfiguration",
                "BoomerangMocks",
                "BoomerangOperations",
                "BoomerangRuntime",
                "BoomerangScenarios",
                "BoomerangServer",
                "BoomerangSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "boomerang-client",
            dependencies: [
                "BoomerangCertificates",
                "BoomerangClient",
                "BoomerangConfiguration",
                "BoomerangRuntime",
                "BoomerangSerialization",
                "BoomerangXML",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "BoomerangBenchmarks",
            dependencies: ["BoomerangSerialization", "BoomerangClient", "BoomerangCompression", "BoomerangSamples"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangSerializationTests",
            dependencies: ["BoomerangRuntime", "BoomerangSamples", "BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangWireTests",
            dependencies: ["BoomerangRuntime", "BoomerangSamples", "BoomerangSerialization", "BoomerangWire"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangExchangeTests",
            dependencies: ["BoomerangExchange", "BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangHTTP1Tests",
            dependencies: [
                "BoomerangHTTP1", "BoomerangExchange", "BoomerangRuntime", "BoomerangSamples", "BoomerangSerialization",
                "BoomerangTesting", "BoomerangWire",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangLibeventTests",
            dependencies: [
                "BoomerangLibevent", "BoomerangExchange", "BoomerangHTTP1", "BoomerangRuntime", "BoomerangSerialization",
                "BoomerangTesting", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangHTTP2WireTests",
            dependencies: ["BoomerangHTTP2Wire", "BoomerangTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangTLSTests",
            dependencies: ["BoomerangTLS", "BoomerangWire"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangCompressionTests",
            dependencies: ["BoomerangCompression", "BoomerangSamples"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangXMLTests",
            dependencies: ["BoomerangXML", "BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangScenariosTests",
            dependencies: ["BoomerangScenarios", "BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangServerTests",
            dependencies: [
                "BoomerangServer", "BoomerangEcho", "BoomerangExchange", "BoomerangHistory", "BoomerangHTTP1", "BoomerangLibevent", "BoomerangMocks",
                "BoomerangOperations", "BoomerangScenarios", "BoomerangRuntime",
                "BoomerangSerialization", "BoomerangSettings", "BoomerangWire", "BoomerangXML", "BoomerangCompression", "BoomerangSamples",
                "BoomerangTesting",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: [
                "Live/Compatibility/httpbin_compat.py", "Live/Compatibility/h11_differential.py", "Live/Operations/operations_check.py",
                "Live/WebSocket/websocket_client.py", "Live/HTTPS/tls_client.py", "Live/HTTP2/h2_client.py", "Live/HTTP2/httpx_client.py", "Live/Java/JavaClient.java",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangEchoTests",
            dependencies: ["BoomerangEcho", "BoomerangExchange", "BoomerangSamples", "BoomerangSerialization", "BoomerangSettings", "BoomerangWire"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangMocksTests",
            dependencies: ["BoomerangMocks", "BoomerangExchange", "BoomerangSerialization"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangHistoryTests",
            dependencies: ["BoomerangHistory", "BoomerangExchange", "BoomerangRuntime", "BoomerangSerialization", "BoomerangSettings"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangOperationsTests",
            dependencies: [
                "BoomerangOperations", "BoomerangExchange", "BoomerangSerialization", "BoomerangSettings",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangDigestTests",
            dependencies: ["BoomerangDigest", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangRuntimeTests",
            dependencies: ["BoomerangRuntime"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangConfigurationTests",
            dependencies: ["BoomerangConfiguration", "BoomerangSettings"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "boomerangTests",
            dependencies: [
                "boomerang",
                "boomerang-client",
                "BoomerangConfiguration",
                "BoomerangRuntime",
                "BoomerangServer",
                "BoomerangSerialization",
                "BoomerangSamples",
                "BoomerangSettings",
                "BoomerangTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangCertificatesTests",
            dependencies: [
                "BoomerangCertificates",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoomerangClientTests",
            dependencies: [
                "BoomerangClient",
                "BoomerangRuntime",
                "BoomerangSamples",
                "BoomerangServer",
                "BoomerangSerialization",
                "BoomerangSettings",
                "BoomerangTesting",
                "BoomerangXML",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
