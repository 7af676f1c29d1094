import ContractsCore

/// `db-schema-drift`: the live database's tables, views, columns and functions against the schema the migrations
/// leave (what `supabase db diff` would show, read-only): a relation or column the migrations make that the database
/// lacks (a migration never applied), one the database has that no migration makes (made in the dashboard), a column
/// whose type or nullability differs. Only in the schemas the migrations manage, and never on what the replay leaves
/// unknown. Functions: one the database has that no migration defines (a function the migrations define is
/// `db-function-drift`'s, which compares whole definitions).
enum DbSchemaDriftRule {
    /// The schemas to read: those where the migrations create a relation or a function, and `public`.
    static func schemasToRead(_ replayed: ProjectSchema) -> [String] {
        var schemas: Set<String> = ["public"]
        for relation in replayed.relations.values where relation.location != nil { schemas.insert(relation.name.schema) }
        for (name, overloads) in replayed.functions where overloads.contains(where: { $0.location != nil }) { schemas.insert(name.schema) }
        return schemas.sorted()
    }

    /// `place`: where a finding about something no migration makes points (the registry's `migrations:`).
    /// `judgedFunctions`: functions `db-function-drift` already reports on (schema-qualified, lowercased).
    /// `judgedTables`: tables whose absence `db-constraint-drift` already reports (an enum's column is in them).
    static func findings(replayed: ProjectSchema, live: ProjectSchema, place: SourceLocation,
                         judgedFunctions: Set<String> = [], judgedTables: Set<ProjectSchema.Name> = []) -> [Finding] {
        let schemas = Set(schemasToRead(replayed))
        var findings: [Finding] = []
        // Sequences are not read from the live database.
        for (name, relation) in replayed.relations.sorted(by: { $0.key < $1.key })
        where schemas.contains(name.schema) && relation.location != nil && relation.kind != .sequence {
            let at = relation.location ?? place
            guard let actual = live.relations[name] else {
                if judgedTables.contains(name) { continue }
                findings.append(Finding(
                    .dbSchemaDrift,
                    "The live database has no \(relation.kind.rawValue) \(name), which the migrations create",
                    at: at, fix: "apply the migration that creates \(name) (`supabase db push`), or drop \(name) in a new migration",
                    subject: .relation(name: name.description)))
                continue
            }
            if actual.kind != relation.kind {
                findings.append(Finding(
                    .dbSchemaDrift,
                    "\(name) is a \(actual.kind.rawValue) in the live database and a \(relation.kind.rawValue) after the migrations",
                    at: at, fix: "write the live change as a migration, or re-apply the migration that makes \(name)",
                    subject: .relation(name: name.description)))
                continue
            }
            guard relation.columnsComplete else { continue }
            for column in relation.columns {
                let columnAt = column.location ?? at
                guard let other = actual.column(column.name) else {
                    findings.append(Finding(
                        .dbSchemaDrift, "Live \(relation.kind.rawValue) \(name) has no column \(column.name), which the migrations add",
                        at: columnAt, fix: "apply the migration that adds \(name).\(column.name)",
                        subject: .relationColumn(relation: name.description, column: column.name)))
                    continue
                }
                if let written = column.type, let type = other.type, normalized(written) != normalized(type) {
                    findings.append(Finding(
                        .dbSchemaDrift, "Column \(name).\(column.name) is \(type) in the live database, \(written) after the migrations",
                        at: columnAt, fix: "write the live change as a migration (`ALTER TABLE … ALTER COLUMN … TYPE`), or re-apply it",
                        subject: .relationColumn(relation: name.description, column: column.name)))
                }
                if relation.kind == .table, column.notNull != other.notNull {
                    let (migrations, database) = column.notNull ? ("NOT NULL", "nullable") : ("nullable", "NOT NULL")
                    findings.append(Finding(
                        .dbSchemaDrift, "Column \(name).\(column.name) is \(database) in the live database, \(migrations) after the migrations",
                        at: columnAt, fix: "write the live change as a migration, or re-apply the migration that sets it",
                        subject: .relationColumn(relation: name.description, column: column.name)))
                }
            }
            for column in actual.columns where relation.column(column.name) == nil {
                findings.append(Finding(
                    .dbSchemaDrift,
                    "Live \(relation.kind.rawValue) \(name) has a column \(column.name)\(column.type.map { " (\($0))" } ?? "") that no migration adds",
                    at: at, fix: "write it as a migration (`supabase db diff`), or drop it from the database",
                    subject: .relationColumn(relation: name.description, column: column.name)))
            }
        }
        for (name, relation) in live.relations.sorted(by: { $0.key < $1.key })
        where schemas.contains(name.schema) && replayed.relations[name] == nil && !replayed.isUnknown(name.schema) {
            findings.append(Finding(
                .dbSchemaDrift, "Live \(relation.kind.rawValue) \(name) is created by no migration",
                at: place, fix: "write it as a migration (`supabase db diff -f \(name.name)`), or drop it from the database",
                subject: .relation(name: name.description)))
        }
        for (name, overloads) in live.functions.sorted(by: { $0.key < $1.key })
        where schemas.contains(name.schema) && replayed.functions[name] == nil && !replayed.isUnknown(name.schema)
            && !judgedFunctions.contains(name.schema.lowercased() + "." + name.name.lowercased()) {
            let signature = overloads[0].arguments.filter { $0.mode != .out && $0.mode != .table }
                .map { [$0.name, $0.type].compactMap { $0 }.joined(separator: " ") }.joined(separator: ", ")
            findings.append(Finding(
                .dbSchemaDrift, "Live function \(name)(\(signature)) is defined by no migration",
                at: place, fix: "write it as a migration (`supabase db diff -f \(name.name)`), or drop it from the database",
                subject: .function(name: name.schema.lowercased() + "." + name.name.lowercased())))
        }
        return findings
    }

