import ContractsCore
import ContractsGenerate
import Foundation
import XCTest

/// The two registries the TypeScript tests run on, where their generated files are checked in, and the
/// emitter's output for each.
struct TypeScriptGoldenFixture {
    /// `naarscars` or `driver-app`.
    let name: String
    /// The registry, relative to the repo root.
    let registryPath: String
    /// Maps an emitted path to where its golden copy is checked in, relative to the repo root.
    let goldenPath: (GeneratedFile) -> String
    /// The folder that holds only this fixture's golden files, when it is a golden-only folder.
    let goldenFolder: String?

    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let naarsCars = TypeScriptGoldenFixture(
        name: "naarscars", registryPath: "registry.yaml", goldenPath: { $0.path }, goldenFolder: nil)

    static let driverApp = TypeScriptGoldenFixture(
        name: "driver-app", registryPath: "Tests/Fixtures/driver-app/registry.yaml",
        goldenPath: { "Tests/Golden/driver-app/typescript/" + ($0.path as NSString).lastPathComponent },
        goldenFolder: "Tests/Golden/driver-app/typescript")

    /// Eight shared enums (`enums:`): a PostgreSQL ENUM type, three `status` columns, a nested Swift enum.
    static let splitwiseChatApp = TypeScriptGoldenFixture(
        name: "splitwise-chat-app", registryPath: "Tests/Fixtures/splitwise-chat-app/registry.yaml",
        goldenPath: { "Tests/Golden/splitwise-chat-app/typescript/" + ($0.path as NSString).lastPathComponent },
        goldenFolder: "Tests/Golden/splitwise-chat-app/typescript")

    static let all = [naarsCars, driverApp, splitwiseChatApp]

    func registry() throws -> Registry {
        let url = Self.repoRoot.appendingPathComponent(registryPath)
        return try RegistryLoader.load(text: String(contentsOf: url, encoding: .utf8), file: "registry.yaml")
    }

    func emit() throws -> [GeneratedFile] {
        let registry = try registry()
        return TypeScriptEmitter.emit(registry)
    }

    /// The checked-in golden files' absolute paths, keyed by emitted path.
    func goldenURLs() throws -> [(file: GeneratedFile, url: URL)] {
        try emit().map { ($0, Self.repoRoot.appendingPathComponent(goldenPath($0))) }
    }
}
