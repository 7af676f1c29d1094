import ContractsCore
import SwiftSyntax

/// `swift-deeplink-drift`, payload half: a key the app reads from a push payload that the server never sends.
///
/// The server sends the notification-type key, the deep-link key, each deep-link parameter's payload key, the
/// registry's `push_keys` (`message_id`, `reminder_id`) and the keys APNs itself defines; a read of anything
/// else is a branch that can never be taken. A push key with `types:` read in a `case` of the types that never
/// carry it is one too. A key a SQL push sends proves the first kind wrong; the migrations are not this reader's,
/// so `check` drops those findings where it joins the two (`ServerPushKeys` in ContractsCheck).
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
        let registered = registeredKeys(registry)
        let sent = Set(registered).union(apnsKeys).union(projectTypes.appUserInfoKeys)
        let known = registered.map { "\"\($0)\"" }.joined(separator: ", ")
        // Without `push_keys`, a deep-link parameter is the one place a registry declares a payload key.
        let advice = { (key: String) in
            registry.pushKeys.isEmpty ? "add a deep-link parameter with payload_key \"\(key)\"" : "declare \"\(key)\" in push_keys"
        }
        let location = links?.location ?? registry.pushKeys[0].location
        return files.flatMap { file in
            wrongType(file, registry: registry) + file.pushReads.reads
                .filter { !sent.contains($0.key) }
                .map { read in
                    Finding(
                        .swiftDeepLinkDrift,
                        "push payload key \"\(read.key)\"" + neverSent + "(registry keys: \(known)); read a registered key or \(advice(read.key))",
                        at: file.location(of: read.node), registry: location,
                        fix: (Suggestion.closest(to: read.key, among: registered).map { "read \"\($0)\" instead, or " } ?? "read a registered key, or ")
                            + advice(read.key),
                        subject: .pushKey(key: read.key))
                }
        }
    }

    /// What a read of a key nothing declares is told, after the key.
    private static let neverSent = " is read here but the server never sends it "

    /// The keys the registry says a push carries: the deep-link parameters' payload keys, `push_keys`, the
    /// notification contract's payload key and the deep-link key.
    private static func registeredKeys(_ registry: Registry) -> [String] {
        let links = registry.deepLinks
        return (links?.payloadKeys ?? []) + registry.pushKeys.map(\.key)
            + [registry.notificationTypes?.payloadKey, links?.linkKey].compactMap { $0 }
    }

    /// The key of a finding saying the server never sends it, nil for any other finding: its subject is a push key
    /// the registry declares nowhere (a declared key read for the wrong types is no such finding).
    static func unsentKey(of finding: Finding, registry: Registry) -> String? {
        guard finding.ruleID == Rule.swiftDeepLinkDrift.id, case .pushKey(let key)? = finding.subject,
              !registeredKeys(registry).contains(key) else { return nil }
        return key
    }

    /// A push key with `types:` read in a `case` of a switch over the notification type whose cases are all types
    /// that never carry it (`case .eventReminder: userInfo["message_id"]` when only `message` pushes send it).
    private static func wrongType(_ file: ParsedSwiftFile, registry: Registry) -> [Finding] {
        guard let types = registry.notificationTypes else { return [] }
        return file.pushReads.reads.compactMap { read -> Finding? in
            guard let key = registry.pushKeys.first(where: { $0.key == read.key }), !key.types.isEmpty,
                  let names = enclosingCaseNames(of: Syntax(read.node)) else { return nil }
            let values = names.compactMap { name in types.values.first { $0.swiftCase == name } }
            guard values.count == names.count, !values.isEmpty,
                  !values.contains(where: { key.types.contains($0.raw) }) else { return nil }
            let cases = names.map { ".\($0)" }.joined(separator: ", ")
            let carriers = key.types.map { "\"\($0)\"" }.joined(separator: ", ")
            return Finding(
                .swiftDeepLinkDrift,
                "push payload key \"\(read.key)\" is read for \(cases) but only pushes of \(carriers) carry it (push_keys types); read it where those types are handled, or add the type to its types",
                at: file.location(of: read.node), registry: key.location,
                fix: "read \"\(read.key)\" where \(carriers) are handled, or add \(values.map { "\"\($0.raw)\"" }.joined(separator: ", ")) to its types in push_keys",
                subject: .pushKey(key: read.key))
        }
    }

    /// The member names a read's nearest enclosing `case` lists (`case .a, .b:`); nil under `default:`, outside a
    /// switch, or when a label is no plain member pattern.
    private static func enclosingCaseNames(of node: Syntax) -> [String]? {
        var current = node.parent
        while let n = current {
            if let arm = n.as(SwitchCaseSyntax.self) {
                guard case .case(let label) = arm.label else { return nil }
                let names = label.caseItems.compactMap { item -> String? in
                    item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self)?
                        .declName.baseName.plainName
                }
                return names.count == label.caseItems.count ? names : nil
            }
            if n.is(FunctionDeclSyntax.self) || n.is(ClosureExprSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }
}

extension UserInfoKeyRule: SwiftFactRule {
    /// Keys are read from a notification's userInfo (`[AnyHashable: Any]`).
    static func needles(_ registry: Registry) -> [String] { registry.deepLinks != nil || !registry.pushKeys.isEmpty ? ["userInfo", "AnyHashable"] : [] }

    static let rule = Rule.swiftDeepLinkDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] {
        findings(in: facts.files, registry: facts.registry, projectTypes: facts.projectTypes)
    }

    static func source(_ key: String) -> [String: String] {
        ["App/PushHandler.swift": """
            import Foundation
            func rideID(from userInfo: [AnyHashable: Any]) -> String? {
                userInfo[\(key)] as? String
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓\"rideID\""), registryAdding: DeepLinkDriftRule.deepLinks)]
    static let nonTriggeringExamples = [RuleExample(source("\"ride_id\""), registryAdding: DeepLinkDriftRule.deepLinks)]
}
