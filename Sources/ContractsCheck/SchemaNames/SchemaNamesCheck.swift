import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// The names the app's code uses of the database (tables, views, columns, embedded relationships, functions and
/// their arguments), in Swift (supabase-swift) and TypeScript (supabase-js), judged against the schema the
/// migrations leave. Reads two languages and the migrations, so it sits between them, as `RPCPayloadCheck` does;
/// the migrations are replayed only when some source names something.
public enum SchemaNamesCheck {
    /// Findings with the rules' default severities, sorted for reporting. `schema`: the replayed schema of the
    /// project (nil: not known, nothing is judged).
    ///
    /// Cached in three steps, so that an edit redoes only what it changes. Each file's uses are read once
    /// (`names:`), and the relations it names kept apart (`names-relations:`). Whether the migrations describe the app
    /// at all is decided on every file's relations (`names-gate`), and each file is judged on its own against the schema
    /// (`names-judged:`). A Swift edit then reads and judges the edited file alone, with the migrations' replay only
    /// when that file names something; a migration edit judges every file again from its stored uses.
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil,
                                schema: @escaping (CheckContext) throws -> ProjectSchema?) throws -> [Finding] {
        // `NAARS_BENCH_NO_SCHEMA_NAMES=1`: not run, so a bench can time what the name checks add to a cold `check`.
        guard Environment.value("NAARS_BENCH_NO_SCHEMA_NAMES") != "1" else { return [] }
        let cache = cache ?? NoCheckerCache(context.tree)
        let files = try context.swiftSources().map { (path: $0, typescript: false) }
            + context.typescriptSources().map { (path: $0, typescript: true) }
        let store = UsesStore(cache)
        // What each file names; a file whose uses still hold keeps them stored for the runs that judge it again.
        let named = try files.concurrentMap { file in
            Result { () -> NamedRelations in
                _ = cache.keep(UsesStore.unit(file), key: "")
                return try cache.run("names-relations:" + file.path, key: "") { tree in
                    _ = try tree.fingerprint(file.path)
                    return NamedRelations(try store.uses(file))
                }
            }
        }.map { try $0.get() }
        guard named.contains(where: \.uses) else { return [] }
        let relations = Set(named.flatMap(\.relations)).sorted()
        // The migrations and the schema they leave are asked of the checker's own tree, once: each unit that depends
        // on them has their key in its own.
        let migrations = try SQLRun.migrationsKey(context)
        let judgedSchema = Lazy { try appSchema(schema(context), context.registry) }
        let gate = try cache.run("names-gate", key: migrations + "\n" + relations.map { $0.schema + "." + $0.name }.joined(separator: "\n")) { _ in
            guard let schema = try judgedSchema.value(), describesTheApp(schema, relations) else { return Gate.off }
            let missing = relations.filter { name in
                if case .missing = SchemaNames.lookup(schema, name) { return true }
                return false
            }
            return missing.count <= UnknownTableRule.suggestionLimit ? Gate.suggesting : Gate.plain
        }
        guard gate != .off else { return [] }
        let encoded = try encodedTypes(Set(named.flatMap(\.typeNames)), paths: files.filter { !$0.typescript }.map(\.path), cache: cache)
        let judged = try zip(files, named).map { $0 }.concurrentMap { file, named in
            Result { () -> [Finding] in
                guard named.uses else { return [] }
                // The keys of the rows of other files' types it writes are part of what it is judged on.
                let joined = named.typeNames.map { encoded[$0] ?? [] }
                let key = gate.rawValue + " " + migrations + (joined.isEmpty ? "" : " " + ContentHash.hex(try sortedEncoder.encode(joined)))
                return try cache.run("names-judged:" + file.path, key: key) { tree in
                    _ = try tree.fingerprint(file.path)
                    guard let schema = try judgedSchema.value() else { return [] }
                    let uses = join(try store.uses(file), encoded)
                    return findings(SchemaNameFacts(uses: [uses], schema: schema, suggestingRelations: gate == .suggesting))
                }
            }
        }.map { try $0.get() }
        return judged.flatMap { $0 }.sortedForReport()
    }

    /// What each `Encodable` type in `wanted` encodes, by name, from every Swift file that may declare it (through
    /// `cache`, keyed by the names wanted, so an edit of the type's file alone is seen). A name the project declares
    /// more than once (two targets, a class and a struct), or whose keys an extension elsewhere may change, is not
    /// one entry of a known type.
    static func encodedTypes(_ wanted: Set<String>, paths: [String], cache: CheckerCache) throws -> [String: [SchemaUse.EncodedType?]] {
        guard !wanted.isEmpty else { return [:] }
        let needles = wanted.sorted().map { Array($0.utf8) }
        let declared = try paths.concurrentMap { path in
            Result { try cache.run("names-types:" + path, key: wanted.sorted().joined(separator: " ")) { tree in
                try tree.readText(path, ifHoldingAnyOf: needles).map { SchemaUseReader.encodedTypes(path: path, text: $0, names: wanted) } ?? [:]
            } }
        }.map { try $0.get() }
        return declared.reduce(into: [String: [SchemaUse.EncodedType?]]()) { all, file in all.merge(file) { $0 + $1 } }
    }

    /// An encoder whose text is a function of the value alone (a keyed container's order is otherwise the hash's).
    private static let sortedEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Every file's uses with the rows of other files' types joined (`encodedTypes`, `join`).
    static func joinEncodedTypes(_ uses: [SchemaUses], paths: [String], cache: CheckerCache) throws -> [SchemaUses] {
        let encoded = try encodedTypes(Set(uses.flatMap { $0.queries.compactMap(\.write?.typeName) }), paths: paths, cache: cache)
        return uses.map { join($0, encoded) }
    }

    /// The writes of `file` whose rows are an `Encodable` type another file declares, given that type's keys when
    /// it is declared once and its keys are known.
    static func join(_ file: SchemaUses, _ encoded: [String: [SchemaUse.EncodedType?]]) -> SchemaUses {
        var file = file
        for q in file.queries.indices {
            guard let write = file.queries[q].write, let name = write.typeName,
                  let found = encoded[name], found.count == 1, let type = found[0] else { continue }
            file.queries[q].columns += type.keys.map { SchemaUse.ColumnName(name: $0.key, role: .written, location: $0.location) }
            file.queries[q].write?.keys = type.complete ? type.keys.map(\.key) : nil
        }
        return file
    }

    /// The relations one file names, whether it names anything (a function called, too), and the types of other
    /// files whose rows it writes. Stored as one string (`JSONDecoder` of a list of names, once per file of the app,
    /// cost more than judging them).
    struct NamedRelations: Codable, Equatable {
        var relations: [ProjectSchema.Name]
        var uses: Bool
        var typeNames: [String]

        init(relations: [ProjectSchema.Name], uses: Bool, typeNames: [String]) {
            self.relations = relations
            self.uses = uses
            self.typeNames = typeNames
        }

        init(_ uses: SchemaUses) {
            self.init(relations: Set(uses.queries.map { ProjectSchema.Name(schema: $0.schema, $0.relation) }).sorted(),
                      uses: !uses.queries.isEmpty || !uses.rpcs.isEmpty,
                      typeNames: Set(uses.queries.compactMap(\.write?.typeName)).sorted())
        }

        /// `u` or `n` (names something or not), then each relation as `r`, its schema and its name, and each type as
        /// `t` and its name, every text prefixed by its UTF-8 length and `:`.
        var encoded: String {
            var out = uses ? "u" : "n"
            func text(_ s: String) { out += "\(s.utf8.count):" + s }
            for relation in relations {
                out += "r"
                text(relation.schema)
                text(relation.name)
            }
            for name in typeNames {
                out += "t"
                text(name)
            }
            return out
        }

        init?(encoded: String) {
            let bytes = Array(encoded.utf8)
            guard let first = bytes.first, first == UInt8(ascii: "u") || first == UInt8(ascii: "n") else { return nil }
            var i = 1
            func text() -> String? {
                var length = 0, digits = 0
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), digits < 9 {
                    length = length * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    i += 1
                    digits += 1
                }
                guard digits > 0, i < bytes.count, bytes[i] == UInt8(ascii: ":"), i + 1 + length <= bytes.count else { return nil }
                let start = i + 1
                i = start + length
                return String(validating: bytes[start ..< i], as: UTF8.self)
            }
            var relations: [ProjectSchema.Name] = [], typeNames: [String] = []
            while i < bytes.count {
                let tag = bytes[i]
                i += 1
                if tag == UInt8(ascii: "r"), let schema = text(), let name = text() {
                    relations.append(ProjectSchema.Name(schema: schema, name))
                } else if tag == UInt8(ascii: "t"), let name = text() {
                    typeNames.append(name)
                } else {
                    return nil
                }
            }
            self.init(relations: relations, uses: first == UInt8(ascii: "u"), typeNames: typeNames)
        }

        init(from decoder: Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let value = NamedRelations(encoded: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a file's named relations"))
            }
            self = value
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoded)
        }
    }

    /// A value made at most once, when first asked for (by any thread).
    private final class Lazy<Value>: @unchecked Sendable {
        private let make: () throws -> Value
        private let lock = NSLock()
        private var made: Result<Value, Error>?

        init(_ make: @escaping () throws -> Value) { self.make = make }

        func value() throws -> Value {
            try lock.withLock {
                if let made { return try made.get() }
                let result = Result { try make() }
                made = result
                return try result.get()
            }
        }
    }

    /// Whether the names are judged, and whether a relation that is no relation gets a "did you mean".
    private enum Gate: String, Codable {
        case off, plain, suggesting
    }

    /// Each file's uses, read (or decoded from the cache) at most once in the run, when some unit needs them.
    private final class UsesStore: @unchecked Sendable {
        let cache: CheckerCache
        private let lock = NSLock()
        private var read: [String: SchemaUses] = [:]

        init(_ cache: CheckerCache) { self.cache = cache }

        static func unit(_ file: (path: String, typescript: Bool)) -> String {
            (file.typescript ? "names-ts:" : "names:") + file.path
        }

        func uses(_ file: (path: String, typescript: Bool)) throws -> SchemaUses {
            if let known = lock.withLock({ read[file.path] }) { return known }
            let path = file.path
            let uses = try cache.run(Self.unit(file), key: "") { tree in
                file.typescript
                    ? try tree.readText(path, ifHoldingAnyOf: TSSchemaUseReader.needles).map { TSSchemaUseReader.uses(path: path, text: $0) } ?? SchemaUses()
                    : try tree.readText(path, ifHoldingAnyOf: SchemaUseReader.needles).map { SchemaUseReader.uses(path: path, text: $0) } ?? SchemaUses()
            }
            lock.withLock { read[path] = uses }
            return uses
        }
    }

    /// The schema the app's names are judged against, or nil when there is none to judge against: migrations that
    /// create no table of the app's (none yet, or a schema kept elsewhere) are no contract. A table the registry
    /// names (an enum's column is in it) exists, whatever the migrations say of it.
    static func appSchema(_ schema: ProjectSchema?, _ registry: Registry) -> ProjectSchema? {
        guard var schema, schema.relations.keys.contains(where: { !schema.isUnknownSchema($0.schema) }) else { return nil }
        for column in registry.allEnums.flatMap(\.sql.columns)
        where schema.relations[ProjectSchema.Name(schema: column.schema, column.table)] == nil {
            schema.unknownNames.insert(column.table)
        }
        return schema
    }

    /// Whether the migrations describe the schema the app queries: not when most of the tables and views it names
    /// (at least 3) are missing from them. Such a project made its tables before its migrations started (in the
    /// dashboard), or keeps them elsewhere; every query would be reported, none of them rightly.
    static func describesTheApp(_ schema: ProjectSchema, _ uses: [SchemaUses]) -> Bool {
        describesTheApp(schema, Set(uses.flatMap(\.queries).map { ProjectSchema.Name(schema: $0.schema, $0.relation) }).sorted())
    }

    static func describesTheApp(_ schema: ProjectSchema, _ named: [ProjectSchema.Name]) -> Bool {
        let missing = named.filter { name in
            if case .missing = SchemaNames.lookup(schema, name) { return true }
            return false
        }
        return missing.count < 3 || missing.count * 2 <= named.count
    }

    static func findings(_ facts: SchemaNameFacts) -> [Finding] {
        UnknownTableRule.findings(facts) + UnknownColumnRule.findings(facts) + UnknownRelationshipRule.findings(facts)
            + MissingRequiredColumnRule.findings(facts) + RPCArgumentRule.findings(facts) + SelectDecodeRule.findings(facts)
    }

    /// The schema the migrations leave, from the SQL side's replay.
    public static func replayedSchema(_ context: CheckContext) throws -> ProjectSchema? {
        try SQLAnalysis.load(context).schema
    }

    /// Its rule units, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] {
        [UnknownTableRule.self, UnknownColumnRule.self, UnknownRelationshipRule.self, MissingRequiredColumnRule.self,
         RPCArgumentRule.self, SelectDecodeRule.self]
    }
}
