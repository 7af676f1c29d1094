import ContractsCore
import ContractsGenerate
import Foundation

/// Decides whether `generate` writes a new constraint migration: only when the effective CHECK constraint
/// (every migration replayed in order) differs from the registry. Existing migrations are never edited.
enum ConstraintMigrationPlan {
    static func migration(context: CheckContext, digest: String, now: Date) throws -> GeneratedFile? {
        nil
    }
}
