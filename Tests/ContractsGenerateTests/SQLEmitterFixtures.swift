import ContractsCore
import ContractsGenerate
import Foundation

/// The two registries the SQL emitter is proven with: the repository's own and the driver app's (seed 001).
enum SQLEmitterFixtures {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func repoRegistry() throws -> Registry {
        try RegistryLoader.load(contentsOf: repoRoot.appendingPathComponent("registry.yaml"), file: "registry.yaml")
    }

    static func driverAppRegistry() throws -> Registry {
        try RegistryLoader.load(contentsOf: repoRoot.appendingPathComponent("Tests/Fixtures/driver-app/registry.yaml"),
                                file: "registry.yaml")
    }

    /// Checked-in expected output, relative to the repository.
    static func golden(_ name: String) -> URL {
        repoRoot.appendingPathComponent("Tests/Golden/SQLConstraintEmitter").appendingPathComponent(name)
    }

    /// The notification enum's constraint migration, as `generate` writes it for its one column: every server
    /// value, none kept, `removing` the values the constraint in force has and the registry no longer does.
    static func notificationMigration(_ registry: Registry, digest: String, removing removed: [String] = []) -> String {
        let types = registry.contractEnum!, target = types.sql!
        let column = EnumSQLEmitter.Column(target: target, values: types.serverRawValues, constraintName: target.constraintName,
                                           replacing: nil, removed: removed)
        return EnumSQLEmitter.constraintMigration(for: types.sharedEnum, notification: types.contract, columns: [column],
                                                  registryFile: registry.file, digest: digest)
    }

    /// The notification enum's ENUM-type migration, as `generate` writes it.
    static func notificationEnumMigration(_ registry: Registry, type: SQLTypeName, existing: [String], digest: String) -> String {
        let types = registry.contractEnum!
        return EnumSQLEmitter.enumTypeMigration(for: types.sharedEnum, notification: types.contract, type: type, existing: existing,
                                                registryFile: registry.file, digest: digest)
    }
}
