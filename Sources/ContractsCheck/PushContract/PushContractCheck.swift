import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// The keys the app reads from pushes against the keys the server's pushes send, with no registry entry between
/// them: a key read through a `switch self` property of the notification enum, per type, and the keys a push
/// without a type key carries. It reads Swift and TypeScript (and, for a key about to be reported, the
/// migrations' text), so it sits between them, as `RPCPayloadCheck` does.
public enum PushContractCheck {
    /// Findings with the rules' default severity, sorted for reporting. Each file's part goes through `cache`
    /// (`check` keeps it between runs), so an edit reads the edited file again and joins.
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil) throws -> [Finding] {
        let cache = cache ?? NoCheckerCache(context.tree)
        let registry = context.registry
        // Without a Swift notification enum no property reads through one; key reads are read all the same.
        let enumName = registry.notificationTypes?.swiftEnum ?? ""
        let text = { (tree: FileTree, path: String) in String(decoding: try tree.read(path), as: UTF8.self) }
        let reads = try context.swiftSources().concurrentMap { path in
            Result { try cache.run("push-reads:" + path, key: enumName) { tree in
                try tree.readText(path, ifHoldingAnyOf: PushReadReader.needles(enumName: enumName))
                    .map { PushReadReader.summary(path: path, text: $0, enumName: enumName) } ?? PushReadSummary()
            } }
        }.map { try $0.get() }.filter { !$0.isEmpty }
        // Nothing to hold a push against: no read through the enum, no read outside a `case`.
        guard reads.contains(where: { !$0.propertyReads.isEmpty || $0.keyReads.contains { !$0.inCase } }) else { return [] }
        let sends = try context.typescriptSources().concurrentMap { path in
            Result { try cache.run("push-sends:" + path, key: "") { tree in
                TypeScriptSourceCheck.pushSends(path: path, text: try text(tree, path), registry: registry)
            } }
        }.map { try $0.get() }.flatMap { $0 }
        guard !sends.isEmpty else { return [] }
        let facts = PushContractFacts(registry: registry, reads: reads, sends: sends,
                                      migrations: MigrationText { try migrationText(context) })
        return units.flatMap { $0.findings(facts) }.sortedForReport()
    }

    /// Every migration's text, lowercased: read only when a key is about to be reported.
    private static func migrationText(_ context: CheckContext) throws -> String {
        try context.registry.migrations.flatMap { folder in try context.tree.files(under: folder.dir) }
            .filter { $0.hasSuffix(".sql") }
            .map { String(decoding: try context.tree.read($0), as: UTF8.self).lowercased() }
            .joined(separator: "\n")
    }

    static let units: [any DriftRule<PushContractFacts>.Type] = [EnumPushKeyRule.self, TypelessPushKeyRule.self]

    /// Its rule units, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { units.map { $0 as any DriftRule.Type } }
}

/// The app's push reads and the server's push payloads, project-wide.
struct PushContractFacts {
    let registry: Registry
    let reads: [PushReadSummary]
    let sends: [PushSend]
    /// The migrations' text, for the last word on a key: a push the database builds may send it (its builders
    /// are read only with `push_keys`).
    let migrations: MigrationText

    /// Whether some migration spells `key` as a string (`'post_id'`), or cannot be read: the database may send it.
    func databaseMaySend(_ key: String) -> Bool {
        guard let text = migrations.text else { return true }
        return text.contains("'\(key.lowercased())'")
    }

    /// Keys the app writes into a notification's `userInfo` itself.
    var appKeys: Set<String> { Set(reads.flatMap(\.appKeys)) }

    /// Keys no push contract is about: what APNs and FCM define, recipients, the type key and the link key.
    var serviceKeys: Set<String> {
        PushServiceKeys.all.union([registry.notificationTypes?.payloadKey, registry.deepLinks?.linkKey].compactMap { $0 })
    }
}

/// The migrations' text, read once, on first use.
final class MigrationText {
    private let read: () throws -> String
    private lazy var result: String? = try? read()

    init(_ read: @escaping () throws -> String) { self.read = read }

    /// Nil when a migration cannot be read.
    var text: String? { result }
}
