import Foundation

/// `SchemaUses` is kept in the check cache as one string (`SchemaUsesCodec`), not as nested JSON objects: a project's
/// queries hold thousands of columns, each with its location, and `JSONDecoder` took most of a run that had one
/// file edited to decode them again (64% of its instructions on the 1× bench tree, 5.4 MB of units).
extension SchemaUses {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let uses = SchemaUsesCodec.decode(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a compact SchemaUses"))
        }
        self = uses
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(SchemaUsesCodec.encode(self))
    }
}

/// A `SchemaUses` as a string of length-prefixed tokens (`5:hello`): no escaping, read back byte by byte. The files
/// the locations name are listed once, and each location is `file index, line, column`.
enum SchemaUsesCodec {
    static let version = "u2"

    static func encode(_ uses: SchemaUses) -> String {
        let writer = Writer()
        var files: [String: Int] = [:]
        var fileList: [String] = []
        func collect(_ location: SourceLocation) {
            if files[location.file] == nil { files[location.file] = fileList.count; fileList.append(location.file) }
        }
        func collect(_ embed: SchemaUse.Embed) {
            collect(embed.location)
            embed.hintLocation.map(collect)
            embed.columns.forEach { collect($0.location) }
            embed.embeds.forEach(collect)
        }
        for use in uses.queries {
            collect(use.location)
            use.columns.forEach { collect($0.location) }
            use.embeds.forEach(collect)
            use.write.map { collect($0.location) }
            use.decode?.fields.forEach { collect($0.location) }
        }
        for rpc in uses.rpcs {
            collect(rpc.location)
            rpc.arguments?.values.forEach(collect)
        }
        writer.token(version)
        writer.strings(fileList)
        func location(_ location: SourceLocation) {
            writer.int(files[location.file]!)
            writer.int(location.line)
            writer.int(location.column)
        }
        func columns(_ columns: [SchemaUse.ColumnName]) {
            writer.int(columns.count)
            for column in columns {
                writer.token(column.name)
                writer.token(column.role.rawValue)
                location(column.location)
            }
        }
        writer.int(uses.queries.count)
        for use in uses.queries {
            writer.token(use.schema)
            writer.token(use.relation)
            location(use.location)
            columns(use.columns)
            Self.embeds(use.embeds, writer: writer, location: location, columns: columns)
            writer.optional(use.selectedKeys) { writer.strings($0) }
            writer.int(use.selectsAll ? 1 : 0)
            writer.optional(use.write) { write in
                writer.token(write.kind.rawValue)
                writer.optional(write.keys) { writer.strings($0) }
                location(write.location)
                writer.optional(write.typeName) { writer.token($0) }
            }
            writer.optional(use.decode) { decode in
                writer.token(decode.typeName)
                writer.token(decode.match.rawValue)
                writer.int(decode.fields.count)
                for field in decode.fields {
                    writer.token(field.key)
                    writer.token(field.property)
                    location(field.location)
                }
            }
        }
        writer.int(uses.rpcs.count)
        for rpc in uses.rpcs {
            writer.token(rpc.schema)
            writer.token(rpc.name)
            location(rpc.location)
            writer.optional(rpc.arguments) { arguments in
                writer.int(arguments.count)
                for key in arguments.keys.sorted() {
                    writer.token(key)
                    location(arguments[key]!)
                }
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Embeds, and theirs in turn (a static function: it calls itself).
    private static func embeds(_ embeds: [SchemaUse.Embed], writer: Writer, location: (SourceLocation) -> Void,
                               columns: ([SchemaUse.ColumnName]) -> Void) {
        writer.int(embeds.count)
        for embed in embeds {
            writer.token(embed.name)
            writer.optional(embed.hint) { writer.token($0) }
            location(embed.location)
            writer.optional(embed.hintLocation) { location($0) }
            columns(embed.columns)
            Self.embeds(embed.embeds, writer: writer, location: location, columns: columns)
        }
    }

    static func decode(_ text: String) -> SchemaUses? {
        var text = text
        return text.withUTF8 { buffer -> SchemaUses? in
            let reader = Reader(bytes: buffer)
            return try? read(reader)
        }
    }

    private struct Bad: Error {}

    private static func read(_ reader: Reader) throws -> SchemaUses {
        guard try reader.token() == version else { throw Bad() }
        let files = try reader.strings()
        func location() throws -> SourceLocation {
            let index = try reader.int()
            guard index >= 0, index < files.count else { throw Bad() }
            return SourceLocation(file: files[index], line: try reader.int(), column: try reader.int())
        }
        func columns() throws -> [SchemaUse.ColumnName] {
            try (0 ..< reader.count()).map { _ in
                let name = try reader.token()
                guard let role = SchemaUse.Role(rawValue: try reader.token()) else { throw Bad() }
                return SchemaUse.ColumnName(name: name, role: role, location: try location())
            }
        }
        func embeds(depth: Int) throws -> [SchemaUse.Embed] {
            guard depth < 64 else { throw Bad() }
            return try (0 ..< reader.count()).map { _ in
                let name = try reader.token()
                let hint = try reader.optional { try reader.token() }
                let at = try location()
                let hintAt = try reader.optional { try location() }
                return SchemaUse.Embed(name: name, hint: hint, location: at, hintLocation: hintAt, columns: try columns(),
                                       embeds: try embeds(depth: depth + 1))
            }
        }
        let queries = try (0 ..< reader.count()).map { _ -> SchemaUse in
            let schema = try reader.token()
            let relation = try reader.token()
            let at = try location()
            let columns = try columns()
            let embeds = try embeds(depth: 0)
            let selectedKeys = try reader.optional { try reader.strings() }
            let selectsAll = try reader.int() == 1
            let write = try reader.optional { () throws -> SchemaUse.Write in
                guard let kind = SchemaUse.Write.Kind(rawValue: try reader.token()) else { throw Bad() }
                let keys = try reader.optional { try reader.strings() }
                let at = try location()
                return SchemaUse.Write(kind: kind, keys: keys, location: at, typeName: try reader.optional { try reader.token() })
            }
            let decode = try reader.optional { () throws -> SchemaUse.Decode in
                let typeName = try reader.token()
                guard let match = SchemaUse.Decode.KeyMatch(rawValue: try reader.token()) else { throw Bad() }
                let fields = try (0 ..< reader.count()).map { _ in
                    SchemaUse.Decode.Field(key: try reader.token(), property: try reader.token(), location: try location())
                }
                return SchemaUse.Decode(typeName: typeName, match: match, fields: fields)
            }
            return SchemaUse(schema: schema, relation: relation, location: at, columns: columns, embeds: embeds,
                             selectedKeys: selectedKeys, selectsAll: selectsAll, write: write, decode: decode)
        }
        let rpcs = try (0 ..< reader.count()).map { _ -> RPCUse in
            let schema = try reader.token()
            let name = try reader.token()
            let at = try location()
            let arguments = try reader.optional { () throws -> [String: SourceLocation] in
                var out: [String: SourceLocation] = [:]
                for _ in 0 ..< (try reader.count()) {
                    let key = try reader.token()
                    out[key] = try location()
                }
                return out
            }
            return RPCUse(schema: schema, name: name, location: at, arguments: arguments)
        }
        guard reader.atEnd else { throw Bad() }
        return SchemaUses(queries: queries, rpcs: rpcs)
    }

    private final class Writer {
        var bytes: [UInt8] = []

        func token(_ text: String) {
            bytes += String(text.utf8.count).utf8
            bytes.append(UInt8(ascii: ":"))
            bytes += text.utf8
        }

        func int(_ value: Int) { token(String(value)) }

        func strings(_ values: [String]) {
            int(values.count)
            values.forEach { token($0) }
        }

        func optional<T>(_ value: T?, _ write: (T) -> Void) {
            if let value {
                int(1)
                write(value)
            } else {
                int(0)
            }
        }
    }

    /// `bytes` read as `Int(_:)` reads their text (an optional sign, then decimal digits; nil past `Int`'s range),
    /// without making the text: a file's uses hold thousands of numbers.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var j = 0
        guard j < bytes.count else { return nil }
        let negative = bytes[j] == UInt8(ascii: "-")
        if negative || bytes[j] == UInt8(ascii: "+") { j += 1 }
        guard j < bytes.count else { return nil }
        // Accumulated below zero, so the most negative value reads too.
        var value = 0
        while j < bytes.count {
            let digit = bytes[j] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times.subtractingReportingOverflow(Int(digit))
            guard !o1, !o2 else { return nil }
            value = next
            j += 1
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    private final class Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }

        /// The next token's bytes (after its length and `:`).
        func tokenRange() throws -> Range<Int> {
            var length = 0
            var digits = 0
            while i < bytes.count, bytes[i] != UInt8(ascii: ":") {
                let byte = bytes[i]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 12 else { throw Bad() }
                length = length * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
            guard i < bytes.count, digits > 0, length <= bytes.count - i - 1 else { throw Bad() }
            i += 1
            defer { i += length }
            return i ..< i + length
        }

        func token() throws -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[try tokenRange()]), as: UTF8.self)
        }

        func int() throws -> Int {
            guard let value = SchemaUsesCodec.integer(UnsafeBufferPointer(rebasing: bytes[try tokenRange()])) else { throw Bad() }
            return value
        }

        /// A count of items to read: never more than the bytes left (a damaged entry fails, it does not allocate).
        func count() throws -> Int {
            let value = try int()
            guard value >= 0, value <= bytes.count - i else { throw Bad() }
            return value
        }

        func strings() throws -> [String] {
            try (0 ..< count()).map { _ in try token() }
        }

        func optional<T>(_ read: () throws -> T) throws -> T? {
            switch try int() {
            case 0: return nil
            case 1: return try read()
            default: throw Bad()
            }
        }
    }
}
