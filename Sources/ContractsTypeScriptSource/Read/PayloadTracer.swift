import ContractsCore

/// Follows one RPC result through a file: every read of a key the payload lacks becomes a finding.
struct PayloadTracer {
    let source: TSSource
    let contract: TSContract
    let rpc: String
    var findings: [Finding] = []
    private var reported = Set<Int>()
    private var depth = 0

    init(source: TSSource, contract: TSContract, rpc: String) {
        self.source = source
        self.contract = contract
        self.rpc = rpc
    }

    /// Methods on the client's response that keep it a response (`.rpc(...).single()`).
    static let responseMethods: Set<String> = ["single", "maybeSingle", "throwOnError", "abortSignal", "returns"]
    /// Properties of an array: read on an RPC's rows (one row and the set are not told apart), not a key.
    static let rowSetProperties: Set<String> = ["length"]
    /// Array methods whose callback receives an element.
    static let elementCallbacks: Set<String> = ["map", "forEach", "filter", "find", "some", "every", "flatMap", "findLast"]

    /// The expression starting at `start` has `value` after token `i`: walk its accessors, then follow
    /// whatever it is assigned to.
    mutating func trace(expressionFrom start: Int, after i: Int, holding value: PayloadValue) {
        guard depth < 8 else { return }
        depth += 1
        defer { depth -= 1 }
        let (end, result) = walk(from: i, holding: value, expressionStart: start)
        guard let result else { return }
        followAssignment(start: start, end: end, value: result)
    }

    /// Walks `.key`, `?.key`, `['key']`, `[i]` after token `i`, reporting keys the payload lacks.
    mutating func walk(from i: Int, holding value: PayloadValue, expressionStart: Int) -> (end: Int, value: PayloadValue?) {
        var end = i
        var current = value
        while let a = source.accessor(after: end) {
            let callsMethod = source.isPunct(a.end + 1, "(") && source.partner[a.end + 1] > a.end
            end = a.end
            if a.key == nil, !a.isIndex { continue }
            switch current {
            case .response(let shape):
                if a.key == "data" {
                    current = .object(shape)
                } else if let k = a.key, PayloadTracer.responseMethods.contains(k), callsMethod {
                    end = source.partner[a.end + 1]
                } else {
                    return (end, nil)
                }
            case .object(let shape):
                // An RPC that returns a set gives its rows: `data[0]` is a row of the same shape.
                if a.isIndex, a.end == a.keyIndex + 2, source.token(a.keyIndex + 1)?.kind == .number { continue }
                guard let k = a.key else { return (end, nil) }
                let field = shape.fields.first { $0.key == k }
                if callsMethod {
                    // The row set's array methods (`data.map((d) => d.total)`): the callback's element is a row.
                    guard field == nil, PayloadTracer.elementCallbacks.contains(k) else { return (end, nil) }
                    traceCallback(open: a.end + 1, element: shape)
                    end = source.partner[a.end + 1]
                    if k == "filter" { current = .array(shape); continue }
                    if k == "find" || k == "findLast" { continue }
                    return (end, nil)
                }
                // The row set's own property (`data?.length ?? 0`) is no key of a row.
                if field == nil, PayloadTracer.rowSetProperties.contains(k) { return (end, nil) }
                guard let field else {
                    report(k, at: a.keyIndex, shape: shape, subject: "`\(source.text(from: expressionStart, through: a.end))`")
                    return (end, nil)
                }
                guard let next = held(by: field.type) else { return (end, nil) }
                current = next
            case .map(let shape):
                // Any key of a map is one of its values (`counts[userId]`, `counts.someone`); a method of the
                // object, or its own properties, end the trace.
                guard !callsMethod else { return (end, nil) }
                current = .object(shape)
            case .array(let shape):
                if a.isIndex {
                    current = .object(shape)
                } else if let k = a.key, PayloadTracer.elementCallbacks.contains(k), callsMethod {
                    traceCallback(open: a.end + 1, element: shape)
                    end = source.partner[a.end + 1]
                    if k == "filter" { continue }
                    if k == "find" || k == "findLast" { current = .object(shape); continue }
                    return (end, nil)
                } else {
                    return (end, nil)
                }
            }
        }
        return (end, current)
    }

    /// What a field of this type holds, when it is a payload worth following.
    func held(by type: FieldType) -> PayloadValue? {
        switch type {
        case .payload(let name): return contract.registry.payload(named: name).map { .object($0) }
        case .array(.payload(let name)): return contract.registry.payload(named: name).map { .array($0) }
        case .map(.payload(let name)): return contract.registry.payload(named: name).map { .map($0) }
        default: return nil
        }
    }

    /// `subject` says what reads the key (`` `counts?.total` ``, `destructuring`).
    mutating func report(_ key: String, at index: Int, shape: PayloadShape, subject: String) {
        guard reported.insert(index).inserted else { return }
        let keys = shape.keys.joined(separator: ", ")
        let hint = Suggestion.closest(to: key, among: shape.keys.sorted(), closeness: .typeScriptName)
        let origin = shape.rpc == rpc ? "the RPC \(rpc)" : "\(shape.name) (from the RPC \(rpc))"
        findings.append(Finding(
            .payloadShapeDrift,
            "\(subject) reads '\(key)', a key \(origin) never returns (\(shape.name) has \(keys))\(hint.map { "; did you mean '\($0)'?" } ?? ""): the value is always undefined and the code silently takes its fallback path; read a registered key, or add '\(key)' to payloads.\(shape.name) in \(contract.registry.file).",
            at: source.location(of: index), registry: shape.location,
            fix: hint.map { "replace '\(key)' with '\($0)'" } ?? "read a key of \(shape.name), or add '\(key)' to payloads.\(shape.name) in \(contract.registry.file)",
            subject: .payloadField(payload: shape.name, field: key)))
    }
}
