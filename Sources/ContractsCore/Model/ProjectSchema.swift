/// The database schema the migrations leave, replayed statically with PostgreSQL's own parser (ContractsSQL builds
/// it; the Swift and TypeScript name checks judge the names an app uses against it).
///
/// Every answer is three-valued. A statement the replay cannot follow (an `EXECUTE` of a string, a DDL form it does
/// not read, a migration that does not parse) makes what it may touch *unknown*, and no finding rests on an unknown.
public struct ProjectSchema: Sendable, Equatable {
    /// A schema-qualified name, as PostgreSQL folds it: lowercased unless it was quoted.
    public struct Name: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
        public var schema: String
        public var name: String

        public init(schema: String = "public", _ name: String) {
            self.schema = schema
            self.name = name
        }

        /// `public.t` is printed `t`, as apps write it.
        public var description: String { schema == "public" ? name : "\(schema).\(name)" }

        public static func < (a: Name, b: Name) -> Bool { (a.schema, a.name) < (b.schema, b.name) }
    }

    public struct Column: Sendable, Equatable {
        public var name: String
        /// The type as `format_type` prints it (`text`, `integer`, `timestamp with time zone`, `public.kind`), or nil
        /// when the replay cannot say.
        public var type: String?
        public var notNull: Bool
        /// A default, an identity or a generated value: an insert may leave it out.
        public var hasDefault: Bool
        /// Where the column was created (or last renamed), when known.
        public var location: SourceLocation?

        public init(name: String, type: String?, notNull: Bool = false, hasDefault: Bool = false, location: SourceLocation? = nil) {
            self.name = name
            self.type = type
            self.notNull = notNull
            self.hasDefault = hasDefault
            self.location = location
        }
    }

    public struct ForeignKey: Sendable, Equatable {
        /// The constraint's name, when the migration or PostgreSQL's naming (`<table>_<column>_fkey`) gives one.
        public var name: String?
        public var columns: [String]
        public var references: Name
        public var referencedColumns: [String]

        public init(name: String?, columns: [String], references: Name, referencedColumns: [String]) {
            self.name = name
            self.columns = columns
            self.references = references
            self.referencedColumns = referencedColumns
        }
    }

    public enum RelationKind: String, Sendable, Equatable {
        case table, view, materializedView = "materialized view", foreignTable = "foreign table"
        /// `CREATE SEQUENCE`: SQL reads it as a relation (`SELECT last_value FROM s`); PostgREST does not expose it.
        case sequence
    }

    public struct Relation: Sendable, Equatable {
        public var name: Name
        public var kind: RelationKind
        /// In order, as `information_schema.columns.ordinal_position` lists them.
        public var columns: [Column]
        /// False when a statement the replay cannot follow may have added columns (or the relation is Supabase's own
        /// and only its well-known columns are listed): a name not in `columns` is then unknown, not missing.
        public var columnsComplete: Bool
        public var foreignKeys: [ForeignKey]
        /// False when a statement the replay cannot follow may have added foreign keys.
        public var foreignKeysComplete: Bool
        /// Columns a `BEFORE INSERT` trigger assigns; nil when a trigger on the table cannot be read (then every
        /// required column is unknown).
        public var assignedByTriggers: Set<String>?
        /// Columns dropped (or renamed away) and where, for "did you mean" messages.
        public var droppedColumns: [String: SourceLocation]
        /// Where the relation was created, when known.
        public var location: SourceLocation?
        /// The primary key's columns (empty when none or unknown): what a foreign key written without columns references.
        public var primaryKey: [String] = []

        public init(name: Name, kind: RelationKind, columns: [Column], columnsComplete: Bool = true,
                    foreignKeys: [ForeignKey] = [], foreignKeysComplete: Bool = true,
                    assignedByTriggers: Set<String>? = [], droppedColumns: [String: SourceLocation] = [:],
                    location: SourceLocation? = nil) {
            self.name = name
            self.kind = kind
            self.columns = columns
            self.columnsComplete = columnsComplete
            self.foreignKeys = foreignKeys
            self.foreignKeysComplete = foreignKeysComplete
            self.assignedByTriggers = assignedByTriggers
            self.droppedColumns = droppedColumns
            self.location = location
        }

        public func column(_ name: String) -> Column? { columns.first { $0.name == name } }
    }

    public struct Argument: Sendable, Equatable {
        public enum Mode: String, Sendable, Equatable { case `in`, out, `inout`, variadic, table }
        public var name: String?
        public var type: String?
        public var mode: Mode
        public var hasDefault: Bool

        public init(name: String?, type: String?, mode: Mode = .in, hasDefault: Bool = false) {
            self.name = name
            self.type = type
            self.mode = mode
            self.hasDefault = hasDefault
        }
    }

    public struct Function: Sendable, Equatable {
        public var name: Name
        public var arguments: [Argument]
        /// `RETURNS TABLE (…)` columns, or the columns of `RETURNS SETOF t` / `RETURNS t` for a known relation `t`;
        /// nil for a scalar, void or unknown return.
        public var returnedColumns: [Column]?
        /// The return type as written (`setof public.deals`, `jsonb`, `void`), when known.
        public var returnType: String?
        public var location: SourceLocation?

        public init(name: Name, arguments: [Argument], returnedColumns: [Column]? = nil, returnType: String? = nil,
                    location: SourceLocation? = nil) {
            self.name = name
            self.arguments = arguments
            self.returnedColumns = returnedColumns
            self.returnType = returnType
            self.location = location
        }
    }

    /// A lookup's answer: no finding rests on `.unknown`.
    public enum Lookup<Value: Sendable>: Sendable {
        case found(Value)
        /// Not there; `droppedAt` when a migration dropped (or renamed away) a thing of that name.
        case missing(droppedAt: SourceLocation?)
        case unknown
    }

    public var relations: [Name: Relation]
    /// Overloads of each function still defined at the end.
    public var functions: [Name: [Function]]
    /// Relations and functions dropped (or renamed away), and where.
    public var dropped: [Name: SourceLocation]
    /// Schemas where a statement the replay cannot follow may have created or changed relations or functions; `"*"`
    /// stands for every schema.
    public var unknownSchemas: Set<String>
    /// Names a statement the replay cannot follow mentions (the lowercased words of its text): a relation or function
    /// of such a name that is not found is unknown, not missing.
    public var unknownNames: Set<String> = []
    /// The schemas the migrations leave (`public` always).
    public var schemas: Set<String> = ["public"]
    /// Schemas an extension was created in (`CREATE EXTENSION … [WITH SCHEMA s]`): a function not found there is
    /// unknown (the extension's), not missing.
    public var extensionSchemas: Set<String> = []
    /// Schemas where an extension may have defined a function that takes a table's row, which PostgREST and SQL read
    /// as a computed column (`t.f` is `f(t)`): every extension's schema but those of extensions known to define none
    /// (`uuid-ossp`, `pgcrypto`, `pg_trgm`, …).
    public var rowFunctionSchemas: Set<String> = []
    /// Schemas where a statement may have created relations the replay cannot name (an extension it does not know,
    /// `IMPORT FOREIGN SCHEMA`): a relation not found there is unknown, not missing. The relations it knows there are
    /// judged as ever.
    public var unknownRelationSchemas: Set<String> = []

    public init(relations: [Name: Relation] = [:], functions: [Name: [Function]] = [:], dropped: [Name: SourceLocation] = [:],
                unknownSchemas: Set<String> = []) {
        self.relations = relations
        self.functions = functions
        self.dropped = dropped
        self.unknownSchemas = unknownSchemas
    }

    /// Whether relations and functions of `schema` may exist that the replay does not know.
    public func isUnknown(_ schema: String) -> Bool { unknownSchemas.contains("*") || unknownSchemas.contains(schema) }

    public func relation(_ name: Name) -> Lookup<Relation> {
        if let relation = relations[name] { return .found(relation) }
        if isUnknown(name.schema) || unknownNames.contains(name.name) || unknownRelationSchemas.contains(name.schema) { return .unknown }
        return .missing(droppedAt: dropped[name])
    }

    /// The overloads of a function (PostgREST picks one by the named arguments sent).
    public func functions(_ name: Name) -> Lookup<[Function]> {
        if let overloads = functions[name], !overloads.isEmpty { return .found(overloads) }
        if isUnknown(name.schema) || unknownNames.contains(name.name) || extensionSchemas.contains(name.schema) { return .unknown }
        return .missing(droppedAt: dropped[name])
    }

    /// Whether `column`, named as a column of a relation of `schema` that has no such column, may be a computed column
    /// (a function of that name taking the row): a function of that name, or one the replay cannot rule out.
    public func mayBeComputedColumn(_ column: String, in schema: String) -> Bool {
        if let overloads = functions[Name(schema: schema, column)], !overloads.isEmpty { return true }
        return isUnknown(schema) || unknownNames.contains(column) || rowFunctionSchemas.contains(schema)
    }

    /// A column of a relation: unknown when the relation or its column list is.
    public func column(_ column: String, of name: Name) -> Lookup<Column> {
        switch relation(name) {
        case .found(let relation):
            if let found = relation.column(column) { return .found(found) }
            return relation.columnsComplete ? .missing(droppedAt: relation.droppedColumns[column]) : .unknown
        case .missing, .unknown:
            return .unknown
        }
    }
}

