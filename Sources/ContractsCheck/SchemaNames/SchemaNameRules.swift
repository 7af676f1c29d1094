import ContractsSwiftSource
import ContractsCore

/// What the app names of the schema, file by file, and the schema the migrations leave.
struct SchemaNameFacts {
    let uses: [SchemaUses]
    let schema: ProjectSchema
    /// Whether a relation that is no relation gets a "did you mean", when decided over more files than `uses`
    /// (`SchemaNamesCheck` judges one file at a time); nil: decided on `uses`.
    var suggestingRelations: Bool? = nil
}

/// The judgments the name rules share: which relations, columns and functions exist, with "did you mean".
enum SchemaNames {
    /// The relation a query names, when the schema can say: nil for an unknown (a schema the replay cannot
    /// follow, a schema no migration creates anything in: it may be made outside the migrations).
    static func lookup(_ schema: ProjectSchema, _ name: ProjectSchema.Name) -> ProjectSchema.Lookup<ProjectSchema.Relation> {
        // A schema no migration creates may be made outside them (by the platform, by hand).
        guard schema.schemas.contains(name.schema) else { return .unknown }
        let found = schema.relation(name)
        // A sequence: PostgREST does not expose it (a 404), but that is no name drift of these rules.
        if case .found(let relation) = found, relation.kind == .sequence { return .unknown }
        return found
    }

    /// The column `column` of `relation`: found, missing (with where it was dropped), or unknown. A name that is a
    /// function of the relation's schema may be a computed column (`full_name(people)`): unknown.
    static func column(_ column: String, of relation: ProjectSchema.Relation, in schema: ProjectSchema) -> ProjectSchema.Lookup<ProjectSchema.Column> {
        if let found = relation.column(column) { return .found(found) }
        guard relation.columnsComplete else { return .unknown }
        if schema.mayBeComputedColumn(column, in: relation.name.schema) { return .unknown }
        return .missing(droppedAt: relation.droppedColumns[column])
    }

    /// The candidate nearest `word`: by spelling (a third of its length in edits), else the one that holds all of
    /// its words (`ratings` → `deal_ratings`, `eliminated_gameweek` → `eliminated_in_gameweek_id`), the shortest first.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        ProjectSchema.nearestName(to: word, among: candidates)
    }

    static func hint(_ suggestion: String?) -> String { ProjectSchema.hint(suggestion) }

    static func dropped(_ location: SourceLocation?, _ what: String) -> String { ProjectSchema.dropped(location, what) }
}

/// `unknown-table`: `.from("t")` names no table or view the migrations leave.
enum UnknownTableRule {
    /// Past this many names that are no relation, none gets a "did you mean": the migrations are then not the app's
    /// schema at all, and each suggestion weighs every relation.
    static let suggestionLimit = 200

    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        var candidates: [String: [String]] = [:]
        var suggestions: [ProjectSchema.Name: String?] = [:]
        let missing = facts.uses.flatMap(\.queries).compactMap { use -> (SchemaUse, ProjectSchema.Name, SourceLocation?)? in
            let name = ProjectSchema.Name(schema: use.schema, use.relation)
            guard case .missing(let droppedAt) = SchemaNames.lookup(facts.schema, name) else { return nil }
            return (use, name, droppedAt)
        }
        let suggesting = facts.suggestingRelations ?? (Set(missing.map(\.1)).count <= suggestionLimit)
        return missing.map { use, name, droppedAt in
            let near: String?
            if !suggesting {
                near = nil
            } else if let known = suggestions[name] {
                near = known
            } else {
                let among = candidates[use.schema] ?? facts.schema.relations.keys.filter { $0.schema == use.schema }.map(\.name).sorted()
                candidates[use.schema] = among
                near = SchemaNames.suggestion(for: use.relation, among: among)
                suggestions[name] = .some(near)
            }
            return Finding(
                .unknownTable,
                "\(name) is no table or view the migrations create\(SchemaNames.hint(near))\(SchemaNames.dropped(droppedAt, name.description)); "
                    + "PostgREST answers 404 (PGRST205) to every request",
                at: use.location,
                fix: near.map { "query \($0), or create \(name) in a migration" } ?? "create \(name) in a migration, or query the table that holds these rows",
                related: droppedAt.map { [$0] } ?? [],
                subject: .relation(name: name.description))
        }
    }
}

