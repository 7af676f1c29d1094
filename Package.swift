// swift-tools-version:5.10
import PackageDescription

/// naars-contracts: one registry.yaml, generated Swift/SQL/TypeScript, and drift checks across all three.
///
/// The pipeline reads from the module names: ContractsCore (registry → validated model, findings),
/// ContractsMigrations (migration names, numbering, migrations.sum, creation, lint),
/// ContractsGenerate (model → Swift/TypeScript/SQL text → files), the three source readers
/// (ContractsSQL, ContractsSwiftSource, ContractsTypeScriptSource), ContractsGeneratePlan (what `generate`
/// writes, planned from the registry and the readers' facts), ContractsCache (the check cache),
/// ContractsBreaking (the breaking-change rules), ContractsCheck (the pipeline, the generated-file rules, the rule
/// catalog), ContractsReport (reporters), ContractsSuppress (severities, inline suppressions, the baseline),
/// ContractsGit (git trees, `check --staged`, the hook, the registry at a revision) and the thin CLI.
let package = Package(
    name: "naars-contracts",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "naars-contracts", targets: ["naars-contracts"]),
        .library(
            name: "ContractsCheck",
            targets: [
                "ContractsCheck", "ContractsCache", "ContractsBreaking", "ContractsReport", "ContractsSuppress",
                "ContractsGit",
            ]
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // libpg_query (PostgreSQL's parser): Debian's libpg-query-dev (PostgreSQL 15) or Homebrew's libpg_query
        // (PostgreSQL 17). Neither ships a pkg-config file, so there is no `pkgConfig:` name to give; on Apple
        // silicon Homebrew's prefix is passed to the build by hand (README, "macOS").
        .systemLibrary(
            name: "CPgQuery",
            pkgConfig: nil,
            providers: [.apt(["libpg-query-dev"]), .brew(["libpg_query"])]
        ),
        // libpq (PostgreSQL's own client library): only its few declarations, in the package itself. Nothing links
        // it; `check --database-url` loads it at run time (dlopen), so the binary runs where libpq is not installed.
        .systemLibrary(name: "CLibPQ"),
        // Every rule's id, severity and summary: depends on nothing, so what only names rules links no reader.
        .target(name: "ContractsRules"),
        .target(
            name: "ContractsCore",
            dependencies: ["ContractsRules", .product(name: "Yams", package: "Yams")]
        ),
        // Migration naming, numbering, migrations.sum, creation and lint: no SQL parser needed.
        .target(name: "ContractsMigrations", dependencies: ["ContractsCore"]),
        .target(name: "ContractsGenerate", dependencies: ["ContractsCore", "ContractsMigrations"]),
        .target(name: "ContractsSQL", dependencies: ["ContractsCore", "ContractsMigrations", "CPgQuery"]),
        .target(
            name: "ContractsSwiftSource",
            dependencies: [
                "ContractsCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "ContractsTypeScriptSource", dependencies: ["ContractsCore"]),
        // The live database, read-only (`check --database-url`): the one module that talks to PostgreSQL.
        .target(name: "ContractsLiveDatabase", dependencies: ["ContractsCore", "CLibPQ"]),
        // What `generate` writes: the emitters' files, orphans, and a value-set migration planned from the
        // replay and the readers' facts (never from a checker's findings).
        .target(
            name: "ContractsGeneratePlan",
            dependencies: [
                "ContractsCore", "ContractsMigrations", "ContractsGenerate", "ContractsSQL",
                "ContractsSwiftSource", "ContractsTypeScriptSource",
            ]
        ),
        // The check cache: what a check read and found, kept by the files' stamps and contents.
        .target(name: "ContractsCache", dependencies: ["ContractsCore"]),
        // `check --against REF`: the breaking-change rule units over the registry at REF and the working one.
        .target(name: "ContractsBreaking", dependencies: ["ContractsCore"]),
        // The pipeline (every checker, through the cache), the generated-file rules, and the catalog of every
        // checker's rules.
        .target(
            name: "ContractsCheck",
            dependencies: [
                "ContractsBreaking", "ContractsCache", "ContractsCore", "ContractsMigrations", "ContractsGenerate",
                "ContractsGeneratePlan", "ContractsSQL", "ContractsSwiftSource", "ContractsTypeScriptSource",
            ]
        ),
        // One reporter per format, the summary, report paths and tool failures (the SARIF driver lists the rules of
        // ContractsRules: no reader is linked).
        .target(name: "ContractsReport", dependencies: ["ContractsCore"]),
        // Between the checkers and the reporter: severities, inline suppressions, the baseline (a rule's ids from
        // ContractsRules).
        .target(name: "ContractsSuppress", dependencies: ["ContractsCore", "ContractsReport"]),
        // git: the index and a revision as file trees, `check --staged`, the pre-commit hook, the registry at a
        // revision (`check --against REF`).
        .target(name: "ContractsGit", dependencies: ["ContractsCore", "ContractsReport"]),
        .target(
            name: "ContractsInit",
            dependencies: [
                "ContractsCheck", "ContractsCore", "ContractsMigrations", "ContractsSQL", "ContractsSwiftSource",
                "ContractsTypeScriptSource", .product(name: "Yams", package: "Yams"),
            ],
            plugins: ["RegistrySchemaPlugin"]
        ),
        .executableTarget(
            name: "naars-contracts",
            dependencies: [
                "ContractsBreaking", "ContractsCache", "ContractsCheck", "ContractsGeneratePlan", "ContractsGit",
                "ContractsInit", "ContractsMigrations", "ContractsLiveDatabase", "ContractsReport", "ContractsSQL", "ContractsSuppress",
                "ContractsSwiftSource", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["SourceDigestPlugin"]
        ),
        // A digest of Sources/ compiled into the CLI at build time: the check cache's key (with the version),
        // so the cache survives rebuilds of the same source and no edit can leave it stale.
        .executableTarget(name: "SourceDigestTool", path: "Plugins/SourceDigestTool"),
        .plugin(name: "SourceDigestPlugin", capability: .buildTool(), dependencies: ["SourceDigestTool"]),
        // registry.schema.json compiled into ContractsInit at build time (`RegistrySchemaText`), the schema `init`
        // and `generate` write beside a registry: the repository's file is its one source, and the static binary
        // needs no resource bundle.
        .executableTarget(name: "EmbedTextTool", path: "Plugins/EmbedTextTool"),
        .plugin(name: "RegistrySchemaPlugin", capability: .buildTool(), dependencies: ["EmbedTextTool"]),

        // The repo's own generated Swift, compiled as it is checked in.
        .target(name: "GeneratedNaarsCars", path: "generated/Swift"),
        // The generated Swift of the second (driver app) registry, checked in as a golden file.
        .target(name: "GeneratedDriverApp", path: "Tests/Golden/driver-app/Swift"),
        // The generated Swift of the shared-enums fixture (eight enums, one nested in the app's `Expense`, which
        // `Host/` declares as the app does).
        .target(name: "GeneratedSplitwiseChatApp", path: "Tests/Golden/splitwise-chat-app", sources: ["Swift", "Host"]),

        // What the test targets share: one process runner, one golden-file assertion, the built CLI run in
        // temporary projects (`CLIHarness`), a scratch git repository.
        .target(name: "ContractsTestSupport", dependencies: ["ContractsCore"], path: "Tests/Support"),
        // The fixture apps (Tests/ContractsCheckTests/Fixtures) copied and run through the pipeline: the check
        // tests compare their reports, the init tests write their registries back.
        .target(name: "ContractsFixtureApps",
                dependencies: [
                    "ContractsCheck", "ContractsCore", "ContractsGeneratePlan", "ContractsReport", "ContractsSuppress",
                    .product(name: "Yams", package: "Yams"),
                ],
                path: "Tests/FixtureApps"),
        .testTarget(name: "ContractsTestSupportTests", dependencies: ["ContractsTestSupport"]),
        .testTarget(name: "ContractsCoreTests", dependencies: ["ContractsCore", "ContractsTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ContractsMigrationsTests", dependencies: ["ContractsMigrations", "ContractsTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ContractsGenerateTests", dependencies: ["ContractsGenerate", "ContractsTestSupport"]),
        .testTarget(name: "ContractsSQLTests", dependencies: ["ContractsSQL", "ContractsTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ContractsSwiftSourceTests", dependencies: ["ContractsSwiftSource", "ContractsTestSupport"]),
        .testTarget(name: "ContractsTypeScriptSourceTests", dependencies: ["ContractsTypeScriptSource", "ContractsTestSupport"]),
        .testTarget(name: "ContractsCheckTests",
                    dependencies: ["ContractsBreaking", "ContractsCache", "ContractsCheck", "ContractsGeneratePlan",
                                   "ContractsGit", "ContractsFixtureApps", "ContractsInit", "ContractsReport",
                                   "ContractsSuppress", "ContractsTestSupport"],
                    resources: [.copy("Fixtures")]),
        // `init` end to end, through the built binary (`CLIHarness`), on the fixture apps and small projects.
        .testTarget(name: "ContractsInitTests",
                    dependencies: ["ContractsInit", "ContractsCheck", "ContractsCore", "ContractsFixtureApps",
                                   "ContractsTestSupport"]),
        // The CLI's commands and options, run as the built `naars-contracts` binary (`CLIHarness`); SwiftPM
        // builds it before the tests as it builds every product of the package.
        .testTarget(name: "NaarsContractsCLITests",
                    dependencies: ["ContractsCheck", "ContractsCore", "ContractsFixtureApps", "ContractsTestSupport"]),
        .testTarget(name: "ContractsLiveDatabaseTests",
                    dependencies: ["ContractsLiveDatabase", "ContractsCheck", "ContractsTestSupport"]),
        .testTarget(name: "GeneratedSwiftTests",
                    dependencies: ["GeneratedNaarsCars", "GeneratedDriverApp", "GeneratedSplitwiseChatApp"]),
        // The plugins, the artifact bundle, the GitHub Action and the pre-commit manifest, as users install them.
        .testTarget(
            name: "DistributionTests",
            dependencies: ["ContractsCore", "ContractsTestSupport", .product(name: "Yams", package: "Yams")]
        ),
    ]
)

// The SwiftPM plugins: `swift package naars-contracts check|generate`, and the drift check as a build step (SwiftPM
// and Xcode). Left out when NAARS_CONTRACTS_NO_PLUGINS is set, as scripts/test and scripts/run set it: SwiftPM
// builds a plugin's tool a second time for the host (the `-tool` modules, swift-syntax included), which would
// double every build of this repository; a package that uses the plugins builds the tool once.
if Context.environment["NAARS_CONTRACTS_NO_PLUGINS"] == nil {
    package.products += [
        .plugin(name: "NaarsContractsCommandPlugin", targets: ["NaarsContractsCommandPlugin"]),
        .plugin(name: "NaarsContractsBuildToolPlugin", targets: ["NaarsContractsBuildToolPlugin"]),
    ]
    package.targets += [
        .plugin(
            name: "NaarsContractsCommandPlugin",
            capability: .command(
                intent: .custom(verb: "naars-contracts", description: "Run naars-contracts check, generate or migrations in this package."),
                permissions: [.writeToPackageDirectory(reason: "`generate` writes the generated Swift, SQL and TypeScript files and migrations.")]
            ),
            dependencies: ["naars-contracts"]
        ),
        .plugin(name: "NaarsContractsBuildToolPlugin", capability: .buildTool(), dependencies: ["naars-contracts"]),
    ]
}
