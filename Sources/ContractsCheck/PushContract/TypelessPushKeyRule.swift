import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource

/// `payload-shape-drift` (a push without a type key): an edge function sends `{ aps, groupId }`, and the app routes
/// on the presence of `groupId`. With no type to tie them to, the contract is the keys such pushes send against
/// the keys the app's push handlers read outside any `case`: a key sent that the app never reads, a near miss of
/// a key the app reads that no push sends (`group_id` for `groupId`), is a rename on one side only, and the
/// app's read is always nil.
///
/// Only a push that carries `aps` and no type key counts, and only reads of a push payload (`userInfo`, an
/// `[AnyHashable: Any]`); a key the app reads anywhere, or any push sends, is never reported.
enum TypelessPushKeyRule {
    static func findings(_ facts: PushContractFacts) -> [Finding] {
        let typeless = facts.sends.filter { !$0.typed }
        guard !typeless.isEmpty else { return [] }
        let skipped = facts.serviceKeys.union(facts.appKeys)
        let readAnywhere = Set(facts.reads.flatMap(\.keyReads).map(\.key))
            .union(facts.reads.flatMap(\.properties).flatMap(\.arms).compactMap(\.key))
        let sentAnywhere = Set(facts.sends.flatMap(\.keys).map(\.key))
        let handlerReads = facts.reads.flatMap(\.keyReads).filter { !$0.inCase && !skipped.contains($0.key) && !sentAnywhere.contains($0.key) }
        var out: [Finding] = []
        // One that spreads other keys in may send the read key as well.
        for send in typeless where !send.open {
            for sent in send.keys where !skipped.contains(sent.key) && !readAnywhere.contains(sent.key) {
                guard let read = handlerReads.first(where: { TypeScriptSourceCheck.isNearMiss(sent.key, $0.key) }) else { continue }
                out.append(Finding(
                    .payloadShapeDrift,
                    "push without a type key sends \"\(sent.key)\", but the app's push handler reads \"\(read.key)\" at \(read.location), which no push sends: the read is always nil",
                    at: sent.location, fix: "rename \"\(sent.key)\" to \"\(read.key)\"", related: [read.location],
                    subject: .pushKey(key: sent.key)))
            }
        }
        return out
    }
}

extension TypelessPushKeyRule: DriftRule {
    static let rule = Rule.payloadShapeDrift

    static func source(_ key: String) -> [String: String] {
        ["App/AppDelegate.swift": """
            import UIKit
            import UserNotifications

            final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
                func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
                    let userInfo = response.notification.request.content.userInfo
                    if let groupId = userInfo["groupId"] as? String { GroupRouter.shared.open(groupId) }
                }
            }
            """,
         "supabase/functions/group-invite/index.ts": """
            export function invitePush(groupId: string) {
              return { aps: { alert: { title: 'You were added to a group' } }, \(key): groupId };
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓group_id"))]
    static let nonTriggeringExamples = [
        RuleExample(source("groupId")),
        // A key nothing reads that is no near miss of a read is harmless data.
        RuleExample(source("groupId, invited_by")),
    ]
}
