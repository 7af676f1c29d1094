import ContractsCore
import ContractsSwiftSource
import Foundation

/// Where the app's notification flow names an enum: a file that reads push payloads (`userInfo[...]`) and builds a
/// String enum from a raw value there (`NotificationType(rawValue: type)`). A status enum the app only decodes
/// from database rows is not in that flow, so a column it meets is never the notification contract by itself.
enum NotificationFlowEvidence {
    /// Each String enum built from a raw value in a file that reads `userInfo`, with the first place it is built.
    static func pushDecodedEnums(_ files: ProjectFiles, _ enums: [DiscoveredSwiftEnum]) throws -> [String: SourceLocation] {
        let names = Set(enums.map(\.name))
        guard !names.isEmpty else { return [:] }
        var out: [String: SourceLocation] = [:]
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            guard text.contains("userInfo") else { continue }
            var line = 1
            for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
                defer { line += 1 }
                let compact = row.replacingOccurrences(of: " ", with: "")
                guard compact.contains("(rawValue:") else { continue }
                for name in names where out[name] == nil
                    && (compact.contains(name + "(rawValue:") || compact.contains(name + ".init(rawValue:")) {
                    if let before = compact.range(of: name)?.lowerBound, before > compact.startIndex,
                       let c = compact[compact.index(before: before)].unicodeScalars.first,
                       CharacterSet.alphanumerics.contains(c) || c == "_" { continue }
                    out[name] = SourceLocation(file: path, line: line, column: 1)
                }
            }
        }
        return out
    }

    /// Whether a table is the notifications table (`notifications`, `notification_queue`, `user_notifications`).
    static func isNotificationTable(_ table: String) -> Bool {
        table.contains("notification")
    }

    /// Whether an enum's name says it is the notification enum (`NotificationType`, `NotificationKind`).
    static func isNotificationNamed(_ name: String) -> Bool {
        name.lowercased().contains("notification")
    }
}
