import ContractsCore
import Foundation

/// The enum the hand-written Swift uses but declares nowhere (`NotificationKind.choreCompleted.rawValue`): the
/// generated one, whose name the registry must keep. The most referenced such type name wins; first file on a tie.
/// Mentions in comments do not count.
enum UndeclaredEnumDiscovery {
    static func name(_ files: ProjectFiles, declared: Set<String>) throws -> (name: String, location: SourceLocation)? {
        let pattern = try NSRegularExpression(pattern: #"\b([A-Z][A-Za-z0-9_]*)\.[a-z][A-Za-z0-9_]*\.rawValue\b"#)
        var counts: [String: Int] = [:], first: [String: SourceLocation] = [:], order: [String] = []
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let name = String(text[range])
                let lineStart = text[..<range.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
                let before = text[lineStart..<range.lowerBound]
                guard !declared.contains(name), !before.contains("//"), !before.contains("*") else { continue }  // code, not comments
                counts[name, default: 0] += 1
                if first[name] == nil {
                    first[name] = SourceLocation(file: path, line: text[..<range.lowerBound].filter { $0 == "\n" }.count + 1, column: 1)
                    order.append(name)
                }
            }
        }
        guard let best = order.max(by: { counts[$0]! != counts[$1]! ? counts[$0]! < counts[$1]! : order.firstIndex(of: $0)! > order.firstIndex(of: $1)! })
        else { return nil }
        return (best, first[best]!)
    }
}
