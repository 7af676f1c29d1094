import ContractsCore
import ContractsMigrations

/// Every configured migration, parsed once, in replay order: what the replay and the rules read.
struct MigrationHistory: Sendable {
    var migrations: [ParsedMigration]

    /// Reads and parses the registry's migration folders (folders in registry order, files by number).
    /// Files are read in order and parsed on every core (libpg_query keeps its state per thread).
    /// Bodies that cannot matter to the registry's rules are only checked for syntax (`BodyRelevance`);
    /// tests pass `.all` to compare.
    static func load(_ context: CheckContext, relevance: BodyRelevance? = nil) throws -> MigrationHistory {
        let files = try MigrationCatalog.replayOrder(context.registry, tree: context.tree)
        let texts = try files.map { file in (file, try context.tree.readText(file.path)) }
        let relevance = relevance ?? BodyRelevance(context.registry)
        CheckProgress.shared.expect(texts.count)
        // A parse is remembered by everything it depends on; not while tests reshape libpg_query's trees.
        let memo = PgQuery.reshapeTree == nil ? context.memo : nil
        return MigrationHistory(migrations: texts.concurrentMap { file, text in
            defer { CheckProgress.shared.finish() }
            let key = memo.map { _ in
                ContentMemo.key(["sql", ParsedMigrationCodec.version, PgQuery.majorVersion, relevance.key, file.path, file.folder.dir, text])
            }
            if let memo, let key, let bytes = memo.value(for: key),
               let parsed = ParsedMigrationCodec.decode(bytes, source: SQLSource(path: file.path, text: text), folder: file.folder.dir) {
                return parsed
            }
            let parsed = MigrationParser.parse(text: text, path: file.path, folder: file.folder.dir, relevance: relevance)
            if let memo, let key { memo.store(ParsedMigrationCodec.encode(parsed), for: key) }
            return parsed
        })
    }

    /// Constraint events on the registry's column, in replay order.
    func constraintEvents(for target: SQLConstraintTarget) -> [ConstraintEvent] {
        let column = TargetColumn(target)
        return migrations.flatMap { migration in
            migration.statements.flatMap {
                ConstraintEventReader.events(in: $0, target: column, constraintName: target.constraintName,
                                             source: migration.source, folder: migration.folder)
            }
        }
    }

    /// ENUM-type events and the target column's type changes, in replay order.
    func enumEvents(for target: SQLConstraintTarget) -> [EnumEvent] {
        let column = TargetColumn(target)
        return migrations.flatMap { migration in
            migration.statements.flatMap {
                EnumEventReader.events(in: $0, target: column, source: migration.source, folder: migration.folder)
            }
        }
    }

    /// Every function definition, in replay order, with the migration that holds it.
    var functionDefinitions: [(definition: FunctionDefinition, migration: ParsedMigration)] {
        migrations.flatMap { migration in migration.functions.map { ($0, migration) } }
    }
}
