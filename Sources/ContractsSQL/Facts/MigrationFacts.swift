import ContractsCore

/// What the SQL readers need of the registry: every enum's columns and ENUM types, the emitters and the RPCs.
/// Everything a migration's facts depend on besides its own text, so `key` is part of the memo key they are
/// remembered under: one key, whatever the number of enums, the same for every registry whose readers are the same.
struct FactsReader: Sendable {
    /// Every enum's columns and ENUM types (`SQLTarget.all`), read in one pass over each migration.
    let targets: [SQLTarget]
    /// Emitter function name (lowercased, no schema) → the argument carrying a value and the target it meets.
    let emitters: [String: EmitterArgument]
    /// Schema-qualified, lowercased names of the registry's RPCs (`payloads[].rpc`): their returned objects are read.
    let rpcs: Set<String>
    /// Whether the registry declares `push_keys`: only then are the push payloads functions build judged (and read).
    let pushKeys: Bool
    /// The functions the migrations define that write a parameter to a column read here (`SQLSinks`): their
    /// literal arguments are read like a declared emitter's.
    let sinks: SQLSinks
    let key: String

    init(_ registry: Registry, sinks: SQLSinks = SQLSinks()) {
        targets = SQLTarget.all(registry)
        var emitters: [String: EmitterArgument] = [:]
        for emitter in registry.emitters.sql {
            // An emitter's values meet its enum's first target (the one its literals are judged with).
            guard let argument = emitter.argument, let index = SQLTarget.enumIndex(of: emitter, registry),
                  let target = targets.firstIndex(where: { $0.enumIndex == index }) else { continue }
            emitters[String(emitter.function.lowercased().split(separator: ".").last ?? "")] = EmitterArgument(position: argument, target: target)
        }
        self.emitters = emitters
        rpcs = Set(registry.payloads.compactMap(\.rpc).map(SQLFacts.qualifiedName))
        pushKeys = !registry.pushKeys.isEmpty
        self.sinks = sinks
        key = [sinks.key, targets.map(\.key).joined(separator: "\u{3}"),
               emitters.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.position):\($0.value.target)" }.joined(separator: "\u{1}"),
               rpcs.sorted().joined(separator: "\u{1}"), pushKeys ? "push" : ""].joined(separator: "\u{2}")
    }

    /// The column targets, with their indices (`ConstraintEvent.target`, `EnumEvent.target`).
    var columns: [(index: Int, column: TargetColumn)] {
        targets.indices.compactMap { i in targets[i].column.map { (i, $0) } }
    }

    /// The literal reader for statements a migration runs, or (`trigger`) for the body of a function read as one a
    /// trigger executes: `NEW.x` is each column `x` (the rules keep the columns whose table has a trigger executing it).
    func literalReader(trigger function: String? = nil) -> TypeLiteralReader {
        var reader = TypeLiteralReader(targets: targets, emitters: emitters, triggerFunctions: function.map { [$0] } ?? [])
        reader.sinks = sinks.arguments
        return reader
    }
}

/// A migration's statement that changes which functions are defined, in order.
enum FunctionOperation: Sendable, Equatable {
    /// A top-level `CREATE [OR REPLACE] FUNCTION`: the migration's next function definition.
    case create
    /// `DROP FUNCTION` / `DROP PROCEDURE` of these (schema-qualified, lowercased).
    case drop([String])
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
    /// The literals of its body that meet a target (`TypeLiteral.target`), read as a function no trigger runs.
    var literals: [TypeLiteral]
    /// The same read as a trigger function (`NEW.x`, `OLD.x` are every target's column `x`); nil when they are
    /// `literals`. A target's literals are these when a trigger on its table executes the function (`triggers`).
    var triggerLiterals: [TypeLiteral]?
    /// The build calls of each statement of its body (none read when the registry declares no `push_keys`).
    var pushBuilds: [[PushBuild]]
    /// The objects it returns, for a registry RPC (nil for any other function).
    var returned: [BuiltObject]?
    /// Its parameters that it writes to a target's column, or passes on to a function that does (`SinkArgument.target`).
    var sinks: [SinkArgument] = []
    /// The objects it builds and hands to other functions, and the functions it calls: which keys its pushes send
    /// (`SQLAnalysis.pushSentKeys`).
    var pushSends = PushSends()
    /// A later definition replaces it, so its body was not read (`FunctionDefinition.bodySkipped`): everything above
    /// read from the body is empty. `MigrationHistory.load` parses the migration again if nothing replaces it.
    var bodySkipped = false
    /// The names of the schema its body uses (`FunctionDefinition.names`).
    var names: [BodyName] = []

    func literals(asTrigger: Bool) -> [TypeLiteral] { asTrigger ? triggerLiterals ?? literals : literals }

    /// Target `target`'s literals, read as a trigger's when a trigger on its table executes it.
    func literals(of target: Int, asTrigger: Bool) -> [TypeLiteral] { literals(asTrigger: asTrigger).filter { $0.target == target } }
}

/// A `CREATE TRIGGER` on a target column's table: the target's index in `FactsReader.targets`, and the function it
/// executes (schema-qualified, lowercased).
struct TargetTrigger: Sendable, Hashable {
    var target: Int
    var function: String
}

