import ContractsCore

/// What the SQL readers need of the registry: the column, its constraint's name, the emitters and the RPCs.
/// Everything a migration's facts depend on besides its own text, so `key` is part of the memo key they are
/// remembered under.
struct FactsReader: Sendable {
    let target: TargetColumn
    let constraintName: String
    /// Emitter function name (lowercased, no schema) → 1-based argument carrying the type.
    let emitters: [String: Int]
    /// Schema-qualified, lowercased names of the registry's RPCs (`payloads[].rpc`): their returned objects are read.
    let rpcs: Set<String>
    /// Whether the registry declares `push_keys`: only then are the push payloads functions build judged (and read).
    let pushKeys: Bool
    /// The shared enums' columns, read in the same pass (empty when the registry has none with `sql` columns).
    let shared: [SharedTarget]
    /// The functions the migrations define that write a parameter to a column read here (`SQLSinks`): their
    /// literal arguments are read like a declared emitter's.
    let sinks: SQLSinks
    let key: String

    init(_ registry: Registry, sinks: SQLSinks = SQLSinks()) {
        // Without a column (a push type only the payload carries, or no notification enum) no statement meets one.
        let sql = registry.notificationTypes?.sql
        target = sql.map(TargetColumn.init) ?? .unheld
        constraintName = sql?.constraintName ?? ""
        var emitters: [String: Int] = [:]
        for emitter in registry.emitters.sql where registry.notificationTypes != nil {
            if let argument = emitter.argument {
                emitters[String(emitter.function.lowercased().split(separator: ".").last ?? "")] = argument
            }
        }
        self.emitters = emitters
        rpcs = Set(registry.payloads.compactMap(\.rpc).map(SQLFacts.qualifiedName))
        pushKeys = !registry.pushKeys.isEmpty
        shared = SharedTarget.all(registry)
        self.sinks = sinks
        var parts = [sinks.key, target.schema, target.table, target.column, constraintName,
                     emitters.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: "\u{1}"),
                     rpcs.sorted().joined(separator: "\u{1}"), pushKeys ? "push" : ""]
        if !shared.isEmpty {
            parts.append(shared.map { [$0.column.schema, $0.column.table, $0.column.column, $0.sql.constraintName]
                .joined(separator: "\u{1}") }.joined(separator: "\u{3}"))
        }
        key = parts.joined(separator: "\u{2}")
    }

    /// The literal reader for the shared enums' columns (every one in one walk); as a trigger function, `NEW.x`
    /// is each column `x` (the rules keep the columns whose table has a trigger executing it).
    func sharedLiteralReader(trigger function: String? = nil) -> TypeLiteralReader {
        var reader = TypeLiteralReader(targets: shared.map(\.column), emitters: [:], triggerFunctions: function.map { [$0] } ?? [],
                                       castTypes: shared.map(\.castType))
        reader.sinks = sinks.shared
        return reader
    }

    /// The literal reader for statements a migration runs, or (`trigger`) for the body of a function triggers on
    /// the table execute.
    func literalReader(trigger function: String? = nil) -> TypeLiteralReader {
        var reader = TypeLiteralReader(target: target, emitters: emitters, triggerFunctions: function.map { [$0] } ?? [])
        reader.sinks = sinks.notification
        return reader
    }
}

/// A migration's statement that changes which functions are defined, in order.
enum FunctionOperation: Sendable, Equatable {
    /// A top-level `CREATE [OR REPLACE] FUNCTION`: the migration's next function definition.
    case create
    /// `DROP FUNCTION` / `DROP PROCEDURE` of these (schema-qualified, lowercased).
    case drop([String])
    /// `CREATE TRIGGER` on the registry's table executing this function.
    case trigger(String)
}

/// A `jsonb_build_object(...)` / `json_build_object(...)` call in a function body, as `payload-shape-drift`'s push
/// check reads it: its location (nil when the parser gave none) and its constant-key pairs.
struct PushBuild: Sendable, Equatable {
    struct Pair: Sendable, Equatable {
        var key: String
        var location: SourceLocation
        /// The value when it is a string constant.
        var constant: String?
        /// The value when it is itself a build call (none or one).
        var nested: [PushBuild]
    }

    var offset: Int?
    var pairs: [Pair]

    static let builders: Set<String> = ["jsonb_build_object", "json_build_object"]

    /// Every build call of a statement, in the order of a pre-order walk of its tree (`PgNode.forEachTagged`'s).
    static func builds(in statement: SQLStatement, source: SQLSource) -> [PushBuild] {
        var out: [PushBuild] = []
        collect(statement.node, statement, source, &out)
        return out
    }