    /// A type as both sides may print it: `public.kind` and `kind`, `character varying` and `varchar`.
    static func normalized(_ type: String) -> String {
        var text = type.lowercased()
        if text.hasPrefix("public.") { text.removeFirst("public.".count) }
        let synonyms = ["int4": "integer", "int": "integer", "int8": "bigint", "int2": "smallint", "varchar": "character varying",
                        "bool": "boolean", "float8": "double precision", "float4": "real", "timestamptz": "timestamp with time zone",
                        "timestamp": "timestamp without time zone", "time": "time without time zone",
                        "timetz": "time with time zone", "decimal": "numeric", "char": "character"]
        for (short, long) in synonyms {
            if text == short { return long }
            if text.hasPrefix(short + "("), let rest = text.split(separator: "(", maxSplits: 1).last { return long + "(" + rest }
            if text == short + "[]" { return long + "[]" }
        }
        return text
    }
}

extension DbSchemaDriftRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbSchemaDrift

    static func findings(_ facts: LiveFacts) -> [Finding] {
        guard let live = facts.snapshot.schema else { return [] }
        let place = facts.registry.migrations.first?.location ?? facts.registry.location
        // Functions `db-function-drift` reports on: those the migrations define, and those a trigger on the
        // notification table runs.
        let judged = Set(facts.facts.live.keys).union(facts.snapshot.functions.filter(\.runByTrigger).map(\.name))
        let tables = Set(facts.registry.allEnums.flatMap(\.sql.columns).map { ProjectSchema.Name(schema: $0.schema, $0.table) })
        return findings(replayed: facts.analysis.schema, live: live, place: place, judgedFunctions: judged, judgedTables: tables)
    }

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        CREATE TABLE public.profiles (id uuid PRIMARY KEY, ↓display_name text NOT NULL);

        """
    static let constraint = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
    static let notifications = ProjectSchema.Relation(
        name: .init("notifications"), kind: .table,
        columns: [.init(name: "id", type: "bigint"), .init(name: "type", type: "text", notNull: true)])
    static func live(_ profiles: [ProjectSchema.Column], extra: [ProjectSchema.Relation] = [],
                     functions: [ProjectSchema.Name: [ProjectSchema.Function]] = [:]) -> LiveSnapshot {
        var relations = [notifications.name: notifications,
                         ProjectSchema.Name("profiles"): .init(name: .init("profiles"), kind: .table, columns: profiles)]
        for relation in extra { relations[relation.name] = relation }
        return LiveSnapshot(constraints: [constraint], schema: ProjectSchema(relations: relations, functions: functions))
    }
    static let id = ProjectSchema.Column(name: "id", type: "uuid", notNull: true)
    static let triggeringExamples = [
        // A migration that never ran: the column is missing.
        RuleExample(["database/001_init.sql": migration], live: live([id])),
        // Changed in the dashboard: the column's type.
        RuleExample(["database/001_init.sql": migration], live: live([id, .init(name: "display_name", type: "character varying(40)", notNull: true)])),
        // Made in the dashboard: a table no migration creates.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")], registry: RuleExample.baseRegistry
            .replacingOccurrences(of: "  - { dir: database", with: "  - ↓{ dir: database"),
                    live: live([id, .init(name: "display_name", type: "text", notNull: true)],
                               extra: [.init(name: .init("audit_log"), kind: .table, columns: [.init(name: "id", type: "bigint")])])),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")],
                    live: live([id, .init(name: "display_name", type: "text", notNull: true)])),
        // Not read: no finding rests on a catalog the reader did not read.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")],
                    live: LiveSnapshot(constraints: [constraint])),
        // A table in a schema the migrations never touch (Supabase's own) is not theirs to judge.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")],
                    live: live([id, .init(name: "display_name", type: "text", notNull: true)],
                               extra: [.init(name: .init(schema: "auth", "sessions"), kind: .table, columns: [.init(name: "id", type: "uuid")])])),
    ]
}
