/// What an app's code names of the database schema at one call site, read by the Swift (supabase-swift) and
/// TypeScript (supabase-js) readers and judged against `ProjectSchema` by the name rules (`unknown-table`,
/// `unknown-column`, `unknown-relationship`, `missing-required-column`, `rpc-argument-drift`).
///
/// A reader records only what it reads for sure: a table named by a variable, a select string built at run time,
/// a written object whose keys it cannot list are left out (or marked unknown), so no finding rests on a guess.
public struct SchemaUse: Sendable, Equatable, Codable {
    /// What a column name is used for at the call site.
    public enum Role: String, Sendable, Equatable, Codable {
        case selected, filtered, ordered, written
        /// `onConflict: "a,b"` of an upsert.
        case conflict
    }

    public struct ColumnName: Sendable, Equatable, Codable {
        public var name: String
        public var role: Role
        public var location: SourceLocation

        public init(name: String, role: Role, location: SourceLocation) {
            self.name = name
            self.role = role
            self.location = location
        }
    }

    /// A resource embedded in a select (`rel!hint(a, b)`), with what it selects of the related relation.
    public struct Embed: Sendable, Equatable, Codable {
        public var name: String
        public var hint: String?
        public var location: SourceLocation
        public var hintLocation: SourceLocation?
        public var columns: [ColumnName]
        public var embeds: [Embed]

        public init(name: String, hint: String?, location: SourceLocation, hintLocation: SourceLocation?, columns: [ColumnName],
                    embeds: [Embed]) {
            self.name = name
            self.hint = hint
            self.location = location
            self.hintLocation = hintLocation
            self.columns = columns
            self.embeds = embeds
        }
    }

    /// An insert, upsert or update, with the keys of what it writes when they are known for sure.
    public struct Write: Sendable, Equatable, Codable {
        public enum Kind: String, Sendable, Equatable, Codable { case insert, upsert, update }
        public var kind: Kind
        /// Every key of every row written (a dictionary literal, an `Encodable` type with known keys); nil when
        /// some row's keys cannot all be listed (then no column is judged missing).
        public var keys: [String]?
        public var location: SourceLocation
        /// The `Encodable` type every row is, when another file declares it (`.insert(NewBooking(…))`, a variable
        /// or parameter of that type): its keys are joined at check time (`EncodedType`), this file's entry
        /// holding only the name, so an edit of the type's file alone is seen.
        public var typeName: String?

        public init(kind: Kind, keys: [String]?, location: SourceLocation, typeName: String? = nil) {
            self.kind = kind
            self.keys = keys
            self.location = location
            self.typeName = typeName
        }
    }

    /// The keys one `Encodable` struct's synthesized `encode(to:)` writes, as far as they are known for sure: those
    /// a key strategy cannot change (`userId` may be sent as `user_id`), each where it is declared; `complete`
    /// when that is every key.
    public struct EncodedType: Sendable, Equatable, Codable {
        public struct Key: Sendable, Equatable, Codable {
            public var key: String
            public var location: SourceLocation

            public init(key: String, location: SourceLocation) {
                self.key = key
                self.location = location
            }
        }

        public var keys: [Key]
        public var complete: Bool

        public init(keys: [Key], complete: Bool) {
            self.keys = keys
            self.complete = complete
        }
    }

    /// A `Decodable` row type the rows of the query are decoded into right where it is run.
    public struct Decode: Sendable, Equatable, Codable {
        public enum KeyMatch: String, Sendable, Equatable, Codable {
            /// Keys as sent (`JSONDecoder`'s default).
            case exact
            /// After `convertFromSnakeCase`.
            case fromSnakeCase
            /// The client's decoder, configured elsewhere: a key matches either way.
            case either
        }

        public struct Field: Sendable, Equatable, Codable {
            public var key: String
            public var property: String
            public var location: SourceLocation

            public init(key: String, property: String, location: SourceLocation) {
                self.key = key
                self.property = property
                self.location = location
            }
        }

