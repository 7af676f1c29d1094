import ContractsCore

/// A migration's facts as bytes and back, for `ContentMemo`, in the layout of `ParsedMigrationCodec` (the
/// same integers, interned strings and locations). Decoding checks every length and tag, and gives nil on
/// anything it did not write.
enum MigrationFactsCodec {
    static func encode(_ facts: MigrationFacts, into out: inout ByteWriter) {
        out.string(facts.path)
        out.string(facts.folder)
        out.list(facts.constraintEvents) { out, event in
            out.int(event.target)
            out.constraintEvent(event)
        }
        out.list(facts.enumEvents) { out, event in
            switch event.action {
            case .create(let type, let values):
                out.bytes.append(0)
                out.string(type)
                out.list(values) { $0.string($1) }
            case .addValue(let type, let value, let neighbor, let after, let ifNotExists):
                out.bytes.append(1)
                out.string(type)
                out.string(value)
                out.optional(neighbor) { $0.string($1) }
                out.bool(after)
                out.bool(ifNotExists)
            case .renameValue(let type, let from, let to):
                out.bytes.append(2)
                out.string(type)
                out.string(from)
                out.string(to)
            case .renameType(let from, let to):
                out.bytes.append(3)
                out.string(from)
                out.string(to)
            case .drop(let type, let cascade):
                out.bytes.append(4)
                out.string(type)
                out.bool(cascade)
            case .columnType(let type):
                out.bytes.append(5)
                out.optional(type) { $0.string($1) }
            }
            out.location(event.location)
            out.string(event.folder)
            out.int(event.target)
        }
        out.list(facts.literals) { $0.targetLiteral($1) }
        out.list(facts.operations) { out, operation in
            switch operation {
            case .create:
                out.bytes.append(0)
            case .drop(let names):
                out.bytes.append(1)
                out.list(names) { $0.string($1) }
            }
        }
        out.list(facts.functions) { out, function in
            out.string(function.name)
            out.string(function.language)
            out.location(function.location)
            out.list(function.literals) { $0.targetLiteral($1) }
            out.optional(function.triggerLiterals) { out, literals in out.list(literals) { $0.targetLiteral($1) } }
            out.list(function.pushBuilds) { out, builds in out.list(builds) { $0.build($1) } }
            out.optional(function.returned) { out, objects in
                out.list(objects) { out, object in
                    out.list(object.keys) { $0.string($1) }
                    out.location(object.location)
                    out.bool(object.allKeysConstant)
                }
            }
            out.list(function.sinks) { out, sink in sink.encode(into: &out) }
            out.list(function.pushSends.sends) { out, send in
                out.string(send.callee)
                out.list(send.keys) { $0.string($1) }
            }
            out.list(function.pushSends.callees) { $0.string($1) }
            out.bool(function.bodySkipped)
            out.list(function.names) { $0.bodyName($1) }
        }
        out.list(facts.syntaxErrors) { out, error in
            out.location(error.location)
            out.string(error.message)
        }
        out.list(facts.unparsed) { out, statement in
            out.location(statement.location)
            out.string(statement.text)
        }
        out.list(facts.triggers) { out, trigger in
            out.int(trigger.target)
            out.string(trigger.function)
        }
        out.list(facts.schema) { $0.schemaStatement($1) }
    }

