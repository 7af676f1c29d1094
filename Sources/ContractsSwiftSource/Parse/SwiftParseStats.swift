import ContractsCore
import Foundation
import SwiftParser
import SwiftSyntax

/// What `scripts/bench` measures of the Swift side: its floor (the same files parsed, nothing else) and the
/// pre-filter's precision (files parsed against files that gave the rules something to read).
///
/// The counts are kept only when `NAARS_SWIFT_STATS=1`, and `check` then prints them to standard error
/// (`SwiftParseStats.report`); a run without it pays nothing.
public final class SwiftParseStats: @unchecked Sendable {
    /// Made when `NAARS_SWIFT_STATS=1`: the one run that counts.
    public static let shared: SwiftParseStats? = Environment.value("NAARS_SWIFT_STATS") == "1" ? SwiftParseStats() : nil

    private let lock = NSLock()
    private var sources = 0
    private var parsedPaths = Set<String>()
    private var parses = 0
    private var factPaths = Set<String>()

    func counted(sources count: Int) {
        lock.lock()
        sources = count
        lock.unlock()
    }

    func counted(parse path: String) {
        lock.lock()
        parses += 1
        parsedPaths.insert(path)
        lock.unlock()
    }

    func counted(facts path: String) {
        lock.lock()
        factPaths.insert(path)
        lock.unlock()
    }

    /// One line: `swift: S sources, P parsed (N parses), F with a fact`. P and N count the parses of every reader of
    /// the run (`SwiftTrees`, and any made outside it), not only the Swift checker's.
    public var report: String {
        lock.lock()
        defer { lock.unlock() }
        return "swift: \(sources) sources, \(parsedPaths.count) parsed (\(parses) parses), \(factPaths.count) with a fact"
    }

    /// Whether a parsed file gave the Swift rules anything to read: a finding, a declaration of a type the rules
    /// look up by the registry's name (the notification, deep-link, payload and shared enums' types), a name
    /// declared with one of those types, a row type (`Encodable`, its keys), a `userInfo` key written or read, a
    /// literal read or written as a notification type, a call of one of the project's sink functions, or a struct decoded where a payload's RPC is called. A file the
    /// pre-filter admits that yields none of these was parsed for nothing.
    static func yieldsFacts(_ file: ParsedSwiftFile, findings: [Finding], registry: Registry, projectTypes: DeclaredTypes,
                            sinks: SwiftSinks? = nil) -> Bool {
        if !findings.isEmpty || !file.pushReads.reads.isEmpty { return true }
        if let sinks, sinks.names.contains(where: { file.mentions($0) }) { return true }
        let set = registry.notificationTypes
        let contractTypes = Set([set?.swiftEnum, registry.deepLinks?.swiftEnum].compactMap { $0 }
            + registry.payloads.flatMap { [$0.typeName, $0.name] } + SwiftSharedEnums(registry).declared.compactMap(\.components.last))
        if contractTypes.contains(where: { !file.types.memberBlocks(of: $0).isEmpty }) { return true }
        let declared = file.declaredTypes
        if declared.names.values.contains(where: { !$0.isDisjoint(with: contractTypes) })
            || declared.members.values.contains(where: { $0.values.contains { contractTypes.contains($0) } })
            || !declared.encoded.types.isEmpty || !declared.appUserInfoKeys.isEmpty || !declared.spellings.isEmpty {
            return true
        }
        let rpcs = Set(registry.payloads.compactMap(\.rpc).map(PayloadShapeRule.rpcName))
        if RPCDecodeReader.localDecodes(in: file).contains(where: { rpcs.contains(PayloadShapeRule.rpcName($0.rpc)) }) { return true }
        let enums = SwiftSharedEnums(registry)
        if !enums.isEmpty, !SharedEnumTypedLiterals(file, enums: enums, projectTypes: projectTypes).uses.isEmpty { return true }
        guard let set else { return false }
        let uses = TypeLiteralUses(file, typeKey: set.payloadKey, payloadReads: file.pushReads)
        return !uses.literals.isEmpty || !uses.writes.isEmpty
    }
}

extension SwiftSourceCheck {
    /// The Swift side's floor (`naars-contracts _bench-parse-floor`, for `scripts/bench`): reads the context's
    /// Swift sources and parses with swift-syntax, on every core as `findings(in:)` does, exactly the files it
    /// parses (the same pre-filter and nesting guard; not the files read only because they call a sink function), once
    /// each, and does nothing else. Returns how many.
    public static func parseFloor(in context: CheckContext) throws -> Int {
        let needles = SourceNeedles(registry: context.registry)
        let paths = try context.swiftSources()
        return try paths.concurrentMap { path in
            Result { () -> Int in
                let bytes = try context.tree.read(path)
                guard needles.matches(bytes), SwiftNestingDepth.offsetPast(in: Array(bytes)) == nil else { return 0 }
                let syntax = Parser.parse(source: String(decoding: bytes, as: UTF8.self))
                return syntax.totalLength.utf8Length > 0 || bytes.isEmpty ? 1 : 0
            }
        }.reduce(0) { try $0 + $1.get() }
    }
}
