import ContractsCore
import ContractsGenerate
import ContractsSQL
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

    /// Plans generation from the registry and the project's files; writes nothing. `sql` is the parsed
    /// migration history when the caller already has it.
    public static func make(context: CheckContext, sql: SQLAnalysis? = nil, now: Date = Date()) throws -> GenerationPlan {
        var plan = try sources(context: context)
        plan.migration = try ConstraintMigrationPlan.migration(
            context: context, sql: try sql ?? SQLAnalysis.load(context), digest: RegistryDigest.of(context.registry), now: now)
        return plan
    }

    /// The Swift and TypeScript part of the plan (no migration): what `generated-stale` compares against.
    public static func sources(context: CheckContext) throws -> GenerationPlan {
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
        return GenerationPlan(sourceFiles: sourceFiles, migration: nil, orphans: orphans.sorted())
    }
}