    static func decode(_ input: inout ByteReader) throws -> MigrationFacts {
        let path = try input.string(), folder = try input.string()
        let constraintEvents = try input.list { input -> ConstraintEvent in
            let target = try input.int()
            var event = try input.constraintEvent()
            event.target = target
            return event
        }
        let enumEvents = try input.list { input -> EnumEvent in
            let action: EnumEvent.Action
            switch try input.byte() {
            case 0:
                let type = try input.string()
                action = .create(type: type, values: try input.list { try $0.string() })
            case 1:
                let type = try input.string(), value = try input.string()
                let neighbor = try input.optional { try $0.string() }
                let after = try input.bool()
                action = .addValue(type: type, value: value, neighbor: neighbor, after: after, ifNotExists: try input.bool())
            case 2:
                let type = try input.string(), from = try input.string()
                action = .renameValue(type: type, from: from, to: try input.string())
            case 3:
                let from = try input.string()
                action = .renameType(from: from, to: try input.string())
            case 4:
                let type = try input.string()
                action = .drop(type: type, cascade: try input.bool())
            case 5: action = .columnType(try input.optional { try $0.string() })
            default: throw Malformed()
            }
            let location = try input.location(), folder = try input.string()
            return EnumEvent(action: action, location: location, folder: folder, target: try input.int())
        }
        let literals = try input.list { try $0.targetLiteral() }
        let operations = try input.list { input -> FunctionOperation in
            switch try input.byte() {
            case 0: return .create
            case 1: return .drop(try input.list { try $0.string() })
            default: throw Malformed()
            }
        }
        let functions = try input.list { input -> FunctionFacts in
            let name = try input.string(), language = try input.string(), location = try input.location()
            let literals = try input.list { try $0.targetLiteral() }
            let triggerLiterals = try input.optional { input in try input.list { try $0.targetLiteral() } }
            let pushBuilds = try input.list { input in try input.list { try $0.build() } }
            let returned = try input.optional { input in
                try input.list { input -> BuiltObject in
                    let keys = try input.list { try $0.string() }
                    return BuiltObject(keys: keys, location: try input.location(), allKeysConstant: try input.bool())
                }
            }
            var facts = FunctionFacts(name: name, language: language, location: location, literals: literals,
                                      triggerLiterals: triggerLiterals, pushBuilds: pushBuilds, returned: returned)
            facts.sinks = try input.list(SinkArgument.decode)
            facts.pushSends.sends = try input.list { input in
                PushSends.Send(callee: try input.string(), keys: try input.list { try $0.string() })
            }
            facts.pushSends.callees = try input.list { try $0.string() }
            facts.bodySkipped = try input.bool()
            facts.names = try input.list { try $0.bodyName() }
            return facts
        }
        let syntaxErrors = try input.list { input in SQLSyntaxError(location: try input.location(), message: try input.string()) }
        let unparsed = try input.list { input in UnparsedStatement(location: try input.location(), text: try input.string()) }
        var facts = MigrationFacts(path: path, folder: folder, constraintEvents: constraintEvents, enumEvents: enumEvents,
                                   literals: literals, operations: operations, functions: functions,
                                   syntaxErrors: syntaxErrors, unparsed: unparsed)
        facts.triggers = try input.list { input in
            let target = try input.int()
            return TargetTrigger(target: target, function: try input.string())
        }
        facts.schema = try input.list { try $0.schemaStatement() }
        return facts
    }
}

