import ContractsCore
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
}
