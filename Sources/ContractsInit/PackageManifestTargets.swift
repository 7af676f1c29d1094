import ContractsCore
import Foundation

/// The targets of a `Package.swift`, read as text (the manifest is Swift, never run): `.executableTarget`,
/// `.target` and `.testTarget` with their `name:`, `path:` (SwiftPM's default: `Sources/<name>`, `Tests/<name>` for
/// tests), `exclude:` and `sources:` (both below the path), all below the manifest's folder. `.target(name: "Core")`
/// closed right after its name is a dependency reference when another declaration names the same target; either
/// way it adds no other folder.
enum PackageManifestTargets {
    static func targets(in text: String, folder: String) -> [AppTargets.Target] {
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
            let isDeclaration = match.range(at: 3).location == NSNotFound
            let declared = !isDeclaration ? nil : path.firstMatch(in: text, range: arguments).map { ns.substring(with: $0.range(at: 1)) }
            let kind: AppTargets.Kind = kindName == "executableTarget" ? .app : kindName == "testTarget" ? .test : .other
            guard let base = AppTargets.rooted(folder, declared ?? (kind == .test ? "Tests/" : "Sources/") + name) else { continue }
            let excluded = isDeclaration ? list("exclude", in: ns, arguments).compactMap { AppTargets.rooted(base, $0) } : []
            let except = excluded.flatMap { [Glob($0), Glob($0 + "/**")] }
            let only = isDeclaration ? list("sources", in: ns, arguments).compactMap { AppTargets.rooted(base, $0) } : []
            let roots = (only.isEmpty ? [base] : only).map { AppTargets.Root(path: $0, except: except) }
            out.append(AppTargets.Target(name: name, kind: kind, roots: roots))
        }
        return out
    }

    /// The strings of a `label: ["a", "b"]` argument.
    private static func list(_ label: String, in text: NSString, _ range: NSRange) -> [String] {
        guard let argument = try? NSRegularExpression(pattern: #"\b"# + label + #":\s*\[([^\]]*)\]"#),
              let string = try? NSRegularExpression(pattern: #""([^"]*)""#),
              let found = argument.firstMatch(in: text as String, range: range) else { return [] }
        let inner = found.range(at: 1)
        return string.matches(in: text as String, range: inner).map { text.substring(with: $0.range(at: 1)) }
    }
}
