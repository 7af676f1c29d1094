import ContractsCore
import ContractsGenerate
import ContractsSQL
import Foundation

/// Everything `generate` would write for a registry: the Swift and TypeScript files (always), and a new migration
/// for each enum whose value set in the database (CHECK constraints, ENUM type) differs from the registry.
public struct GenerationPlan: Sendable {
    /// Swift and TypeScript files, rewritten in place when their content changes.
    public var sourceFiles: [GeneratedFile]
    /// A new migration for each enum whose database surface differs from the registry, the notification enum's
    /// first: none when the database already enforces every enum's set.
    public var migrations: [GeneratedFile] = []
    /// Why no migration could be planned (`file:line:col: warning: ...` lines): the replayed set is unknown.
    public var migrationSkipped: [String] = []
    /// Files a previous `generate` wrote (its manifest lists them) that the registry no longer produces and
    /// that still start with the exact generated header: `generate` removes them.
    public var orphans: [String]
    /// The manifest as this run leaves it: the Swift and TypeScript files it generates.
    public var manifest: GeneratedFile {
        GeneratedFile(path: GeneratedManifest.fileName, contents: GeneratedManifest.text(paths: sourceFiles.map(\.path)))
    }

    /// Every file to write.
    public var files: [GeneratedFile] { sourceFiles + migrations }

    /// Plans generation from the registry and the project's files; writes nothing. `sql` is the parsed
    /// migration history when the caller already has it. Refuses (`GenerationRefused`) a plan whose Swift
    /// declares a type the app's own Swift declares too.
    public static func make(context: CheckContext, sql: SQLAnalysis? = nil, now: Date = Date()) throws -> GenerationPlan {
        var plan = try sources(context: context)
        let redeclarations = try SwiftRedeclaration.find(plan: plan, context: context)
        if !redeclarations.isEmpty { throw GenerationRefused(redeclarations: redeclarations) }
        let sql = try sql ?? SQLAnalysis.load(context)
        plan.migrationSkipped = EnumMigrationPlan.skipped(context: context, sql: sql)
        // Each migration carries the digest of its enum's files: the notification enum's (with the contract), or the
        // other enum's own.
        plan.migrations = try EnumMigrationPlan.migrations(context: context, sql: sql, now: now)
        return plan
    }

    /// The Swift and TypeScript part of the plan (no migration): what `generated-stale` compares against.
    public static func sources(context: CheckContext) throws -> GenerationPlan {
        let registry = context.registry
        let sourceFiles = StandardEmitters.all.flatMap { $0(registry) }
        let orphans = Self.orphans(registry: registry, tree: context.tree, planned: Set(sourceFiles.map(\.path)))
        return GenerationPlan(sourceFiles: sourceFiles, orphans: orphans)
    }

    /// The manifest's files that are no longer planned, never inside a migration folder, and still ours
    /// (exact header). Without a manifest nothing is an orphan: files are never judged by their text alone.
    /// "Inside a migration folder" is judged on resolved paths (`ProjectPath`): `./database/x.sql`,
    /// `dir: ./database` and a folder linked to a migration folder all count. A tree that is not the disk's
    /// (a cached or staged check, which removes nothing) compares normalised spellings.
    static func orphans(registry: Registry, tree: FileTree, planned: Set<String>) -> [String] {
        guard let text = try? tree.readText(GeneratedManifest.fileName) else { return [] }
        let root = (tree as? DiskTree)?.root
        let migrationDirs = registry.migrations.map(\.dir)
        return GeneratedManifest.paths(in: text).filter { path in
            guard !planned.contains(path), let normal = ProjectPath.normalized(path), !normal.isEmpty,
                  !migrationDirs.contains(where: { ProjectPath.isSameOrInside(path, $0, root: root) }),
                  let current = try? tree.readText(path) else { return false }
            return GeneratedHeader.isGenerated(current)
        }.sorted()
    }
}
