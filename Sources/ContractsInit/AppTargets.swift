import ContractsCore

/// The targets the app's own project declares and the folders each compiles: from an XcodeGen `project.yml`, else
/// a `Package.swift`, else an `.xcodeproj` (the first the tree has, shallowest first). `init` reads them the way
/// the build does: a test target's folder is never a source of the contract, a folder no target compiles
/// (`Assets/Stray.swift`) is not app code, and the generated Swift goes to a folder of the app target.
struct AppTargets: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// An application (`type: application`, `.executableTarget`, `com.apple.product-type.application`).
        case app
        /// A unit or UI test bundle (`bundle.unit-test`, `bundle.ui-testing`, `.testTarget`).
        case test
        /// Anything else that compiles Swift: a library, a framework, an extension.
        case other
    }

    struct Target: Sendable, Equatable {
        var name: String
        var kind: Kind
        /// Folders relative to the project root, without a trailing `/`.
        var folders: [String]
    }

    var targets: [Target] = []
    /// The project file they were read from (`project.yml`, `Package.swift`, `App.xcodeproj/project.pbxproj`).
    var file: String?

    /// The first project file of the tree that declares targets.
    static func read(_ paths: [String], tree: FileTree) throws -> AppTargets {
        let byDepth = paths.sorted { a, b in
            let da = a.split(separator: "/").count, db = b.split(separator: "/").count
            return da != db ? da < db : a < b
        }
        let readers: [(String) -> Bool] = [
            { $0 == "project.yml" || $0.hasSuffix("/project.yml") },
            { $0 == "Package.swift" || $0.hasSuffix("/Package.swift") },
            { $0.hasSuffix(".xcodeproj/project.pbxproj") },
        ]
        for (index, matches) in readers.enumerated() {
            for path in byDepth where matches(path) {
                let text = try tree.readText(path)
                let base = folder(of: path, dropping: index == 2 ? 2 : 1)
                let found = switch index {
                case 0: XcodeGenTargets.targets(in: text)
                case 1: PackageManifestTargets.targets(in: text)
                default: XcodeProjectTargets.targets(in: text)
                }
                guard !found.isEmpty else { continue }
                let rooted = found.map { target in
                    // A folder outside the project root (`../Shared`) is nothing `init` reads.
                    Target(name: target.name, kind: target.kind,
                           folders: target.folders.compactMap { ProjectPath.normalized(join(base, $0)) }.filter { !$0.isEmpty })
                }
                return AppTargets(targets: rooted, file: path)
            }
        }
        return AppTargets()
    }

    /// Folders of test targets, and folders named `*Tests` (`NaarsCarsTests`, `NaarsCarsUITests`) when no
    /// project file says otherwise, each with why: never sources of the contract.
    func testFolders(among paths: [String]) -> [(folder: String, why: String)] {
        var out: [(folder: String, why: String)] = []
        for target in targets where target.kind == .test {
            for folder in target.folders where !out.contains(where: { $0.folder == folder }) {
                out.append((folder, "test target \(target.name) in \(file ?? "")"))
            }
        }
        var named: Set<String> = []
        for path in paths where path.hasSuffix(".swift") {
            let parts = path.split(separator: "/").dropLast()
            guard let index = parts.firstIndex(where: { $0.lowercased().hasSuffix("tests") }) else { continue }
            named.insert(parts[...index].joined(separator: "/"))
        }
        for folder in named.sorted() where !out.contains(where: { Self.contains($0.folder, folder) }) {
            out.append((folder, "a *Tests folder"))
        }
        return out.sorted { $0.folder < $1.folder }
    }

    /// The folders of targets that are not tests; empty when the project file names none.
    var sourceFolders: [String] {
        targets.filter { $0.kind != .test }.flatMap(\.folders)
    }

    /// The app target: the one whose folders hold `file` (the notification enum's), else the first application,
    /// else the first other target.
    func appTarget(holding file: String?) -> Target? {
        let candidates = targets.filter { $0.kind == .app } + targets.filter { $0.kind == .other }
        if let file, let holder = candidates.first(where: { $0.folders.contains { Self.contains($0, file) } }) { return holder }
        return candidates.first { !$0.folders.isEmpty }
    }

    /// Whether `path` is `folder` or inside it.
    static func contains(_ folder: String, _ path: String) -> Bool {
        folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }

    private static func folder(of path: String, dropping count: Int) -> String {
        path.split(separator: "/").dropLast(count).joined(separator: "/")
    }

    private static func join(_ base: String, _ path: String) -> String {
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return base.isEmpty ? trimmed : base + "/" + trimmed
    }
}
