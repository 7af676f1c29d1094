import Foundation
import ContractsCore

/// The `.gitignore` files of the tree (the root's and nested ones), enough of their syntax for `init` to skip
/// what the team does not track: `#` comments, `!` negation (the last matching rule wins), a trailing `/` for
/// folders only, a leading or inner `/` anchoring the pattern to the file's folder, `*`, `?` and `**`.
struct GitIgnoreRules {
    private struct Rule {
        var base: String
        var glob: Glob
        var negated: Bool
        var folderOnly: Bool
        var anchored: Bool
    }

    private var rules: [Rule] = []
    var isEmpty: Bool { rules.isEmpty }

    init(tree: FileTree, paths: [String]) throws {
        let files = paths.filter { $0 == ".gitignore" || $0.hasSuffix("/.gitignore") }
            .sorted { $0.split(separator: "/").count != $1.split(separator: "/").count ? $0.split(separator: "/").count < $1.split(separator: "/").count : $0 < $1 }
        for file in files {
            let base = file == ".gitignore" ? "" : String(file.dropLast("/.gitignore".count))
            for raw in try tree.readText(file).split(whereSeparator: \.isNewline) {
                var line = raw.trimmingCharacters(in: .whitespaces)
                guard !line.isEmpty, !line.hasPrefix("#") else { continue }
                let negated = line.hasPrefix("!")
                if negated { line.removeFirst() }
                let folderOnly = line.hasSuffix("/")
                if folderOnly { line.removeLast() }
                let anchored = line.contains("/")
                if line.hasPrefix("/") { line.removeFirst() }
                guard !line.isEmpty else { continue }
                rules.append(Rule(base: base, glob: Glob(line), negated: negated, folderOnly: folderOnly, anchored: anchored))
            }
        }
    }

    func isIgnored(_ path: String) -> Bool {
        var ignored = false
        for rule in rules {
            let relative: Substring
            if rule.base.isEmpty { relative = Substring(path) } else if path.hasPrefix(rule.base + "/") {
                relative = path.dropFirst(rule.base.count + 1)
            } else { continue }
            let segments = relative.split(separator: "/")
            // The folders the file is in, then (unless the rule is for folders only) the file itself.
            let count = rule.folderOnly ? segments.count - 1 : segments.count
            guard count > 0 else { continue }
            let hit = (1...count).contains { n in
                rule.anchored ? rule.glob.matches(segments.prefix(n).joined(separator: "/")) : rule.glob.matches(String(segments[n - 1]))
            }
            if hit { ignored = !rule.negated }
        }
        return ignored
    }
}

/// A tree without the files `.gitignore` hides, so every reader `init` runs (the `check` probe too) skips them.
struct VisibleTree: FileTree {
    let base: FileTree
    let visible: Set<String>

    func files(under dir: String) throws -> [String] { try base.files(under: dir).filter(visible.contains) }
    func read(_ path: String) throws -> Data { try base.read(path) }
}
