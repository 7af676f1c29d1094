import ContractsCore
import Foundation

/// The project's Swift sinks: every file's summary joined, so a call in one file to a function of another that
/// writes its parameter as a notification type is judged like the write itself.
///
/// A parameter is a sink when its value reaches the type column (directly, or through a row type whose property
/// is encoded as the type key), a declared emitter's type argument, or another sink parameter: rounds over the
/// summaries until none is added. A call is matched to the functions of its name whose parameters its labels
/// fit (defaulted ones may be left out); when its receiver's type is known, to that type's only. Its argument is
/// a type written only when every function it may call takes that argument as a sink: a same-named method of
/// another type that writes nothing keeps a call of unknown receiver silent.
struct SwiftSinks: Sendable {
    /// Name → the functions of that name, each with the indexes of its sink parameters; only names with a sink.
    private(set) var functions: [String: [(function: SwiftSinkSummary.Function, sinks: Set<Int>)]] = [:]

    static let none = SwiftSinks()

    private init() {}

    /// `summaries`: every file's; `encoded`: the project's row types; `emitters`: the registry's Swift emitters.
    init(_ summaries: [SwiftSinkSummary], typeKey: String, encoded: EncodedColumns, emitters: [FunctionEmitter]) {
        let all = summaries.flatMap(\.functions)
        guard all.contains(where: { $0.parameters.contains { !$0.reaches.isEmpty } }) else { return }
        var byName: [String: [(function: SwiftSinkSummary.Function, sinks: Set<Int>)]] = [:]
        for function in all { byName[function.name, default: []].append((function, [])) }
        var changed = true
        while changed {
            changed = false
            for name in byName.keys.sorted() {
                for f in byName[name]!.indices {
                    let entry = byName[name]![f]
                    for (p, parameter) in entry.function.parameters.enumerated() where !entry.sinks.contains(p) {
                        let sink = parameter.reaches.contains { reach in
                            switch reach {
                            case .column:
                                return true
                            case .row(let type, let property):
                                return encoded.property(of: type, encodedAs: typeKey) == property
                            case .call(let shape, let argument):
                                return emitters.contains { Self.takes(shape, argument, emitter: $0) }
                                    || Self.sinkArgument(shape, argument, among: byName[shape.name] ?? [])
                            }
                        }
                        if sink {
                            byName[name]![f].sinks.insert(p)
                            changed = true
                        }
                    }
                }
            }
        }
        functions = byName.filter { $0.value.contains { !$0.sinks.isEmpty } }
    }

    /// The names of the functions a call must name to write a type through one: needles for the files to parse.
    var names: [String] { functions.keys.sorted() }

    /// The same text for the same sinks: part of the cache key of every file's findings.
    var fingerprint: String {
        let lines = functions.keys.sorted().flatMap { name in
            functions[name]!.map { entry in
                entry.function.key + " " + entry.sinks.sorted().map(String.init).joined(separator: ",")
                    + entry.function.parameters.map { $0.defaulted ? "d" : "-" }.joined()
            }.sorted()
        }
        return ContentHash.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// The 0-based indexes of `shape`'s arguments that every function it may call takes as a sink.
    func sinkArguments(of shape: CallShape) -> [Int] {
        guard let candidates = functions[shape.name] else { return [] }
        return shape.labels.indices.filter { Self.sinkArgument(shape, $0, among: candidates) }
    }

    /// The sink parameters of the function `function` (by key): its defaults are written when a call leaves them out.
    func sinkParameters(of key: String, name: String) -> Set<Int> {
        functions[name]?.first { $0.function.key == key }?.sinks ?? []
    }

    /// Whether the function `shape` calls takes its argument `argument` as a sink, whichever of `candidates` it is.
    private static func sinkArgument(_ shape: CallShape, _ argument: Int,
                                     among candidates: [(function: SwiftSinkSummary.Function, sinks: Set<Int>)]) -> Bool {
        let fitting = candidates.compactMap { entry in
            parameterIndexes(shape, entry.function).map { (entry, $0) }
        }
        let called: [((function: SwiftSinkSummary.Function, sinks: Set<Int>), [Int])]
        switch shape.receiver {
        case .type(let type):
            called = fitting.filter { $0.0.function.owner == type }
        case .implicit(let owner):
            let own = fitting.filter { $0.0.function.owner == owner && owner != nil }
            called = own.isEmpty ? fitting.filter { $0.0.function.owner == nil } : own
        case .unknown:
            called = fitting
        }
        return !called.isEmpty && called.allSatisfy { entry, indexes in entry.sinks.contains(indexes[argument]) }
    }

    /// The parameter each of `shape`'s arguments fills in `function`, when its labels fit: in order, a defaulted
    /// parameter may be left out, and a trailing closure fills the last one.
    static func parameterIndexes(_ shape: CallShape, _ function: SwiftSinkSummary.Function) -> [Int]? {
        var indexes: [Int] = []
        var p = 0
        for label in shape.labels {
            while p < function.parameters.count, function.parameters[p].label != label {
                guard function.parameters[p].defaulted else { return nil }
                p += 1
            }
            guard p < function.parameters.count else { return nil }
            indexes.append(p)
            p += 1
        }
        let left = function.parameters[p...].filter { !$0.defaulted }.count
        guard left == 0 || (left == 1 && shape.trailingClosure) else { return nil }
        return indexes
    }

    /// Whether a declared emitter takes `shape`'s argument as the type: by its label, or its 1-based position.
    private static func takes(_ shape: CallShape, _ argument: Int, emitter: FunctionEmitter) -> Bool {
        guard shape.name == emitter.function else { return false }
        if let label = emitter.label { return shape.labels[argument] == label }
        return emitter.argument == argument + 1
    }
}