/// `unknown-column`: a column a query selects, filters, orders by, writes or names in `onConflict` is no column of
/// its relation (or of the related relation an embedded resource names).
enum UnknownColumnRule {
    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        facts.uses.flatMap(\.queries).flatMap { use -> [Finding] in
            guard case .found(let relation) = SchemaNames.lookup(facts.schema, ProjectSchema.Name(schema: use.schema, use.relation))
            else { return [] }
            var findings = judge(use.columns, of: relation, in: facts.schema, callSite: use.write?.location)
            for embed in use.embeds {
                findings += embedded(embed, from: relation, in: facts.schema)
            }
            return findings
        }
    }

    static func embedded(_ embed: SchemaUse.Embed, from parent: ProjectSchema.Relation, in schema: ProjectSchema) -> [Finding] {
        guard case .found(let target) = EmbedResolution.resolve(embed, from: parent, in: schema) else { return [] }
        return judge(embed.columns, of: target, in: schema) + embed.embeds.flatMap { embedded($0, from: target, in: schema) }
    }

    /// `callSite`: where the query writes its rows; a column written where another file declares it (the key of an
    /// `Encodable` type) names it among the related places.
    static func judge(_ columns: [SchemaUse.ColumnName], of relation: ProjectSchema.Relation, in schema: ProjectSchema,
                      callSite: SourceLocation? = nil) -> [Finding] {
        columns.compactMap { column in
            guard case .missing(let droppedAt) = SchemaNames.column(column.name, of: relation, in: schema) else { return nil }
            let near = SchemaNames.suggestion(for: column.name, among: relation.columns.map(\.name))
            let what: String
            switch column.role {
            case .selected: what = "selects"
            case .filtered: what = "filters on"
            case .ordered: what = "orders by"
            case .written: what = "writes"
            case .conflict: what = "names in onConflict"
            }
            let kind = relation.kind == .table ? "" : " (a \(relation.kind.rawValue))"
            return Finding(
                .unknownColumn,
                "the query \(what) \(column.name), but \(relation.name)\(kind) has no column \(column.name)\(SchemaNames.hint(near))"
                    + "\(SchemaNames.dropped(droppedAt, column.name)); PostgREST answers 400 (PGRST204/42703) to every request",
                at: column.location,
                fix: near.map { "use \($0), or add \(column.name) to \(relation.name) in a migration" }
                    ?? "use one of \(relation.name)'s columns, or add \(column.name) to it in a migration",
                related: [droppedAt, relation.location, callSite.flatMap { $0.file == column.location.file ? nil : $0 }].compactMap { $0 },
                subject: .relationColumn(relation: relation.name.description, column: column.name))
        }
    }
}

/// How an embedded resource (`rel!hint(…)`) reaches a relation from its parent, as PostgREST resolves it.
enum EmbedResolution {
    enum Outcome {
        case found(ProjectSchema.Relation)
        /// No relationship: why, and what the parent's foreign keys reach instead.
        case none(String)
        case unknown
    }