    /// Plain recursion, no closure and no list of ancestors: every function body of every migration is walked.
    private static func collect(_ node: PgNode, _ statement: SQLStatement, _ source: SQLSource, _ out: inout [PushBuild]) {
        switch node {
        case .object(let fields):
            if let (kind, body) = node.tagged {
                if kind == "FuncCall", let fn = SQLExpression.functionName(body), builders.contains(fn) {
                    out.append(build(body, statement, source))
                }
                collect(body, statement, source, &out)
            } else {
                for (_, value) in fields.entries { collect(value, statement, source, &out) }
            }
        case .array(let list):
            for item in list { collect(item, statement, source, &out) }
        default:
            break
        }
    }

    private static func build(_ call: PgNode, _ statement: SQLStatement, _ source: SQLSource) -> PushBuild {
        let args = call["args"]?.items ?? []
        let pairs = stride(from: 0, to: args.count - 1, by: 2).compactMap { i -> Pair? in
            guard let key = SQLExpression.stringConstant(args[i]) else { return nil }
            let value = args[i + 1]
            var nested: [PushBuild] = []
            if let inner = SQLExpression.uncast(value).node("FuncCall"), let fn = SQLExpression.functionName(inner),
               builders.contains(fn) {
                nested = [build(inner, statement, source)]
            }
            return Pair(key: key.value, location: source.location(key.offset, statement.map),
                        constant: SQLExpression.stringConstant(value)?.value, nested: nested)
        }
        return PushBuild(offset: call["location"]?.int, pairs: pairs)
    }
}

/// What the SQL rules read of one function definition.
struct FunctionFacts: Sendable, Equatable {
    var name: String
    var language: String
    var location: SourceLocation
    /// The type literals of its body, read as a function no trigger on the table runs.
    var literals: [TypeLiteral]
    /// The same read as a trigger function (`NEW.type`, `OLD.type` are the column); nil when they are `literals`.
    var triggerLiterals: [TypeLiteral]?
    /// The build calls of each statement of its body (none read when the registry declares no `push_keys`).
    var pushBuilds: [[PushBuild]]
    /// The objects it returns, for a registry RPC (nil for any other function).
    var returned: [BuiltObject]?
    /// The literals its body compares with or writes to the shared enums' columns (`TypeLiteral.target`), read as
    /// no trigger's, and read as a trigger's (nil when the same).
    var sharedLiterals: [TypeLiteral] = []
    var sharedTriggerLiterals: [TypeLiteral]?
    /// Its parameters that it writes to the notification types' column, or passes on to a function that does
    /// (`SinkArgument.target` 0).
    var sinks: [SinkArgument] = []
    /// Its parameters that reach a shared enum's column (`SinkArgument.target`: the column's index in `FactsReader.shared`).
    var sharedSinks: [SinkArgument] = []
    /// The objects it builds and hands to other functions, and the functions it calls: which keys its pushes send
    /// (`SQLAnalysis.pushSentKeys`).
    var pushSends = PushSends()
    /// A later definition replaces it, so its body was not read (`FunctionDefinition.bodySkipped`): everything above
    /// read from the body is empty. `MigrationHistory.load` parses the migration again if nothing replaces it.
    var bodySkipped = false

    func literals(asTrigger: Bool) -> [TypeLiteral] { asTrigger ? triggerLiterals ?? literals : literals }
}

/// A `CREATE TRIGGER` on a shared enum's table: the column's index in `FactsReader.shared`, and the function it
/// executes (schema-qualified, lowercased).
struct SharedTrigger: Sendable, Hashable {
    var target: Int
    var function: String
}

/// What a migration says about the shared enums' columns, read in the pass that reads the notification types'.
struct SharedMigrationFacts: Sendable, Equatable {
    /// Constraint events on the columns, in order (`ConstraintEvent.target`).
    var constraintEvents: [ConstraintEvent] = []
    /// Literals of the statements the migration runs (top level and DO blocks), in order (`TypeLiteral.target`).
    var literals: [TypeLiteral] = []
    var triggers: [SharedTrigger] = []

    var isEmpty: Bool { constraintEvents.isEmpty && literals.isEmpty && triggers.isEmpty }
}

/// Everything the SQL rules read of one parsed migration, read once: the same for every run whose registry gives
/// the same `FactsReader`, so a run remembers these (`ContentMemo`) instead of the statements' trees, and a run
/// after one migration changed reads only that migration again.
struct MigrationFacts: Sendable, Equatable {
    var path: String
    var folder: String
    var constraintEvents: [ConstraintEvent]
    var enumEvents: [EnumEvent]
    /// Type literals of the statements the migration runs (top level and DO blocks), in order.
    var literals: [TypeLiteral]
    var operations: [FunctionOperation]
    /// One per `ParsedMigration.functions`, in the same order.
    var functions: [FunctionFacts]
    var syntaxErrors: [SQLSyntaxError]
    var unparsed: [UnparsedStatement]
    var shared = SharedMigrationFacts()

