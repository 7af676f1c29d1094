import ContractsCore

/// A parsed migration as bytes and back, for `ContentMemo`: everything `MigrationParser.parse` returns except
/// the file's text and folder, which the caller has (the text is part of the memo's key). Decoding checks every
/// length and tag, and gives nil on anything it did not write.
enum ParsedMigrationCodec {
    /// Bumped when the layout (or what the parser keeps) changes.
    static let version = "17"

    static func encode(_ migration: ParsedMigration) -> [UInt8] {
        var out = ByteWriter()
        out.int(migration.statements.count)
        for statement in migration.statements { out.statement(statement) }
        out.int(migration.functions.count)
        for function in migration.functions {
            out.string(function.name)
            out.string(function.language)
            out.location(function.location)
            out.int(function.body.count)
            for statement in function.body { out.statement(statement) }
            // The text is the file's own bytes: their range is kept, and the text taken from the file again.
            out.int(function.statementBytes.lowerBound)
            out.int(function.statementBytes.upperBound)
            out.bool(function.bodySkipped)
            out.list(function.names) { $0.bodyName($1) }
        }
        out.int(migration.syntaxErrors.count)
        for error in migration.syntaxErrors {
            out.location(error.location)
            out.string(error.message)
        }
        out.int(migration.unparsed.count)
        for statement in migration.unparsed {
            out.location(statement.location)
            out.string(statement.text)
        }
        out.list(migration.schema) { $0.schemaStatement($1) }
        return out.bytes
    }

    /// The migration `bytes` were encoded from, given its source and folder; nil when they do not decode.
    static func decode(_ bytes: [UInt8], source: SQLSource, folder: String) -> ParsedMigration? {
        decode(bytes[...], source: source, folder: folder)
    }

    static func decode(_ bytes: ArraySlice<UInt8>, source: SQLSource, folder: String) -> ParsedMigration? {
        bytes.withUnsafeBufferPointer { buffer in
            var input = ByteReader(bytes: buffer)
            do {
                var statements: [SQLStatement] = []
                for _ in 0 ..< (try input.count()) { statements.append(try input.statement()) }
                var functions: [FunctionDefinition] = []
                for _ in 0 ..< (try input.count()) {
                    let name = try input.string(), language = try input.string(), location = try input.location()
                    var body: [SQLStatement] = []
                    for _ in 0 ..< (try input.count()) { body.append(try input.statement()) }
                    let from = try input.int(), end = try input.int()
                    let skipped = try input.bool()
                    let names = try input.list { try $0.bodyName() }
                    guard 0 <= from, from <= end, end <= source.utf8.count else { return nil }
                    var function = FunctionDefinition(name: name, language: language, location: location, body: body,
                                                      statementText: String(decoding: source.utf8[from ..< end], as: UTF8.self),
                                                      statementBytes: from ..< end, bodySkipped: skipped)
                    function.names = names
                    functions.append(function)
                }
                var errors: [SQLSyntaxError] = []
                for _ in 0 ..< (try input.count()) { errors.append(SQLSyntaxError(location: try input.location(), message: try input.string())) }
                var unparsed: [UnparsedStatement] = []
                for _ in 0 ..< (try input.count()) { unparsed.append(UnparsedStatement(location: try input.location(), text: try input.string())) }
                let schema = try input.list { try $0.schemaStatement() }
                guard input.atEnd else { return nil }
                var migration = ParsedMigration(source: source, folder: folder, statements: statements, functions: functions,
                                                syntaxErrors: errors, unparsed: unparsed)
                migration.schema = schema
                return migration
            } catch {
                return nil
            }
        }
    }
}