/// Everything the SQL rules read of one parsed migration, read once: the same for every run whose registry gives
/// the same `FactsReader`, so a run remembers these (`ContentMemo`) instead of the statements' trees, and a run
/// after one migration changed reads only that migration again.
struct MigrationFacts: Sendable, Equatable {
    var path: String
    var folder: String
    /// Constraint events on every target column, in statement order (`ConstraintEvent.target`).
    var constraintEvents: [ConstraintEvent]
    /// ENUM-type events, and every target column's type changes (`EnumEvent.target`), in statement order.
    var enumEvents: [EnumEvent]
    /// Literals of the statements the migration runs (top level and DO blocks) that meet a target, in order.
    var literals: [TypeLiteral]
    var operations: [FunctionOperation]
    /// One per `ParsedMigration.functions`, in the same order.
    var functions: [FunctionFacts]
    var syntaxErrors: [SQLSyntaxError]
    var unparsed: [UnparsedStatement]
    /// `CREATE TRIGGER`s on a target column's table.
    var triggers: [TargetTrigger] = []
    /// The statements that may change the schema (`SchemaReplay`), in order.
    var schema: [SchemaStatement] = []

    init(path: String, folder: String, constraintEvents: [ConstraintEvent], enumEvents: [EnumEvent], literals: [TypeLiteral],
         operations: [FunctionOperation], functions: [FunctionFacts], syntaxErrors: [SQLSyntaxError], unparsed: [UnparsedStatement],
         triggers: [TargetTrigger] = []) {
        self.path = path
        self.folder = folder
        self.constraintEvents = constraintEvents
        self.enumEvents = enumEvents
        self.literals = literals
        self.operations = operations
        self.functions = functions
        self.syntaxErrors = syntaxErrors
        self.unparsed = unparsed
        self.triggers = triggers
    }

    init(_ migration: ParsedMigration, _ reader: FactsReader) {
        let source = migration.source, folder = migration.folder
        path = source.path
        self.folder = folder
        let columns = reader.columns
        // Every column's events of a statement together: each column is replayed from its own (`ConstraintEvent.target`).
        var constraintEvents: [ConstraintEvent] = [], enumEvents: [EnumEvent] = []
        for statement in migration.statements {
            for (index, column) in columns {
                let constraintName = reader.targets[index].sql?.constraintName ?? ""
                constraintEvents += ConstraintEventReader.events(in: statement, target: column, constraintName: constraintName,
                                                                 source: source, folder: folder)
                    .map { var event = $0; event.target = index; return event }
            }
            enumEvents += EnumEventReader.events(in: statement, columns: columns, source: source, folder: folder)
        }
        self.constraintEvents = constraintEvents
        self.enumEvents = enumEvents
        // A migration's own statements are top level or in DO blocks: no trigger runs them.
        let plain = reader.literalReader()
        literals = migration.statements.filter { $0.kind != "CreateFunctionStmt" }.flatMap { plain.literals(in: $0, source: source) }
        var operations: [FunctionOperation] = [], triggers: [TargetTrigger] = []
        for statement in migration.statements where statement.origin == .topLevel {
            switch statement.kind {
            case "CreateFunctionStmt":
                operations.append(.create)
            case "DropStmt" where ["OBJECT_FUNCTION", "OBJECT_PROCEDURE"].contains(statement.node["removeType"]?.string):
                operations.append(.drop((statement.node["objects"]?.items ?? []).compactMap {
                    SQLFacts.qualifiedName($0.node("ObjectWithArgs")?["objname"])
                }))
            case "CreateTrigStmt":
                guard let function = SQLFacts.qualifiedName(statement.node["funcname"]) else { continue }
                for (index, column) in columns where column.matches(relation: statement.node["relation"]) {
                    triggers.append(TargetTrigger(target: index, function: function))
                }
            default:
                break
            }
        }
        self.operations = operations
        self.triggers = triggers
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
            if !facts.sinks.isEmpty, index < definitions.count, !parameters.isEmpty {
                // A parameter that reaches a target and has a DEFAULT: the default is written whenever a call leaves
                // the argument out, wherever that call is; read as the function's own write.
                let defaults = Self.defaultWrites(facts.sinks, of: definitions[index], function: function.name, source: source)
                facts.literals += defaults
                facts.triggerLiterals = facts.triggerLiterals.map { $0 + defaults }
            }
            facts.pushSends = PushSends.read(function.body)
            facts.bodySkipped = function.bodySkipped
            facts.names = function.names
            return facts
        }
        syntaxErrors = migration.syntaxErrors
        unparsed = migration.unparsed
        schema = migration.schema
    }

    /// The literals of `sinks`' parameter defaults (`p_kind text DEFAULT 'weekly_digest'`), as writes to each sink's
    /// target, at the default in the `CREATE FUNCTION` statement.
    private static func defaultWrites(_ sinks: [SinkArgument], of definition: SQLStatement, function: String,
                                      source: SQLSource) -> [TypeLiteral] {
        let defaults = SQLSinks.parameterDefaults(of: definition.node)
        let short = String(function.split(separator: ".").last ?? "")
        return sinks.flatMap { sink -> [TypeLiteral] in
            guard sink.position >= 1, sink.position <= defaults.count, let node = defaults[sink.position - 1] else { return [] }
            let context = "default of \(sink.name ?? "argument \(sink.position)") of \(short)"
            return SQLExpression.valueConstants(node).compactMap(SQLExpression.stringConstant).map {
                TypeLiteral(value: $0.value, location: source.location($0.offset, definition.map), context: context,
                            isWrite: true, target: sink.target)
            }
        }
    }
}