    init(path: String, folder: String, constraintEvents: [ConstraintEvent], enumEvents: [EnumEvent], literals: [TypeLiteral],
         operations: [FunctionOperation], functions: [FunctionFacts], syntaxErrors: [SQLSyntaxError], unparsed: [UnparsedStatement]) {
        self.path = path
        self.folder = folder
        self.constraintEvents = constraintEvents
        self.enumEvents = enumEvents
        self.literals = literals
        self.operations = operations
        self.functions = functions
        self.syntaxErrors = syntaxErrors
        self.unparsed = unparsed
    }

    init(_ migration: ParsedMigration, _ reader: FactsReader) {
        let source = migration.source, folder = migration.folder
        path = source.path
        self.folder = folder
        constraintEvents = migration.constraintEvents(on: reader.target, constraintName: reader.constraintName)
        enumEvents = migration.enumEvents(on: reader.target)
        // A migration's own statements are top level or in DO blocks: no trigger runs them.
        let plain = reader.literalReader()
        literals = migration.statements.filter { $0.kind != "CreateFunctionStmt" }.flatMap { plain.literals(in: $0, source: source) }
        var operations: [FunctionOperation] = []
        for statement in migration.statements where statement.origin == .topLevel {
            switch statement.kind {
            case "CreateFunctionStmt":
                operations.append(.create)
            case "DropStmt" where ["OBJECT_FUNCTION", "OBJECT_PROCEDURE"].contains(statement.node["removeType"]?.string):
                operations.append(.drop((statement.node["objects"]?.items ?? []).compactMap {
                    SQLFacts.qualifiedName($0.node("ObjectWithArgs")?["objname"])
                }))
            case "CreateTrigStmt" where reader.target.matches(relation: statement.node["relation"]):
                if let name = SQLFacts.qualifiedName(statement.node["funcname"]) { operations.append(.trigger(name)) }
            default:
                break
            }
        }
        self.operations = operations
        let definitions = migration.statements.filter { $0.origin == .topLevel && $0.kind == "CreateFunctionStmt" }
        functions = migration.functions.enumerated().map { index, function in
            let parameters = index < definitions.count && SQLFacts.qualifiedName(definitions[index].node["funcname"]) == function.name
                ? SQLSinks.parameters(of: definitions[index].node) : []
            let read = function.body.map { plain.read($0, source: source) }
            let literals = read.flatMap(\.literals)
            let trigger = reader.literalReader(trigger: function.name)
            let triggerLiterals = function.body.flatMap { trigger.literals(in: $0, source: source) }
            var facts = FunctionFacts(
                name: function.name, language: function.language, location: function.location, literals: literals,
                triggerLiterals: triggerLiterals == literals ? nil : triggerLiterals,
                pushBuilds: reader.pushKeys ? function.body.map { PushBuild.builds(in: $0, source: source) } : [],
                returned: reader.rpcs.contains(function.name) ? ReturnedObjectReader.objects(in: function, source: source) : nil)
            facts.sinks = SQLSinks.arguments(read.flatMap(\.names), parameters)
            facts.pushSends = PushSends.read(function.body)
            facts.bodySkipped = function.bodySkipped
            if !reader.shared.isEmpty {
                let plain = reader.sharedLiteralReader(), trigger = reader.sharedLiteralReader(trigger: function.name)
                let read = function.body.map { plain.read($0, source: source) }
                facts.sharedLiterals = read.flatMap(\.literals)
                facts.sharedSinks = SQLSinks.arguments(read.flatMap(\.names), parameters)
                let asTrigger = function.body.flatMap { trigger.literals(in: $0, source: source) }
                facts.sharedTriggerLiterals = asTrigger == facts.sharedLiterals ? nil : asTrigger
            }
            return facts
        }
        syntaxErrors = migration.syntaxErrors
        unparsed = migration.unparsed
        if !reader.shared.isEmpty { shared = SharedMigrationFacts(migration, reader) }
    }
}

extension SharedMigrationFacts {
    /// Reads the shared enums' columns of one parsed migration: one walk over each statement for every column.
    init(_ migration: ParsedMigration, _ reader: FactsReader) {
        let source = migration.source
        for (i, target) in reader.shared.enumerated() {
            constraintEvents += migration.constraintEvents(on: target.column, constraintName: target.sql.constraintName)
                .map { var event = $0; event.target = i; return event }
        }
        // The order of the columns' events does not matter: each column is replayed from its own.
        let plain = reader.sharedLiteralReader()
        literals = migration.statements.filter { $0.kind != "CreateFunctionStmt" }.flatMap { plain.literals(in: $0, source: source) }
        for statement in migration.statements where statement.origin == .topLevel && statement.kind == "CreateTrigStmt" {
            guard let function = SQLFacts.qualifiedName(statement.node["funcname"]) else { continue }
            for (i, target) in reader.shared.enumerated() where target.column.matches(relation: statement.node["relation"]) {
                triggers.append(SharedTrigger(target: i, function: function))
            }
        }
    }
}
