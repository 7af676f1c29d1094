/// What one function body hands to other functions as JSON objects it builds: the constant keys of each
/// `jsonb_build_object(...)` passed as an argument (by position, by name as in `body := ...`, or through a variable
/// assigned one), by callee; and every function it calls. Joined over the live functions (`SQLAnalysis.pushSentKeys`),
/// the calls of push senders say which keys the database's pushes carry.
struct PushSends: Sendable, Equatable {
    /// One argument built as an object: the callee (last name part, lowercased) and the object's constant keys,
    /// nested objects' included.
    struct Send: Sendable, Equatable {
        var callee: String
        var keys: [String]
    }

    var sends: [Send] = []
    /// Every function the body calls (last name part, lowercased), each once, sorted.
    var callees: [String] = []

    /// The sends and callees of `body`, a function's statements in order. Each node is looked at a bounded number
    /// of times: an argument's own expression (under casts), never its whole subtree, so nested calls stay linear.
    static func read(_ body: [SQLStatement]) -> PushSends {
        // `payload := jsonb_build_object(...)` or `SELECT jsonb_build_object(...) INTO payload`: the name holds the keys.
        var bound: [String: [String]] = [:]
        for statement in body {
            guard let value = statement.node["targetList"]?.items.first?.node("ResTarget")?["val"] else { continue }
            let keys = builtKeys(value)
            guard !keys.isEmpty else { continue }
            if case .assignment(let variable) = statement.role, !variable.isEmpty {
                bound[variable.lowercased(), default: []] += keys
            }
            for variable in statement.into { bound[variable.lowercased(), default: []] += keys }
        }
        var out = PushSends()
        var callees: Set<String> = []
        for statement in body {
            statement.node.forEachTagged { kind, call, _ in
                guard kind == "FuncCall", let callee = SQLExpression.functionName(call) else { return }
                callees.insert(callee)
                guard !PushBuild.builders.contains(callee) else { return }
                for argument in call["args"]?.items ?? [] {
                    let value = argument.node("NamedArgExpr")?["arg"] ?? argument
                    var keys = builtKeys(value)
                    if let fields = SQLExpression.columnFields(value), fields.count == 1 { keys += bound[fields[0]] ?? [] }
                    if !keys.isEmpty { out.sends.append(Send(callee: callee, keys: keys)) }
                }
            }
        }
        out.callees = callees.sorted()
        return out
    }

    /// The constant keys of the build call `node` is (under casts), its nested builds' keys included; none for
    /// any other expression.
    private static func builtKeys(_ node: PgNode) -> [String] {
        guard let call = SQLExpression.uncast(node).node("FuncCall"), let name = SQLExpression.functionName(call),
              PushBuild.builders.contains(name) else { return [] }
        let args = call["args"]?.items ?? []
        var keys: [String] = []
        for i in stride(from: 0, to: args.count - 1, by: 2) {
            if let key = SQLExpression.stringConstant(args[i]) { keys.append(key.value) }
            keys += builtKeys(args[i + 1])
        }
        return keys
    }
}

extension SQLAnalysis {
    /// The keys the database's pushes send: those of every object a function still defined hands to a push
    /// sender. A push sender is `http_post` (pg_net's `net.http_post(url, body := ...)`), or a function the
    /// migrations define whose last definition calls one. An object built for anything else (a row, an RPC's
    /// result, a log) sends nothing.
    public var pushSentKeys: Set<String> {
        let live = facts.live.values.map(\.function)
        var senders: Set<String> = ["http_post"]
        // A function calling a sender is one: grown until nothing is added (the call graph is finite).
        while true {
            let more = live.filter { f in
                let name = String(f.name.split(separator: ".").last ?? "")
                return !senders.contains(name) && f.pushSends.callees.contains(where: senders.contains)
            }.map { String($0.name.split(separator: ".").last ?? "") }
            guard !more.isEmpty else { break }
            senders.formUnion(more)
        }
        return Set(live.flatMap { $0.pushSends.sends.filter { senders.contains($0.callee) }.flatMap(\.keys) })
    }
}