    static func resolve(_ embed: SchemaUse.Embed, from parent: ProjectSchema.Relation, in schema: ProjectSchema) -> Outcome {
        // Views and relations whose keys the replay cannot follow: PostgREST reads a view's keys from its tables.
        guard parent.kind == .table, !schema.isUnknownSchema(parent.name.schema) else { return .unknown }
        // A statement the replay cannot follow adds a foreign key only by naming the table it references: keys it
        // may have added matter only where it names the parent or the embedded relation.
        let named = ProjectSchema.Name(schema: parent.name.schema, embed.name)
        let mentioned = { (name: ProjectSchema.Name) in schema.unknownNames.contains(name.name) || schema.isUnknownSchema(name.schema) }
        let tables = schema.relations.values.filter { $0.name.schema == parent.name.schema }
        let someIncomplete = tables.contains { !$0.foreignKeysComplete }
        var target: ProjectSchema.Relation
        var links: [ProjectSchema.ForeignKey]
        switch SchemaNames.lookup(schema, named) {
        case .unknown: return .unknown
        case .found(let relation):
            guard relation.kind == .table else { return .unknown }
            if !parent.foreignKeysComplete && mentioned(relation.name) || !relation.foreignKeysComplete && mentioned(parent.name) {
                return .unknown
            }
            target = relation
            links = parent.foreignKeys.filter { $0.references == relation.name } + relation.foreignKeys.filter { $0.references == parent.name }
            if links.isEmpty {
                // Many-to-many through a join table whose keys reach both.
                guard !someIncomplete || !(mentioned(parent.name) && mentioned(relation.name)) else { return .unknown }
                let through = tables.filter { join in
                    join.foreignKeys.contains { $0.references == parent.name } && join.foreignKeys.contains { $0.references == relation.name }
                }
                if !through.isEmpty {
                    // A hint may name the join table.
                    if let hint = embed.hint, !through.contains(where: { $0.name.name == hint }),
                       !through.flatMap(\.foreignKeys).contains(where: { $0.name == hint || $0.columns == [hint] }) {
                        if through.flatMap(\.foreignKeys).contains(where: { $0.name == nil }) { return .unknown }
                        return .none("no join table or foreign key \(hint) links \(parent.name) and \(relation.name)")
                    }
                    return .found(relation)
                }
                let reach = parent.foreignKeys.map { "\($0.columns.joined(separator: ", ")) → \($0.references)" }
                return .none("no foreign key links \(parent.name) and \(relation.name) in either direction"
                             + (reach.isEmpty ? "" : " (\(parent.name)'s foreign keys: \(reach.joined(separator: "; ")))"))
            }
        case .missing:
            // `rel` may name a foreign key column or constraint of the parent (`owner:user_id(…)`, `fk_name(…)`),
            // or of a table that references the parent.
            let own = parent.foreignKeys.filter { $0.name == embed.name || $0.columns == [embed.name] }
            if let key = own.first, case .found(let relation) = SchemaNames.lookup(schema, key.references) {
                guard relation.kind == .table else { return .unknown }
                return .found(relation)
            }
            if !own.isEmpty { return .unknown }
            // An unknown statement may have made a key of this name, on the parent or on a table referencing it.
            guard !(someIncomplete && (mentioned(parent.name) || schema.unknownNames.contains(embed.name))) else { return .unknown }
            if let referencing = tables.first(where: { table in
                table.foreignKeys.contains { $0.references == parent.name && $0.name == embed.name }
            }) {
                return .found(referencing)
            }
            if parent.foreignKeys.contains(where: { $0.name == nil }) || tables.contains(where: { $0.foreignKeys.contains { $0.name == nil } }) {
                // A constraint whose name the replay cannot tell may be the one named.
                return .unknown
            }
            return .none("\(embed.name) is no table or view, and no foreign key column or constraint of \(parent.name)")
        }
        guard let hint = embed.hint else { return .found(target) }
        if links.contains(where: { $0.name == hint || $0.columns == [hint] || $0.referencedColumns == [hint] }) { return .found(target) }
        if links.contains(where: { $0.name == nil }) { return .unknown }
        let names = links.compactMap(\.name) + links.compactMap { $0.columns.count == 1 ? $0.columns[0] : nil }
        return .none("the hint !\(hint) names no foreign key between \(parent.name) and \(target.name) (they are linked by "
                     + names.joined(separator: ", ") + ")")
    }
}

/// `unknown-relationship`: an embedded resource names a relation no foreign key links to its parent, or a hint no
/// such key has.
enum UnknownRelationshipRule {
    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        facts.uses.flatMap(\.queries).flatMap { use -> [Finding] in
            guard case .found(let relation) = SchemaNames.lookup(facts.schema, ProjectSchema.Name(schema: use.schema, use.relation))
            else { return [] }
            return use.embeds.flatMap { judge($0, from: relation, in: facts.schema) }
        }
    }

    static func judge(_ embed: SchemaUse.Embed, from parent: ProjectSchema.Relation, in schema: ProjectSchema) -> [Finding] {
        switch EmbedResolution.resolve(embed, from: parent, in: schema) {
        case .unknown: return []
        case .found(let target): return embed.embeds.flatMap { judge($0, from: target, in: schema) }
        case .none(let why):
            let name = embed.hint.map { "\(embed.name)!\($0)" } ?? embed.name
            return [Finding(
                .unknownRelationship,
                "the select embeds \(name) in \(parent.name), but \(why); PostgREST answers 400 (PGRST200) to every request",
                at: embed.hint != nil && embed.hintLocation != nil && why.hasPrefix("the hint") ? embed.hintLocation! : embed.location,
                fix: "add a foreign key between \(parent.name) and \(embed.name) in a migration, or embed a table it references",
                related: [parent.location].compactMap { $0 },
                subject: .relation(name: ProjectSchema.Name(schema: parent.name.schema, embed.name).description))]
        }
    }
}

