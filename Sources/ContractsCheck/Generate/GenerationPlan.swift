import ContractsCore
import ContractsGenerate
import Foundation

/// Everything `generate` would write for a registry: the Swift and TypeScript files (always), and a new
/// constraint migration when the CHECK constraint that replaying the migrations gives differs from the registry.
public struct GenerationPlan: Sendable {
    /// Swift and TypeScript files, rewritten in place when their content changes.
    public var sourceFiles: [GeneratedFile]
    /// A new migration file, or nil when the database already enforces the registry's set.
    public var migration: GeneratedFile?
    /// Generated files in the output folders that the registry no longer produces (they carry our header).
    public var orphans: [String]

    /// Every file to write.
    public var files: [GeneratedFile] { sourceFiles + (migration.map { [$0] } ?? []) }

    /// Plans generation from the registry and the project's files; writes nothing.
    public static func make(context: CheckContext, now: Date = Date()) throws -> GenerationPlan {
        let registry = context.registry
        let digest = RegistryDigest.of(registry)
        let sourceFiles = StandardEmitters.all.flatMap { $0(registry, digest) }
        let planned = Set(sourceFiles.map(\.path))
        var orphans: [String] = []
        for dir in Set([registry.outputs.swift, registry.outputs.typescript]) {
            for path in try context.tree.files(under: dir) where !planned.contains(path) {
                guard let text = try? context.tree.readText(path), GeneratedHeader.isGenerated(text) else { continue }
                orphans.append(path)
            }
        }
        return GenerationPlan(
            sourceFiles: sourceFiles,
            migration: try ConstraintMigrationPlan.migration(context: context, digest: digest, now: now),
            orphans: orphans.sorted())
    }
}
