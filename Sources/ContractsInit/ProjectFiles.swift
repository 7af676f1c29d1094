import ContractsCore

/// The project's files, listed once (the walk skips `.git`, `.build`, `node_modules`, and what `.gitignore`
/// files hide), sorted: every discovery step reads from this list, so the same tree always gives the same registry.
public struct ProjectFiles: Sendable {
    public let tree: FileTree
    public let paths: [String]
    /// Files left out because their path holds a control, line-separator or bidi character (`HiddenScalars`):
    /// such a name would end a `# file:line` comment in the registry (the rest of the name becoming YAML) or
    /// reorder what a terminal shows. The summary lists them, escaped.
    public let leftOut: [String]
    /// The targets the app's project file declares (none without one).
    let targets: AppTargets
    /// Folders of test targets (and `*Tests` folders), with why: never read as sources, never in `sources:`.
    let testFolders: [(folder: String, why: String)]
    /// Hand-written Swift: `.swift` files outside test targets, generated folders and dependencies, and inside
    /// the folders a target compiles when the project file names them (and any of them holds Swift: a spec
    /// whose folders `init` cannot see restricts nothing).
    let swiftSources: [String]
    /// The top-level folders of Swift files no target compiles (`Assets/` holding a stray script).
    let uncompiledSwiftFolders: [String]

    public init(tree: FileTree) throws {
        let listed = try tree.files(under: "").sorted()
        let all = listed.filter { !$0.unicodeScalars.contains(where: HiddenScalars.mustEscape) }
        leftOut = listed.count == all.count ? [] : listed.filter { $0.unicodeScalars.contains(where: HiddenScalars.mustEscape) }
        let ignore = try GitIgnoreRules(tree: tree, paths: all)
        paths = ignore.isEmpty ? all : all.filter { !ignore.isIgnored($0) }
        self.tree = ignore.isEmpty && leftOut.isEmpty ? tree : VisibleTree(base: tree, visible: Set(paths))
        targets = try AppTargets.read(paths, tree: self.tree)
        let tests = targets.testFolders(among: paths)
        testFolders = tests
        let candidates = paths.filter { path in
            guard path.hasSuffix(".swift"), path.contains("/"), !path.hasSuffix("/Package.swift") else { return false }
            return !path.split(separator: "/").dropLast().contains(where: Self.isSkippedSwiftFolder)
                && !tests.contains { AppTargets.contains($0.folder, path) }
        }
        let folders = targets.sourceFolders
        let compiled = { (path: String) in folders.contains { AppTargets.contains($0, path) } }
        let restricts = candidates.contains(where: compiled)
        swiftSources = restricts ? candidates.filter(compiled) : candidates
        uncompiledSwiftFolders = !restricts ? []
            : Set(candidates.filter { !compiled($0) }.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
    }

    /// Top-level folders that only hold generated or test code: never sources of the contract.
    static func isSkippedSwiftFolder(_ component: Substring) -> Bool {
        let lower = component.lowercased()
        return lower == "generated" || lower.hasSuffix("tests") || lower == "tests" || lower == "pods" || lower == "carthage"
    }

    /// TypeScript sources (declaration files excluded).
    var typeScriptSources: [String] {
        paths.filter { $0.hasSuffix(".ts") && !$0.hasSuffix(".d.ts") }
    }
}
