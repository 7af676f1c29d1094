/// `sources.swift` and `sources.exclude` for a set of Swift files: folder globs that take in every source, less
/// the largest folders (or single files) below them that hold no source (test or stray Swift). The globs start from
/// the folders the targets declare or compile (a folder that mixes sources with strays is kept whole and the strays
/// are excluded by name: never one glob per file); folders that share a parent become the parent when that takes
/// fewer entries (`NaarsCars` less its two test folders rather than `App`, `Core`, `Features`, `UI`), so Swift added
/// later to a compiled folder is read without editing the registry. Without trusted targets: each top-level folder.
struct SwiftSourceCover: Equatable {
    /// Folders whose Swift is read: `<folder>/**/*.swift`.
    var folders: [String] = []
    /// `<folder>/**` or a file's path: test or stray Swift inside `folders`.
    var excludes: [String] = []
    /// The largest folders (`App/Scripts/`, with a trailing `/`) and single files holding stray Swift and no source.
    var strays: [String] = []
    /// What `excludes` leave out: test Swift, stray Swift (for the registry's comment).
    var excludesTests = false, excludesStrays = false

    enum Role { case source, test, stray }

    /// `targetFolders`: the folders (or files) the targets that are no tests compile; nil, the top-level folders.
    /// Files at the top level are never globbed (nor ever were): `Package.swift`-style scripts, not app code.
    init(_ roles: [String: Role], targetFolders: [String]? = nil) {
        var tree = Tree()
        for (path, role) in roles where path.contains("/") { tree.add(path, role) }
        let tops = tree.children["", default: []].sorted().filter { tree.holds($0, .source) }
        var roots = Set(tops)
        if let targetFolders {
            roots = Set(targetFolders.flatMap { folder -> [String] in
                // A file compiled on its own is globbed by its folder; the project root by its top-level folders.
                let folder = roles[folder] != nil ? AppTargets.ancestors(of: folder).first ?? "" : folder
                return folder.isEmpty ? tops : [folder]
            }.filter { tree.holds($0, .source) })
            roots = roots.filter { root in !roots.contains { $0 != root && AppTargets.contains($0, root) } }
            // Every source is in some target's folder; should one not be, its top-level folder takes it in.
            for path in roles.keys where roles[path] == .source && path.contains("/") && !roots.contains(where: { AppTargets.contains($0, path) }) {
                roots = roots.filter { !AppTargets.contains(String(path.prefix { $0 != "/" }), $0) }
                roots.insert(String(path.prefix { $0 != "/" }))
            }
            let parents = Set(roots.flatMap(AppTargets.ancestors(of:))).sorted { a, b in
                let da = a.split(separator: "/").count, db = b.split(separator: "/").count
                return da != db ? da > db : a < b
            }
            for parent in parents {
                let inside = roots.filter { $0 != parent && AppTargets.contains(parent, $0) }
                guard !inside.isEmpty else { continue }
                // A tie keeps the narrower folders: what the targets declare, as before.
                if 1 + tree.excludes(parent).count < inside.reduce(0, { $0 + 1 + tree.excludes($1).count }) {
                    roots.subtract(inside)
                    roots.insert(parent)
                }
            }
        }
        folders = roots.sorted()
        excludes = folders.flatMap(tree.excludes).sorted()
        for top in tree.children["", default: []].sorted() { strays += tree.strays(top) }
        let left = Set(excludes.flatMap { exclude in
            exclude.hasSuffix("/**") ? tree.roles[String(exclude.dropLast(3)), default: []] : roles[exclude].map { [$0] } ?? []
        })
        (excludesTests, excludesStrays) = (left.contains(.test), left.contains(.stray))
    }

    private struct Tree {
        var files: [String: [(path: String, role: Role)]] = [:]
        var children: [String: Set<String>] = [:]
        var roles: [String: Set<Role>] = [:]

        mutating func add(_ path: String, _ role: Role) {
            var folder = AppTargets.ancestors(of: path).first ?? ""
            files[folder, default: []].append((path, role))
            while !folder.isEmpty {
                roles[folder, default: []].insert(role)
                let up = AppTargets.ancestors(of: folder).first ?? ""
                children[up, default: []].insert(folder)
                folder = up
            }
        }

        func holds(_ folder: String, _ role: Role) -> Bool { roles[folder]?.contains(role) ?? false }

        /// Globbing `folder` whole: what must be excluded below it.
        func excludes(_ folder: String) -> [String] {
            var out = files[folder, default: []].filter { $0.role != .source }.map(\.path).sorted()
            for child in children[folder, default: []].sorted() {
                out += holds(child, .source) ? excludes(child) : ["\(child)/**"]
            }
            return out
        }

        func strays(_ folder: String) -> [String] {
            guard holds(folder, .source) else { return holds(folder, .stray) ? [folder + "/"] : [] }
            return files[folder, default: []].filter { $0.role == .stray }.map(\.path).sorted()
                + children[folder, default: []].sorted().flatMap(strays)
        }
    }
}
