import ContractsCore

/// The functions the migrations define that write one of their parameters to a column the SQL rules read (any
/// enum's column): inserted, assigned, or passed on to such a function (or
/// to a declared emitter). A call to one with a literal in that position is judged like a direct write
/// (`TypeLiteralReader.sinks`), wherever it is: a function body, a DO block, a migration's own statement.
///
/// Each migration's facts record what each of its functions writes (`FunctionFacts.sinks`); the join keeps the
/// definition of each function still live after the replay (a later `CREATE OR REPLACE` that no longer writes the
/// parameter removes it). A function that hands its parameter on is seen once the callee is known, so
/// `SQLAnalysis.load` reads again, with the sinks found, until they no longer grow.
struct SQLSinks: Sendable, Equatable {
    /// Function name (lowercased, no schema) → its arguments that reach a target (`SinkArgument.target`: the target's
    /// index in `FactsReader.targets`, whichever enum it holds).
    var arguments: [String: [SinkArgument]] = [:]

    /// Every function's name, for `BodyRelevance`: a body calling one is read.
    var names: [String] { arguments.keys.sorted() }

    /// The functions whose sinks differ from `earlier`'s.
    func changed(since earlier: SQLSinks) -> [String] {
        names.filter { arguments[$0] != earlier.arguments[$0] }
    }

    /// Part of `FactsReader.key`.
    var key: String {
        guard !arguments.isEmpty else { return "" }
        return "sinks\u{3}" + arguments.sorted { $0.key < $1.key }.map { name, arguments in
            name + ":" + arguments.map { "\($0.position)/\($0.name ?? "")/\($0.target)" }.joined(separator: ",")
        }.joined(separator: "\u{1}")
    }

    init() {}

    /// The sinks of the functions live after the replay.
    init(_ facts: SQLFacts) {
        for (name, defined) in facts.live where !defined.function.sinks.isEmpty {
            arguments[String(name.split(separator: ".").last ?? ""), default: []] += defined.function.sinks
        }
        for key in arguments.keys { arguments[key] = Array(Set(arguments[key]!)).sorted(by: Self.order) }
    }

    private static func order(_ a: SinkArgument, _ b: SinkArgument) -> Bool {
        (a.position, a.target, a.name ?? "") < (b.position, b.target, b.name ?? "")
    }

    /// As the memo keeps them.
    var encoded: [UInt8] {
        var out = ByteWriter()
        out.list(arguments.sorted { $0.key < $1.key }) { out, entry in
            out.string(entry.key)
            out.list(entry.value) { out, sink in sink.encode(into: &out) }
        }
        return out.bytes
    }

    static func decode(_ bytes: [UInt8]) -> SQLSinks? {
        bytes.withUnsafeBufferPointer { buffer in
            var input = ByteReader(bytes: buffer)
            guard let entries = try? input.list({ input -> (String, [SinkArgument]) in
                let name = try input.string()
                return (name, try input.list(SinkArgument.decode))
            }), input.atEnd else { return nil }
            var sinks = SQLSinks()
            sinks.arguments = Dictionary(entries, uniquingKeysWith: { a, _ in a })
            return sinks
        }
    }

    /// The parameters a call passes (`IN`, `INOUT`, `VARIADIC` and unmarked ones, in order): lowercased names, `""`
    /// for an unnamed one.
    static func parameters(of createFunction: PgNode) -> [String] {
        (createFunction["parameters"]?.items ?? []).compactMap { $0.node("FunctionParameter") }
            .filter { !["FUNC_PARAM_OUT", "FUNC_PARAM_TABLE"].contains($0["mode"]?.string ?? "") }
            .map { $0["name"]?.string?.lowercased() ?? "" }
    }

    /// The default expression of each parameter a call passes (`parameters(of:)`'s, in the same order), nil when it has
    /// none.
    static func parameterDefaults(of createFunction: PgNode) -> [PgNode?] {
        (createFunction["parameters"]?.items ?? []).compactMap { $0.node("FunctionParameter") }
            .filter { !["FUNC_PARAM_OUT", "FUNC_PARAM_TABLE"].contains($0["mode"]?.string ?? "") }
            .map { $0["defexpr"] }
    }

    /// The parameters among the names a body writes to a target (a name, or `$n`).
    static func arguments(_ written: [WrittenName], _ parameters: [String]) -> [SinkArgument] {
        var out: [SinkArgument] = []
        for name in written {
            let index: Int?
            if name.name.hasPrefix("$"), let n = Int(name.name.dropFirst()), n >= 1, n <= parameters.count {
                index = n - 1
            } else {
                index = name.name.isEmpty ? nil : parameters.firstIndex(of: name.name)
            }
            guard let index else { continue }
            let argument = SinkArgument(position: index + 1, name: parameters[index].isEmpty ? nil : parameters[index], target: name.target)
            if !out.contains(argument) { out.append(argument) }
        }
        return out
    }
}

extension SinkArgument {
    static func decode(_ input: inout ByteReader) throws -> SinkArgument {
        let position = try input.int(), name = try input.optional { try $0.string() }
        return SinkArgument(position: position, name: name, target: try input.int())
    }

    func encode(into out: inout ByteWriter) {
        out.int(position)
        out.optional(name) { $0.string($1) }
        out.int(target)
    }
}