/// What `ParsedMigrationCodec` and `MigrationFactsCodec` write with.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        // Zig-zag, then 7 bits a byte.
        var rest = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Every distinct string once: its length (zero or more) and bytes the first time, then `-1 - n` for the
    /// `n`th string written (field names, the file's path in every location, repeated names).
    var written: [String: Int] = [:]

    mutating func string(_ value: String) {
        if let index = written[value] {
            int(-1 - index)
            return
        }
        written[value] = written.count
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func location(_ location: SourceLocation) {
        string(location.file)
        int(location.line)
        int(location.column)
    }

    mutating func node(_ value: PgNode) {
        switch value {
        case .null:
            bytes.append(0)
        case .number(let value):
            bytes.append(1)
            int(value)
        case .string(let value):
            bytes.append(2)
            string(value)
        case .array(let items):
            bytes.append(3)
            int(items.count)
            for item in items { node(item) }
        case .object(let fields):
            bytes.append(4)
            int(fields.count)
            for entry in fields.entries {
                string(entry.key)
                node(entry.value)
            }
        }
    }

    mutating func statement(_ statement: SQLStatement) {
        string(statement.kind)
        node(statement.node)
        int(statement.map.steps.count)
        for step in statement.map.steps {
            switch step {
            case .shift(let by):
                bytes.append(0)
                int(by)
            case .unescape(let dropped):
                bytes.append(1)
                int(dropped.count)
                for offset in dropped { int(offset) }
            case .pin(let at):
                bytes.append(2)
                int(at)
            }
        }
        int(statement.start)
        switch statement.origin {
        case .topLevel: bytes.append(0)
        case .doBlock: bytes.append(1)
        case .function(let name):
            bytes.append(2)
            string(name)
        }
        switch statement.role {
        case .statement: bytes.append(0)
        case .returnValue: bytes.append(1)
        case .condition: bytes.append(2)
        case .assignment(let name):
            bytes.append(3)
            string(name)
        }
        int(statement.into.count)
        for name in statement.into { string(name) }
        guardCondition(statement.guardCondition)
    }
}

struct Malformed: Error {}

/// What `ParsedMigrationCodec` and `MigrationFactsCodec` read with: every length and tag checked.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    var atEnd: Bool { at == bytes.count }

    mutating func byte() throws -> UInt8 {
        guard at < bytes.count else { throw Malformed() }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func int() throws -> Int {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw Malformed() }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }

    mutating func count() throws -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.count - at else { throw Malformed() }
        return value
    }

    /// The strings read so far, in order: what a back reference (`-1 - n`) names.
    var read: [String] = []

    mutating func string() throws -> String {
        let length = try int()
        if length < 0 {
            guard -1 - length < read.count else { throw Malformed() }
            return read[-1 - length]
        }
        guard length <= bytes.count - at else { throw Malformed() }
        defer { at += length }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[at ..< at + length]), as: UTF8.self)
        read.append(value)
        return value
    }

    mutating func location() throws -> SourceLocation {
        SourceLocation(file: try string(), line: try int(), column: try int())
    }

    mutating func node() throws -> PgNode {
        switch try byte() {
        case 0: return .null
        case 1: return .number(try int())
        case 2: return .string(try string())
        case 3:
            let count = try count()
            var items: [PgNode] = []
            items.reserveCapacity(count)
            for _ in 0 ..< count { items.append(try node()) }
            return .array(items)
        case 4:
            let count = try count()
            var entries: [(key: String, value: PgNode)] = []
            entries.reserveCapacity(count)
            for _ in 0 ..< count { entries.append((key: try string(), value: try node())) }
            return .object(PgFields(entries))
        default: throw Malformed()
        }
    }

    mutating func statement() throws -> SQLStatement {
        let kind = try string()
        let node = try node()
        var steps: [OffsetMap.Step] = []
        for _ in 0 ..< (try count()) {
            switch try byte() {
            case 0: steps.append(.shift(try int()))
            case 1:
                var dropped: [Int] = []
                for _ in 0 ..< (try count()) { dropped.append(try int()) }
                steps.append(.unescape(dropped))
            case 2: steps.append(.pin(try int()))
            default: throw Malformed()
            }
        }
        let start = try int()
        let origin: SQLStatement.Origin
        switch try byte() {
        case 0: origin = .topLevel
        case 1: origin = .doBlock
        case 2: origin = .function(try string())
        default: throw Malformed()
        }
        let role: SQLStatement.Role
        switch try byte() {
        case 0: role = .statement
        case 1: role = .returnValue
        case 2: role = .condition
        case 3: role = .assignment(try string())
        default: throw Malformed()
        }
        var into: [String] = []
        for _ in 0 ..< (try count()) { into.append(try string()) }
        let guardCondition = try guardCondition()
        return SQLStatement(kind: kind, node: node, map: OffsetMap(steps: steps), start: start, origin: origin, role: role,
                            into: into, guardCondition: guardCondition)
    }
}
