// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Starscope",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "starscope", targets: ["starscope"]),
        .library(name: "StarscopeCore", targets: ["StarscopeCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.3.0"),
    ],
    targets: [
        .target(name: "StarscopeModels", dependencies: ["CMemmem"]),
        // The system's zlib, for gzip-compressed web answers.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The system's Brotli, for brotli-compressed web answers (smaller than gzip's).
        .systemLibrary(
            name: "CBrotli", path: "Sources/CBrotli", pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        // The C library's `memmem`, for finding markers in rendered pages.
        .systemLibrary(name: "CMemmem", path: "Sources/CMemmem"),
        .target(
            name: "GitHubAPI",
            dependencies: [
                "StarscopeModels",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // The store's interface: one protocol per concern, plain records, the audience rule and
        // the answer cache over it; no database library.
        .target(
            name: "StarscopeStore",
            dependencies: [
                "StarscopeModels",
                "GitHubAPI",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The embedded store (GRDB): the terminal's, and `serve`'s without `--database`.
        .target(
            name: "StarscopeSQLite",
            dependencies: [
                "StarscopeModels",
                "GitHubAPI",
                "StarscopeStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // A team's store (PostgresNIO), run as a ServiceLifecycle service.
        .target(
            name: "StarscopePostgres",
            dependencies: [
                "StarscopeModels",
                "StarscopeStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "StarscopeCore",
            dependencies: [
                "StarscopeModels", "GitHubAPI", "StarscopeStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "StarscopeWeb",
            dependencies: [
                "StarscopeCore",
                "StarscopeStore",
                "GitHubAPI",
                "StarscopeModels",
                "CZlib",
                "CBrotli",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // The CSS, JavaScript, service worker, manifest and icons: real files, embedded at build time.
            exclude: ["Public"],
            plugins: ["EmbedAssets"]
        ),
        .executableTarget(name: "embed-assets"),
        .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["embed-assets"]),
        .target(
            name: "StarscopeCLI",
            dependencies: [
                "StarscopeCore",
                "GitHubAPI",
                "StarscopeModels",
                "StarscopeStore",
                "StarscopeSQLite",
                "StarscopePostgres",
                "StarscopeWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .executableTarget(name: "starscope", dependencies: ["StarscopeCLI"]),
        .target(
            name: "FakeGitHub",
            dependencies: [
                "StarscopeModels",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // GitHub's GraphQL (star Lists), executed for real against a part of its schema.
                .product(name: "GraphQL", package: "GraphQL"),
            ]
        ),
        .executableTarget(
            name: "fake-github",
            dependencies: [
                "FakeGitHub",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),

        // Test support: helpers shared by the test targets; not a product.
        .target(
            name: "StarscopeTestSupport",
            dependencies: [
                "FakeGitHub",
                "GitHubAPI",
                "StarscopeStore",
                "StarscopeSQLite",
                "StarscopePostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/StarscopeTestSupport"
        ),
        .testTarget(
            name: "GitHubAPITests",
            dependencies: ["GitHubAPI", "StarscopeModels", "StarscopeTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "FakeGitHubTests", dependencies: ["FakeGitHub"]),
        .testTarget(
            name: "StarscopeStoreTests",
            dependencies: [
                "StarscopeStore", "StarscopeSQLite", "StarscopePostgres", "StarscopeTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .testTarget(name: "StarscopeCoreTests", dependencies: ["StarscopeCore", "StarscopeTestSupport", "FakeGitHub"]),
        .testTarget(
            name: "StarscopeWebTests",
            dependencies: [
                "StarscopeWeb",
                // The app as `serve` puts it together (`ServeAssembly`), over either store.
                "StarscopeCLI",
                "StarscopeSQLite",
                "CBrotli",
                "StarscopeTestSupport",
                "FakeGitHub",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "StarscopeCLITests",
            dependencies: [
                "FakeGitHub", "StarscopeCLI", "StarscopeCore", "StarscopeModels", "StarscopeStore", "StarscopeTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
    ]
)
