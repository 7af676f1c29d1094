import ContractsCore
import SwiftSyntax

/// `swift-unknown-literal`: a string used as a notification type that the registry does not know.
///
/// Such a branch never runs (the server cannot send the value) or the server sends a type the app was
/// never told about; either way the literal and the registry disagree.
enum UnknownLiteralRule {
    /// `projectTypes`: the types the whole project declares, when `files` are not the whole project.
    static func findings(in files: [ParsedSwiftFile], registry: Registry, projectTypes: DeclaredTypes? = nil) -> [Finding] {
        let set = registry.notificationTypes
        let projectTypes = projectTypes ?? files.reduce(into: DeclaredTypes()) { $0.merge($1.declaredTypes) }
        return files.concurrentMap { file in
            let uses = TypeLiteralUses(file, enumName: set.swiftEnum, typeKey: set.payloadKey, payloadReads: file.pushReads,
                                       projectTypes: projectTypes)
            return uses.literals.compactMap { literal -> Finding? in
                guard let raw = literal.representedLiteralValue else { return nil }
                if let value = set.value(raw: raw) {
                    guard !value.scope.inApp else { return nil }
                    return Finding(
                        .swiftUnknownLiteral,
                        "\"\(raw)\" is used as a \(set.swiftEnum) raw value but is server-only (scope: server): the app never holds it, so this branch never runs; remove it, or give \"\(raw)\" scope all in registry.yaml",
                        at: file.location(of: literal), registry: value.location)
                }
                let hint = closest(to: raw, in: set.rawValues).map { " (did you mean \"\($0)\"?)" } ?? ""
                return Finding(
                    .swiftUnknownLiteral,
                    "\"\(raw)\" is used as a \(set.swiftEnum) raw value but is not registered\(hint); use a registered type or add \"\(raw)\" to registry.yaml",
                    at: file.location(of: literal), registry: set.location)
            }
        }.flatMap { $0 }
    }

    /// The registered value nearest to a typo, if one is close (edit distance at most a third of its length).
    static func closest(to raw: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(Array(raw.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, raw.utf8.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = min(above + 1, row[j] + 1, diagonal + (x == y ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
