import ContractsCore
import ContractsGenerate
import ContractsSQL
import Foundation

/// Decides whether `generate` writes a new constraint migration: only when the effective CHECK constraint
/// (every migration replayed in order) differs from the registry. Existing migrations are never edited.
enum ConstraintMigrationPlan {
    /// The new migration, or nil when the database already enforces exactly the registry's set.
    /// Refuses (`GenerationRefused`) while a migration does not parse: the effective set is then unknown.
    static func migration(context: CheckContext, sql: SQLAnalysis, digest: String, now: Date) throws -> GeneratedFile? {
        let registry = context.registry
        guard let folder = registry.sqlOutputFolder, registry.notificationTypes.sql.constraint != nil else { return nil }
        let broken = sql.syntaxErrors
        if !broken.isEmpty {
            throw GenerationRefused(lines: broken.map {
                "\($0.location): error: \($0.message) (\($0.ruleID)); fix the migration before generating: "
                    + "the constraint it leaves is unknown"
            })
        }
        if let effective = sql.effectiveConstraint, Set(effective.values) == Set(registry.notificationTypes.rawValues),
           effective.name == registry.notificationTypes.sql.constraint, !effective.notValid {
            return nil
        }
        let existing = try MigrationCatalog.files(in: folder, tree: context.tree)
        let name = SQLConstraintEmitter.fileName(in: folder, existing: existing, now: now)
        return GeneratedFile(path: folder.dir + "/" + name, contents: SQLConstraintEmitter.migration(for: registry, digest: digest))
    }
}