extension ByteWriter {
    mutating func schemaStatement(_ statement: SchemaStatement) {
        string(statement.kind)
        node(statement.node)
        location(statement.location)
        list(statement.columnLocations.sorted { $0.key < $1.key }) { out, entry in
            out.string(entry.key)
            out.location(entry.value)
        }
        optional(statement.assigns) { out, names in out.list(names) { $0.string($1) } }
        list(statement.unknownWords) { $0.string($1) }
        bool(statement.unknownEverything)
        optional(statement.operation) { $0.schemaOperation($1) }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func bodyName(_ name: BodyName) {
        string(name.schema)
        string(name.relation)
        optional(name.column) { $0.string($1) }
        bytes.append(name.role.rawValue)
        location(name.location)
    }

    mutating func list<T>(_ items: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(items.count)
        for item in items { write(&self, item) }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func guardCondition(_ condition: ConstraintGuard?) {
        switch condition {
        case nil: bytes.append(0)
        case .present(let name)?:
            bytes.append(1)
            string(name)
        case .absent(let name)?:
            bytes.append(2)
            string(name)
        }
    }

    mutating func check(_ check: CheckDefinition) {
        optional(check.name) { $0.string($1) }
        optional(check.values) { out, values in out.list(values) { $0.string($1) } }
        bool(check.notValid)
        bool(check.singleColumn)
        location(check.location)
    }

    mutating func constraintEvent(_ event: ConstraintEvent) {
        switch event.action {
        case .createTable(let ifNotExists, let checks):
            bytes.append(0)
            bool(ifNotExists)
            list(checks) { $0.check($1) }
        case .add(let check):
            bytes.append(1)
            self.check(check)
        case .drop(let name, let ifExists):
            bytes.append(2)
            string(name)
            bool(ifExists)
        case .rename(let from, let to):
            bytes.append(3)
            string(from)
            string(to)
        case .validate(let name):
            bytes.append(4)
            string(name)
        case .dropAll:
            bytes.append(5)
        }
        location(event.location)
        string(event.folder)
        guardCondition(event.guardCondition)
    }

    mutating func literal(_ literal: TypeLiteral) {
        string(literal.value)
        location(literal.location)
        string(literal.context)
        bool(literal.isWrite)
    }

    /// A literal: which target it met, then the literal.
    mutating func targetLiteral(_ literal: TypeLiteral) {
        int(literal.target)
        self.literal(literal)
    }

    mutating func build(_ build: PushBuild) {
        optional(build.offset) { $0.int($1) }
        list(build.pairs) { out, pair in
            out.string(pair.key)
            out.location(pair.location)
            out.optional(pair.constant) { $0.string($1) }
            out.list(pair.nested) { $0.build($1) }
        }
    }
}

extension ByteReader {
    mutating func schemaStatement() throws -> SchemaStatement {
        let kind = try string(), node = try node(), location = try location()
        var columns: [String: SourceLocation] = [:]
        for (name, at) in try list({ input in (try input.string(), try input.location()) }) { columns[name] = at }
        let assigns = try optional { input in try input.list { try $0.string() } }
        let words = try list { try $0.string() }, everything = try bool()
        return SchemaStatement(kind: kind, node: node, location: location, columnLocations: columns, assigns: assigns,
                               unknownWords: words, unknownEverything: everything, operation: try optional { try $0.schemaOperation() })
    }

    mutating func bodyName() throws -> BodyName {
        let schema = try string(), relation = try string()
        let column = try optional { try $0.string() }
        guard let role = BodyName.Role(rawValue: try byte()) else { throw Malformed() }
        return BodyName(schema: schema, relation: relation, column: column, role: role, location: try location())
    }

    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func list<T>(_ read: (inout ByteReader) throws -> T) throws -> [T] {
        var items: [T] = []
        for _ in 0 ..< (try count()) { items.append(try read(&self)) }
        return items
    }

    mutating func optional<T>(_ read: (inout ByteReader) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func guardCondition() throws -> ConstraintGuard? {
        switch try byte() {
        case 0: return nil
        case 1: return .present(try string())
        case 2: return .absent(try string())
        default: throw Malformed()
        }
    }

    mutating func check() throws -> CheckDefinition {
        let name = try optional { try $0.string() }
        let values = try optional { input in try input.list { try $0.string() } }
        let notValid = try bool(), singleColumn = try bool()
        return CheckDefinition(name: name, values: values, notValid: notValid, singleColumn: singleColumn, location: try location())
    }

    mutating func constraintEvent() throws -> ConstraintEvent {
        let action: ConstraintEvent.Action
        switch try byte() {
        case 0:
            let ifNotExists = try bool()
            action = .createTable(ifNotExists: ifNotExists, checks: try list { try $0.check() })
        case 1: action = .add(try check())
        case 2:
            let name = try string()
            action = .drop(name: name, ifExists: try bool())
        case 3:
            let from = try string()
            action = .rename(from: from, to: try string())
        case 4: action = .validate(try string())
        case 5: action = .dropAll
        default: throw Malformed()
        }
        let at = try self.location(), folder = try string()
        return ConstraintEvent(action: action, location: at, folder: folder, guardCondition: try guardCondition())
    }

    mutating func literal() throws -> TypeLiteral {
        let value = try string(), location = try location(), context = try string()
        return TypeLiteral(value: value, location: location, context: context, isWrite: try bool())
    }

    mutating func targetLiteral() throws -> TypeLiteral {
        let target = try int()
        var literal = try self.literal()
        literal.target = target
        return literal
    }

    mutating func build() throws -> PushBuild {
        let offset = try optional { try $0.int() }
        let pairs = try list { input -> PushBuild.Pair in
            let key = try input.string(), location = try input.location()
            let constant = try input.optional { try $0.string() }
            return PushBuild.Pair(key: key, location: location, constant: constant, nested: try input.list { try $0.build() })
        }
        return PushBuild(offset: offset, pairs: pairs)
    }
}
