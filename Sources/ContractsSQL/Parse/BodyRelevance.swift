import ContractsCore

/// Whether the statements inside a function body or DO block could matter to any SQL rule, judged from the
/// body's bytes before its statements are parsed one by one (each PL/pgSQL expression is a parse of its own,
/// the costliest part of reading a migration).
///
/// A rule reads a body statement only when it names the registry's table, column, constraint or ENUM type
/// (or any type: `CREATE TYPE`/`ALTER TYPE` keep the ENUM replay whole), calls an SQL emitter, builds a
/// JSON object (push payloads) or posts one (`net.http_post`); and reads an RPC's body whole. Identifiers are compared lowercased (PostgreSQL
/// folds unquoted ones), and a body with a Unicode-escaped identifier (`U&"..."`) is always read. A body that
/// mentions none of them yields no statement any rule reads; its syntax is still checked.
///
/// The same judgement, finer, for the statements of a migration file itself (`keepsTree`): which parse trees
/// libpg_query returns are worth turning into `PgNode`s at all.
struct BodyRelevance: Sendable {
    /// Lowercased needles; nil: every body matters (`init` reads migrations before any registry exists).
    let needles: ByteNeedles?
    /// Schema-qualified, lowercased names of the registry's RPCs (`payloads[].rpc`).
    let rpcs: Set<String>
    /// Lowercased needles a migration's own statement must hold for a rule to read its tree, unless its kind
    /// is always read (`treeKinds`); nil: every tree is read.
    let statementNeedles: ByteNeedles?
    /// Whether the body in force of every function is read for the names its SQL statements use (`BodyNameReader`),
    /// whether or not it matters to another rule. `NAARS_BENCH_NO_BODY_NAMES=1`: not, so a bench can time what that
    /// read adds to a cold `check`.
    let bodyNames = Environment.value("NAARS_BENCH_NO_BODY_NAMES") != "1"

    /// Every body matters.
    static let all = BodyRelevance(needles: nil, rpcs: [], statementNeedles: nil)

    /// Everything above as text: part of the key a parse is remembered under (`ContentMemo`).
    let key: String

    private init(needles: ByteNeedles?, rpcs: Set<String>, statementNeedles: ByteNeedles?) {
        self.needles = needles
        self.rpcs = rpcs
        self.statementNeedles = statementNeedles
        func words(_ needles: ByteNeedles?) -> String {
            needles.map { $0.needles.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\u{1}") } ?? "*"
        }
        key = [words(needles), rpcs.sorted().joined(separator: "\u{1}"), words(statementNeedles), bodyNames ? "names" : ""]
            .joined(separator: "\u{2}")
    }

    init(_ registry: Registry) {
        let emitters = registry.emitters.sql.map { String($0.function.split(separator: ".").last ?? "") }
        // Every enum's tables, columns, constraints (the notification enum's under their default name too) and ENUM
        // types, read in one pass; `http_post`: a push sender's body, which says the objects handed to it are pushes
        // (`PushSends`).
        var words: [String] = [], statementWords: [String] = []
        for (index, e) in registry.allEnums.enumerated() {
            let notification = index == 0 && registry.notificationTypes != nil
            for column in e.sql.columns {
                let constraint = notification ? column.constraint ?? "\(column.table)_\(column.column)_check" : column.constraint
                words += [column.table, column.column] + (constraint.map { [$0] } ?? [])
                statementWords += [column.table, column.column]
            }
            if let type = e.sql.enumType { words.append(type.name) }
        }
        words += ["type", "_build_object", "http_post", "u&"] + emitters
        statementWords += ["u&"] + emitters
        self.init(needles: ByteNeedles(words.map { $0.lowercased() }),
                  rpcs: Set(registry.payloads.compactMap(\.rpc).map(SQLFacts.qualifiedName)),
                  statementNeedles: ByteNeedles(statementWords.map { $0.lowercased() }))
    }

    /// The same, with calls of these functions read too (`SQLSinks.names`, lowercased).
    func adding(_ functions: [String]) -> BodyRelevance {
        guard let needles, let statementNeedles, !functions.isEmpty else { return self }
        let words = { (needles: ByteNeedles) in needles.needles.map { String(decoding: $0, as: UTF8.self) } + functions }
        return BodyRelevance(needles: ByteNeedles(words(needles)), rpcs: rpcs, statementNeedles: ByteNeedles(words(statementNeedles)))
    }

    /// Whether the statements of `code` (the body of function `function`, nil for a DO block) may matter.
    func mayMatter(_ code: String, function: String?) -> Bool {
        guard let needles else { return true }
        if let function, rpcs.contains(function) { return true }
        return Self.lowercasedASCII(Array(code.utf8)).withUnsafeBytes { needles.anyOccurs(in: $0) }
    }

    /// Statement kinds whose trees are always read, whatever they name: the function definitions and DO blocks
    /// (their bodies are judged by `mayMatter`), every ENUM, type and drop statement the ENUM replay and the
    /// function list follow, renames, triggers and `ALTER FUNCTION` (read by `db-function-drift`).
    static let treeKinds: Set<String> = [
        "CreateFunctionStmt", "DoStmt", "CreateEnumStmt", "AlterEnumStmt", "RenameStmt", "DropStmt",
        "CreateTrigStmt", "AlterFunctionStmt",
    ]

    /// Whether a rule may read the tree of a migration's own statement of `kind` whose text is `lowered[range]`
    /// (the file's bytes, ASCII lowercased by `lowercasedASCII`).
    ///
    /// Every other tree is read for what it says about the registry's table (constraint and column-type events:
    /// its name is in the text), its column (type literals compared with, assigned to or inserted into it: the
    /// column's name is in the text) or an emitter call (the function's name is in the text). An identifier may
    /// hide from a byte test only when Unicode-escaped (`U&"..."`, a needle), or when non-ASCII (Swift compares
    /// and lowercases Unicode, so `"\u{212A}ind"` is `kind`): a statement with any non-ASCII byte is always read.
    func keepsTree(kind: String, _ lowered: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let statementNeedles, !Self.treeKinds.contains(kind) else { return true }
        let text = UnsafeBufferPointer(rebasing: lowered[range.clamped(to: 0 ..< lowered.count)])
        if text.contains(where: { $0 >= 0x80 }) { return true }
        return statementNeedles.anyOccurs(in: UnsafeRawBufferPointer(text))
    }

    /// `bytes` with ASCII upper-case letters lowered (other bytes as they are).
    static func lowercasedASCII(_ bytes: [UInt8]) -> [UInt8] {
        var lowered = bytes
        for i in lowered.indices where lowered[i] >= UInt8(ascii: "A") && lowered[i] <= UInt8(ascii: "Z") { lowered[i] |= 0x20 }
        return lowered
    }
}
