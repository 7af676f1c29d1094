import Foundation

/// The targets of a `Package.swift`, read as text (the manifest is Swift, never run): `.executableTarget`,
/// `.target` and `.testTarget` with their `name:` and `path:` (SwiftPM's default: `Sources/<name>`,
/// `Tests/<name>` for tests). `.target(name: "Core")` closed right after its name is a dependency reference
/// when another declaration names the same target; either way it adds no other folder.
enum PackageManifestTargets {
    static func targets(in text: String) -> [AppTargets.Target] {
        guard let call = try? NSRegularExpression(pattern: #"\.(executableTarget|testTarget|target)\s*\(\s*name:\s*"([^"]+)"(\s*\))?"#),
              let path = try? NSRegularExpression(pattern: #"\bpath:\s*"([^"]*)""#) else { return [] }
        let ns = text as NSString
        let matches = call.matches(in: text, range: NSRange(location: 0, length: ns.length))
        let declarations = matches.filter { $0.range(at: 3).location == NSNotFound }
        var out: [AppTargets.Target] = []
        for match in declarations + matches.filter({ $0.range(at: 3).location != NSNotFound }) {
            let kindName = ns.substring(with: match.range(at: 1)), name = ns.substring(with: match.range(at: 2))
            guard !out.contains(where: { $0.name == name }) else { continue }
            // The declaration's own arguments: up to the next declaration.
            let end = declarations.first { $0.range.location > match.range.location }?.range.location ?? ns.length
            let arguments = NSRange(location: match.range.location, length: end - match.range.location)
            let declared = match.range(at: 3).location != NSNotFound ? nil
                : path.firstMatch(in: text, range: arguments).map { ns.substring(with: $0.range(at: 1)) }
            let kind: AppTargets.Kind = kindName == "executableTarget" ? .app : kindName == "testTarget" ? .test : .other
            out.append(AppTargets.Target(name: name, kind: kind, folders: [declared ?? (kind == .test ? "Tests/" : "Sources/") + name]))
        }
        return out
    }
}
