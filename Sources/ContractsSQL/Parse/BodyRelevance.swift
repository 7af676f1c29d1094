import ContractsCore

/// Whether the statements inside a function body or DO block could matter to any SQL rule, judged from the
/// body's bytes before its statements are parsed one by one (each PL/pgSQL expression is a parse of its own,
/// the costliest part of reading a migration).
///
/// A rule reads a body statement only when it names the registry's table, column, constraint or ENUM type
/// (or any type: `CREATE TYPE`/`ALTER TYPE` keep the ENUM replay whole), calls an SQL emitter, or builds a
/// JSON object (push payloads); and reads an RPC's body whole. Identifiers are compared lowercased (PostgreSQL
/// folds unquoted ones), and a body with a Unicode-escaped identifier (`U&"..."`) is always read. A body that
/// mentions none of them yields no statement any rule reads; its syntax is still checked.
struct BodyRelevance: Sendable {
    /// Lowercased needles; nil: every body matters (`init` reads migrations before any registry exists).
    let needles: ByteNeedles?
    /// Schema-qualified, lowercased names of the registry's RPCs (`payloads[].rpc`).
    let rpcs: Set<String>

    /// Every body matters.
    static let all = BodyRelevance(needles: nil, rpcs: [])

    private init(needles: ByteNeedles?, rpcs: Set<String>) {
        self.needles = needles
        self.rpcs = rpcs
    }

    init(_ registry: Registry) {
        let target = registry.notificationTypes.sql
        var words = [target.table, target.column, target.constraintName, "type", "_build_object", "u&"]
        if let type = target.enumType { words.append(type.name) }
        words += registry.emitters.sql.map { String($0.function.split(separator: ".").last ?? "") }
        self.init(needles: ByteNeedles(words.map { $0.lowercased() }),
                  rpcs: Set(registry.payloads.compactMap(\.rpc).map(SQLFacts.qualifiedName)))
    }

    /// Whether the statements of `code` (the body of function `function`, nil for a DO block) may matter.
    func mayMatter(_ code: String, function: String?) -> Bool {
        guard let needles else { return true }
        if let function, rpcs.contains(function) { return true }
        var lowered = Array(code.utf8)
        for i in lowered.indices where lowered[i] >= UInt8(ascii: "A") && lowered[i] <= UInt8(ascii: "Z") { lowered[i] |= 0x20 }
        return lowered.withUnsafeBytes { needles.anyOccurs(in: $0) }
    }
}