extension ProjectSchema {
    /// "Did you mean", for a name no relation, column or function has: the candidate nearest `word` by spelling (a
    /// third of its length in edits), else the one that holds all of its words (`ratings` → `deal_ratings`,
    /// `eliminated_gameweek` → `eliminated_in_gameweek_id`), the shortest first. The Swift, TypeScript and SQL name
    /// rules all suggest with it.
    public static func nearestName(to word: String, among candidates: [String]) -> String? {
        let candidates = candidates.filter { $0 != word }
        if let near = Suggestion.closest(to: word, among: candidates, closeness: Suggestion.Closeness(minimumEdits: 1, maximumEdits: 4)) {
            return near
        }
        let words = Set(word.split(separator: "_").map { $0.lowercased() })
        guard !words.isEmpty else { return nil }
        return candidates.filter { candidate in
            let have = Set(candidate.split(separator: "_").map { $0.lowercased() })
            return words.isSubset(of: have)
        }.sorted { ($0.count, $0) < ($1.count, $1) }.first
    }

    /// `; did you mean x?`, or nothing.
    public static func hint(_ suggestion: String?) -> String { suggestion.map { "; did you mean \($0)?" } ?? "" }

    /// `; x was dropped or renamed in file:line`, or nothing.
    public static func dropped(_ location: SourceLocation?, _ what: String) -> String {
        location.map { "; \(what) was dropped or renamed in \($0.file):\($0.line)" } ?? ""
    }
}