/// `missing-required-column`: an insert or upsert whose rows all leave out a `NOT NULL` column that has no default,
/// identity or generated value and that no `BEFORE INSERT` trigger assigns: PostgreSQL refuses every row.
enum MissingRequiredColumnRule {
    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        facts.uses.flatMap(\.queries).flatMap { use -> [Finding] in
            guard let write = use.write, write.kind != .update, let keys = write.keys.map(Set.init),
                  case .found(let relation) = SchemaNames.lookup(facts.schema, ProjectSchema.Name(schema: use.schema, use.relation)),
                  relation.kind == .table, relation.columnsComplete, let triggers = relation.assignedByTriggers else { return [] }
            return relation.columns.filter { $0.notNull && !$0.hasDefault && !keys.contains($0.name) && !triggers.contains($0.name) }.map { column in
                Finding(
                    .missingRequiredColumn,
                    "this \(write.kind.rawValue) into \(relation.name) leaves out \(column.name), which is NOT NULL with no default "
                        + "and no trigger that sets it; PostgreSQL refuses every row (23502)",
                    at: write.location,
                    fix: "send \(column.name) in every row, or give \(relation.name).\(column.name) a default in a migration",
                    related: [column.location].compactMap { $0 },
                    subject: .relationColumn(relation: relation.name.description, column: column.name))
            }
        }
    }
}

/// `rpc-argument-drift`: `.rpc("fn", params:)` names no function, sends a named argument it does not take, or
/// leaves out one it requires. Overloads: fine when any one accepts the arguments sent.
enum RPCArgumentRule {
    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        facts.uses.flatMap(\.rpcs).compactMap { rpc in
            let name = ProjectSchema.Name(schema: rpc.schema, rpc.name)
            switch facts.schema.functions(name) {
            case .unknown: return nil
            case .missing(let droppedAt):
                guard facts.schema.schemas.contains(rpc.schema) else { return nil }
                let near = SchemaNames.suggestion(for: rpc.name, among: facts.schema.functions.keys.filter { $0.schema == rpc.schema }.map(\.name).sorted())
                return Finding(
                    .rpcArgumentDrift,
                    "\(name) is no function the migrations create\(SchemaNames.hint(near))\(SchemaNames.dropped(droppedAt, name.description)); "
                        + "PostgREST answers 404 (PGRST202) to every call",
                    at: rpc.location,
                    fix: near.map { "call \($0), or create \(name) in a migration" } ?? "create \(name) in a migration, or call the function that does this",
                    related: droppedAt.map { [$0] } ?? [],
                    subject: .function(name: name.description))
            case .found(let overloads):
                guard let sent = rpc.arguments else { return nil }
                return judge(rpc, Set(sent.keys), sent, overloads, name)
            }
        }
    }

    /// Whether an overload takes `sent`: nil when it cannot say (an unnamed argument).
    static func accepts(_ function: ProjectSchema.Function, _ sent: Set<String>) -> Bool? {
        let inputs = function.arguments.filter { $0.mode != .out && $0.mode != .table }
        // One unnamed json, jsonb, text, xml or bytea argument takes the whole body.
        if inputs.count == 1, inputs[0].name == nil { return nil }
        guard inputs.allSatisfy({ $0.name != nil }) else { return nil }
        let names = Set(inputs.compactMap(\.name))
        let required = Set(inputs.filter { !$0.hasDefault && $0.mode != .variadic }.compactMap(\.name))
        return sent.isSubset(of: names) && required.isSubset(of: sent)
    }

    static func judge(_ rpc: RPCUse, _ sent: Set<String>, _ located: [String: SourceLocation], _ overloads: [ProjectSchema.Function],
                      _ name: ProjectSchema.Name) -> Finding? {
        let answers = overloads.map { accepts($0, sent) }
        guard !answers.contains(where: { $0 != false }) else { return nil }
        func signature(_ f: ProjectSchema.Function) -> String {
            "\(name)(" + f.arguments.filter { $0.mode != .out && $0.mode != .table }
                .map { ($0.name ?? "?") + ($0.hasDefault ? " = default" : "") }.joined(separator: ", ") + ")"
        }
        if overloads.count == 1, let only = overloads.first {
            let names = Set(only.arguments.filter { $0.mode != .out && $0.mode != .table }.compactMap(\.name))
            let required = Set(only.arguments.filter { $0.mode != .out && $0.mode != .table && !$0.hasDefault && $0.mode != .variadic }.compactMap(\.name))
            if let extra = sent.subtracting(names).sorted().first {
                let near = SchemaNames.suggestion(for: extra, among: names.sorted())
                return Finding(
                    .rpcArgumentDrift,
                    "\(name) takes no argument \(extra)\(SchemaNames.hint(near)) (it takes \(signature(only))); "
                        + "PostgREST finds no function to call and answers 404 (PGRST202)",
                    at: located[extra] ?? rpc.location,
                    fix: near.map { "send \($0) instead of \(extra)" } ?? "send only the arguments \(name) takes, or add \(extra) to it in a migration",
                    related: [only.location].compactMap { $0 },
                    subject: .function(name: name.description))
            }
            let missing = required.subtracting(sent).sorted()
            return Finding(
                .rpcArgumentDrift,
                "this call of \(name) leaves out \(missing.joined(separator: ", ")), which it requires (it takes \(signature(only))); "
                    + "PostgREST finds no function to call and answers 404 (PGRST202)",
                at: rpc.location,
                fix: "send \(missing.joined(separator: ", ")), or give \(missing.count == 1 ? "it" : "them") a default in a migration",
                related: [only.location].compactMap { $0 },
                subject: .function(name: name.description))
        }
        return Finding(
            .rpcArgumentDrift,
            "no overload of \(name) takes the arguments sent (\(sent.sorted().joined(separator: ", "))); it is defined as "
                + overloads.map(signature).joined(separator: " and ") + "; PostgREST answers 404 (PGRST202)",
            at: rpc.location,
            fix: "send the arguments of one of its overloads",
            related: overloads.compactMap(\.location),
            subject: .function(name: name.description))
    }
}

