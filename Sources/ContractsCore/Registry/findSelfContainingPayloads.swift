/// The payloads that contain themselves through fields that are not arrays, directly or through other
/// payloads: their Swift structs would be infinitely large.
///
/// A payload contains itself exactly when it lies on a cycle of such fields, so this is Tarjan's search for
/// strongly connected components, written with an explicit stack: linear in payloads plus fields whatever
/// the shape of the references. (Searching path by path from every payload was exponential on a diamond of
/// references, cubic on a chain, and overflowed the stack on a long chain.)
func findSelfContainingPayloads(_ payloads: [PayloadShape]) -> Set<String> {
    var indexByName: [String: Int] = [:]
    for (i, payload) in payloads.enumerated() where indexByName[payload.name] == nil { indexByName[payload.name] = i }
    let edges: [[Int]] = payloads.map { payload in
        payload.fields.compactMap { field in
            guard case .payload(let name) = field.type else { return nil }
            return indexByName[name]
        }
    }
    var order = [Int](repeating: -1, count: payloads.count)
    var low = order
    var onStack = [Bool](repeating: false, count: payloads.count)
    var stack: [Int] = []
    var counter = 0
    var found = Set<String>()
    for root in payloads.indices where order[root] == -1 {
        var work: [(node: Int, nextEdge: Int)] = []
        let enter = { (node: Int) in
            order[node] = counter
            low[node] = counter
            counter += 1
            stack.append(node)
            onStack[node] = true
            work.append((node, 0))
        }
        enter(root)
        while let (node, nextEdge) = work.last {
            if nextEdge < edges[node].count {
                work[work.count - 1].nextEdge += 1
                let target = edges[node][nextEdge]
                if order[target] == -1 {
                    enter(target)
                } else if onStack[target] {
                    low[node] = min(low[node], order[target])
                }
                continue
            }
            work.removeLast()
            if let parent = work.last?.node { low[parent] = min(low[parent], low[node]) }
            guard low[node] == order[node] else { continue }
            var component: [Int] = []
            repeat {
                let member = stack.removeLast()
                onStack[member] = false
                component.append(member)
            } while component.last != node
            if component.count > 1 || edges[node].contains(node) {
                found.formUnion(component.map { payloads[$0].name })
            }
        }
    }
    return found
}
