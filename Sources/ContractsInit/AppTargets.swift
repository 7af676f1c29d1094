import ContractsCore

/// The targets the app's project files declare and the Swift each compiles: every XcodeGen `project.yml`,
/// `Package.swift` and `.xcodeproj` of the tree (a local package beside the app's project adds its targets). `init`
/// reads them the way the build does: a test target's Swift is never a source of the contract, Swift no target
/// compiles (`Assets/Stray.swift`) is not app code, and the generated Swift goes to a folder of the app target.
/// When they cannot be trusted to say what is compiled, `doubt` says why and `init` reads every Swift file outside
/// the tests instead: leaving app code out silently costs more than reading a stray file.
struct AppTargets: Sendable {
    enum Kind: Sendable, Equatable {
        /// An application (`type: application`, `.executableTarget`, `com.apple.product-type.application`).
        case app
        /// A unit or UI test bundle (`bundle.unit-test`, `bundle.ui-testing`, `.testTarget`).
        case test
        /// Anything else that compiles Swift: a library, a framework, an extension.
        case other
    }

    /// A folder a target compiles everything below (or one file), less what `except` matches.
    struct Root: Sendable, Equatable {
        /// Relative to the project root, without a trailing `/`.
        var path: String
        /// Globs of full paths (`App/Info.plist`, `App/**/*.md`).
        var except: [Glob] = []
    }

    struct Target: Sendable, Equatable {
        var name: String
        var kind: Kind
        /// Folders it compiles whole (a spec's sources, a synchronised folder).
        var roots: [Root] = []
        /// Files it compiles one by one (an Xcode sources build phase's), relative to the project root.
        var files: Set<String> = []
        /// The project file that declares it.
        var file = ""
        /// Its folders: the roots, then the fewest folders holding its other Swift (each the highest whose Swift
        /// it all compiles). Where the generated Swift goes, and what a test target leaves out.
        var folders: [String] = []

        func compiles(_ path: String) -> Bool {
            files.contains(path) || roots.contains { root in
                AppTargets.contains(root.path, path) && !root.except.contains { $0.matches(path) }
            }
        }
    }

    var targets: [Target] = []
    /// The project files read, each declaring a target.
    var files: [String] = []
    /// Why the project files cannot be trusted to say what the app compiles (one does not parse, names Swift the
    /// tree does not hold, or two in one folder disagree), when they cannot.
    var doubt: String?

    /// The project files, in the order `files` names them: `project.yml`, `Package.swift`, then `.xcodeproj`.
    var described: String { files.isEmpty ? "the project" : files.joined(separator: " or ") }

    /// Every project file of the tree (none inside test, generated or dependency folders: fixtures and vendored
    /// packages are not the app's), shallowest first.
    static func read(_ paths: [String], tree: FileTree, absoluteRoot: String? = nil) throws -> AppTargets {
        let byDepth = paths.filter { path in
            !path.split(separator: "/").dropLast().contains { ProjectFiles.isSkippedSwiftFolder($0) || $0 == "checkouts" }
        }.sorted { a, b in
            let da = a.split(separator: "/").count, db = b.split(separator: "/").count
            return da != db ? da < db : a < b
        }
        var out = AppTargets()
        var problems: [String] = []
        for kind in ProjectFileKind.allCases {
            for path in byDepth where kind.matches(path) {
                let base = kind.projectFolder(of: path)
                let text = try tree.readText(path)
                var found: [Target]
                do {
                    found = try kind.targets(in: text, folder: base, absoluteRoot: absoluteRoot)
                } catch {
                    problems.append("\(path) could not be read (\(error))")
                    continue
                }
                guard !found.isEmpty else { continue }
                for i in found.indices { found[i].file = path }
                out.files.append(path)
                out.targets += found
            }
        }
        let swift = paths.filter { $0.hasSuffix(".swift") }
        for i in out.targets.indices { out.targets[i].folders = folders(of: out.targets[i], swift: swift) }
        out.doubt = problems.first ?? out.missingReferences(paths) ?? out.disagreement(swift)
        return out
    }

    /// Whether a target that is not a test compiles `path`.
    func compiledOutsideTests(_ path: String) -> Bool {
        targets.contains { $0.kind != .test && $0.compiles(path) }
    }

    /// Folders of test targets, and folders named `*Tests` (`NaarsCarsTests`, `NaarsCarsUITests`) when no
    /// project file says otherwise, each with why: never sources of the contract.
    func testFolders(among paths: [String]) -> [(folder: String, why: String)] {
        var out: [(folder: String, why: String)] = []
        for target in targets where target.kind == .test {
            for folder in target.folders where !out.contains(where: { $0.folder == folder }) {
                out.append((folder, "test target \(target.name) in \(target.file)"))
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

    /// `path` below `base`, normalised; nil when it climbs out of the project (`../Shared`): nothing `init` reads.
    static func rooted(_ base: String, _ path: String) -> String? {
        ProjectPath.normalized(base.isEmpty ? path : base + "/" + path)
    }

    /// A target's roots, then for the Swift it compiles one by one, the highest folder whose Swift it all compiles
    /// (`NaarsCars/Core`; a top-level folder at most, never the whole tree), or the file itself when its own folder
    /// holds Swift the target does not compile.
    private static func folders(of target: Target, swift: [String]) -> [String] {
        var out = target.roots.map(\.path)
        let listed = swift.filter { target.files.contains($0) }
        guard !listed.isEmpty else { return out }
        var all: [String: Int] = [:], compiled: [String: Int] = [:]
        for path in swift {
            let mine = target.compiles(path)
            for folder in ancestors(of: path) {
                all[folder, default: 0] += 1
                if mine { compiled[folder, default: 0] += 1 }
            }
        }
        var highest: Set<String> = []
        for path in listed where !out.contains(where: { contains($0, path) }) {
            var chosen = path
            for folder in ancestors(of: path) {
                guard all[folder] == compiled[folder] else { break }
                chosen = folder
            }
            highest.insert(chosen)
        }
        out += highest.filter { folder in !highest.contains { $0 != folder && contains($0, folder) } }.sorted()
        return out
    }

    /// The folders holding `path`, nearest first, the top-level one last (never the root).
    static func ancestors(of path: String) -> [String] {
        var parts = path.split(separator: "/").dropLast()
        var out: [String] = []
        while !parts.isEmpty {
            out.append(parts.joined(separator: "/"))
            parts = parts.dropLast()
        }
        return out
    }
}