/// `payload-shape-drift` (rows of a query): a `Decodable` type the rows of `.from("t").select("…")` are decoded
/// into right where the query runs needs a key the select does not return. The decode throws on every call.
enum SelectDecodeRule {
    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        facts.uses.flatMap(\.queries).flatMap { use -> [Finding] in
            guard let decode = use.decode, var keys = use.selectedKeys.map(Set.init) else { return [] }
            let name = ProjectSchema.Name(schema: use.schema, use.relation)
            if use.selectsAll {
                guard case .found(let relation) = SchemaNames.lookup(facts.schema, name), relation.columnsComplete else { return [] }
                keys.formUnion(relation.columns.map(\.name))
            }
            let converted = decode.match == .exact ? [] : Set(keys.map(RPCDecode.convertFromSnakeCase))
            return decode.fields.filter { field in
                switch decode.match {
                case .exact: return !keys.contains(field.key)
                case .fromSnakeCase: return !converted.contains(field.key)
                case .either: return !keys.contains(field.key) && !converted.contains(field.key)
                }
            }.map { field in
                let returns = "(it returns \(keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
                // A TypeScript row type is not checked at run time: the rows just lack the key.
                let typescript = !use.location.file.hasSuffix(".swift")
                return Finding(
                    .payloadShapeDrift,
                    typescript
                        ? "\(decode.typeName) types rows of \(name) with \"\(field.key)\", but the select does not return it \(returns); "
                            + "every row lacks it, and the code that reads it gets undefined"
                        : "\(decode.typeName) decodes \"\(field.key)\" from rows of \(name), but the select does not return it "
                            + "\(returns); the decode throws on every call",
                    at: field.location,
                    fix: typescript ? "select \(field.key), or make `\(field.property)` optional (`\(field.property)?:`) in \(decode.typeName)"
                        : "select \(field.key), or make `\(field.property)` optional",
                    related: [use.location],
                    subject: .relationColumn(relation: name.description, column: field.key))
            }
        }
    }
}

extension ProjectSchema {
    func isUnknownSchema(_ schema: String) -> Bool {
        if case .unknown = relation(Name(schema: schema, "\u{0}")) { return true }
        return false
    }
}