        public var typeName: String
        public var match: KeyMatch
        /// The stored properties the synthesized `init(from:)` cannot do without.
        public var fields: [Field]

        public init(typeName: String, match: KeyMatch, fields: [Field]) {
            self.typeName = typeName
            self.match = match
            self.fields = fields
        }
    }

    /// The schema given by `.schema("s")` or `'s.t'`; "public" when none.
    public var schema: String
    public var relation: String
    /// Where the table's name is written.
    public var location: SourceLocation
    public var columns: [ColumnName]
    public var embeds: [Embed]
    /// The keys the select returns for each row (`*`'s excepted); nil when the query has no readable select.
    public var selectedKeys: [String]?
    /// Whether the select returns every column (`*`, an empty select, or `.select()`), or a spread embed's `*`.
    public var selectsAll: Bool
    public var write: Write?
    public var decode: Decode?

    public init(schema: String = "public", relation: String, location: SourceLocation, columns: [ColumnName] = [],
                embeds: [Embed] = [], selectedKeys: [String]? = nil, selectsAll: Bool = false, write: Write? = nil,
                decode: Decode? = nil) {
        self.schema = schema
        self.relation = relation
        self.location = location
        self.columns = columns
        self.embeds = embeds
        self.selectedKeys = selectedKeys
        self.selectsAll = selectsAll
        self.write = write
        self.decode = decode
    }

    /// Reads `select` (the string's decoded text) into columns and embeds located inside the literal: `locate`
    /// turns a UTF-8 offset of the decoded text into a location (nil when it cannot, then the literal's own start).
    /// Returns false when the string is no selection this reader can read.
    /// The columns an upsert's `onConflict` value names (`"user_id, deal_id"`), each with the byte offset in the
    /// value where its name starts (past the spaces before it).
    public static func conflictColumns(_ value: String) -> [(name: String, offset: Int)] {
        var out: [(name: String, offset: Int)] = []
        var offset = 0
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let lead = part.utf8.count - part.drop { $0 == " " }.utf8.count
            if !trimmed.isEmpty { out.append((trimmed, offset + lead)) }
            offset += part.utf8.count + 1
        }
        return out
    }

    public mutating func addSelect(_ select: String, at literal: SourceLocation, locate: @escaping (Int) -> SourceLocation?) -> Bool {
        guard let selection = PostgRESTSelect.parse(select) else { return false }
        let at = { (offset: Int) in locate(offset) ?? literal }
        func columns(_ selection: PostgRESTSelect.Selection) -> [ColumnName] {
            selection.columns.map { ColumnName(name: $0.name, role: .selected, location: at($0.offset)) }
        }
        func embeds(_ selection: PostgRESTSelect.Selection) -> [Embed] {
            selection.embeds.map { embed in
                Embed(name: embed.name, hint: embed.hint, location: at(embed.offset), hintLocation: embed.hintOffset.map(at),
                      columns: columns(embed.selection), embeds: embeds(embed.selection))
            }
        }
        self.columns += columns(selection)
        self.embeds += embeds(selection)
        selectedKeys = (selectedKeys ?? []) + selection.namedKeys
        selectsAll = selectsAll || selection.star || selection.spreadsStar
        return true
    }
}

/// A call of a database function through PostgREST (`.rpc("fn", params: …)`).
public struct RPCUse: Sendable, Equatable, Codable {
    public var schema: String
    public var name: String
    public var location: SourceLocation
    /// The named arguments sent, each where its key is written; nil when they cannot all be listed.
    public var arguments: [String: SourceLocation]?

    public init(schema: String = "public", name: String, location: SourceLocation, arguments: [String: SourceLocation]?) {
        self.schema = schema
        self.name = name
        self.location = location
        self.arguments = arguments
    }
}

/// What one source file names of the schema.
public struct SchemaUses: Sendable, Equatable, Codable {
    public var queries: [SchemaUse] = []
    public var rpcs: [RPCUse] = []

    public init(queries: [SchemaUse] = [], rpcs: [RPCUse] = []) {
        self.queries = queries
        self.rpcs = rpcs
    }
}
