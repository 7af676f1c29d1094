import ContractsCore
import ContractsSQL
import ContractsSwiftSource

/// Where the Swift reads of push keys meet what the database's pushes send. `swift-deeplink-drift` says a key the
/// app reads from a push is never sent when the registry declares it nowhere; an object a SQL function hands to a
/// push sender (`net.http_post(..., body := jsonb_build_object('user_id', ...))`, or a function that calls it)
/// proves the server does send it, so that finding is dropped. (With `push_keys`, a sent key the registry lacks is
/// reported where it is sent: one mistake, one finding.)
enum ServerPushKeys {
    /// `findings` without those about keys the migrations' push senders send. The migrations are read only when
    /// some finding is about an unsent key: from `memo` when the SQL checker already read them.
    static func withoutSentKeys(_ findings: [Finding], context: CheckContext, memo: ContentMemo?) throws -> [Finding] {
        let unsent = findings.map { SwiftSourceCheck.unsentPushKey(of: $0, registry: context.registry) }
        guard unsent.contains(where: { $0 != nil }) else { return findings }
        let sql = CheckContext(registry: context.registry, tree: context.tree, generatedPaths: context.generatedPaths,
                               memo: context.memo ?? memo)
        let sent = try SQLAnalysis.load(sql).pushSentKeys
        return zip(findings, unsent).filter { _, key in key.map { !sent.contains($0) } ?? true }.map(\.0)
    }
}
