import ContractsCore
import SwiftSyntax

/// `swift-deeplink-drift`, payload half: a key the app reads from a push payload that the server never sends.
///
/// The server sends the notification-type key, the deep-link key, each deep-link parameter's payload key and
/// the keys APNs itself defines; a read of anything else is a branch that can never be taken.
enum UserInfoKeyRule {
    /// Keys Apple defines in the `aps` dictionary and its `alert` dictionary.
    static let apnsKeys: Set<String> = [
        "aps", "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "critical", "name", "volume",
    ]

    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        guard let links = registry.deepLinks else { return [] }
        let sent = Set(links.payloadKeys + [registry.notificationTypes.payloadKey, links.linkKey]).union(apnsKeys)
        let known = (links.payloadKeys + [registry.notificationTypes.payloadKey, links.linkKey])
            .map { "\"\($0)\"" }.joined(separator: ", ")
        return files.flatMap { file in
            file.pushReads.reads
                .filter { !sent.contains($0.key) }
                .map { read in
                    Finding(
                        .swiftDeepLinkDrift,
                        "push payload key \"\(read.key)\" is read here but the server never sends it (registry keys: \(known)); read a registered key or add a deep-link parameter with payload_key \"\(read.key)\"",
                        at: file.location(of: read.node), registry: links.location)
                }
        }
    }
}
