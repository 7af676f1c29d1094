import ContractsCore
import SwiftSyntax

/// `swift-deeplink-drift`, payload half: a key the app reads from a push payload that the server never sends.
///
/// The server sends the notification-type key, the deep-link key, each deep-link parameter's payload key, the
/// registry's `push_keys` (`message_id`, `reminder_id`) and the keys APNs itself defines; a read of anything
/// else is a branch that can never be taken.
enum UserInfoKeyRule {
    /// Keys Apple defines in the `aps` dictionary and its `alert` dictionary.
    static let apnsKeys: Set<String> = [
        "aps", "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria", "stale-date",
        "content-state", "timestamp", "event", "dismissal-date", "attributes-type", "attributes",
        "title", "subtitle", "body", "launch-image", "title-loc-key", "title-loc-args", "subtitle-loc-key",
        "subtitle-loc-args", "loc-key", "loc-args", "critical", "name", "volume",
    ]

    /// `projectTypes`: what the whole project declares, when `files` are not the whole project; its keys the
    /// app writes into a notification's `userInfo` itself (a local notification) are not push reads.
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil) -> [Finding] {
        guard registry.deepLinks != nil || !registry.pushKeys.isEmpty else { return [] }
        let projectTypes = projectTypes ?? files.reduce(into: DeclaredTypes()) { $0.merge($1.declaredTypes) }
        let links = registry.deepLinks
        let registered = (links?.payloadKeys ?? []) + registry.pushKeys.map(\.key)
            + [registry.notificationTypes.payloadKey] + [links?.linkKey].compactMap { $0 }
        let sent = Set(registered).union(apnsKeys).union(projectTypes.appUserInfoKeys)
        let known = registered.map { "\"\($0)\"" }.joined(separator: ", ")
        // Without `push_keys` the advice stays as it always was.
        let advice = { (key: String) in
            registry.pushKeys.isEmpty ? "add a deep-link parameter with payload_key \"\(key)\"" : "declare \"\(key)\" in push_keys"
        }
        let location = links?.location ?? registry.pushKeys[0].location
        return files.flatMap { file in
            file.pushReads.reads
                .filter { !sent.contains($0.key) }
                .map { read in
                    Finding(
                        .swiftDeepLinkDrift,
                        "push payload key \"\(read.key)\" is read here but the server never sends it (registry keys: \(known)); read a registered key or \(advice(read.key))",
                        at: file.location(of: read.node), registry: location)
                }
        }
    }
}
