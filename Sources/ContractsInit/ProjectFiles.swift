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
    /// The targets the app's project files declare (none without one).
    let targets: AppTargets
    /// Folders of test targets (a file, when one shares its folder with other Swift) and `*Tests` folders, with why:
    /// never read as sources, never in `sources:`.
    let testFolders: [(folder: String, why: String)]
    /// Hand-written Swift: `.swift` files outside test targets, generated folders and dependencies, that a target
    /// which is no test compiles (every one, without a project file or when `sourcesDoubt` says why).
    let swiftSources: [String]
    /// Hand-written Swift outside the tests that no target compiles (`Assets/Stray.swift`): not read.
    let uncompiledSwift: [String]
    /// Why the project files were not trusted to say which Swift is compiled, when a project file was there.
    let sourcesDoubt: String?

    public init(tree: FileTree) throws {
        let listed = try tree.files(under: "").sorted()
        let all = listed.filter { !$0.unicodeScalars.contains(where: HiddenScalars.mustEscape) }
        leftOut = listed.count == all.count ? [] : listed.filter { $0.unicodeScalars.contains(where: HiddenScalars.mustEscape) }
        let ignore = try GitIgnoreRules(tree: tree, paths: all)
        paths = ignore.isEmpty ? all : all.filter { !ignore.isIgnored($0) }
        self.tree = ignore.isEmpty && leftOut.isEmpty ? tree : VisibleTree(base: tree, visible: Set(paths))
        let targets = try AppTargets.read(paths, tree: self.tree, absoluteRoot: (tree as? DiskTree)?.root.path)
        self.targets = targets
        let tests = targets.testFolders(among: paths)
        testFolders = tests
        let candidates = paths.filter { path in
            guard path.hasSuffix(".swift"), path.contains("/"), !path.hasSuffix("/Package.swift") else { return false }
            return !path.split(separator: "/").dropLast().contains(where: Self.isSkippedSwiftFolder)
                && !tests.contains { AppTargets.contains($0.folder, path) }
        }
        let compiled = candidates.filter(targets.compiledOutsideTests)
        var doubt = targets.doubt
        if doubt == nil, !targets.files.isEmpty, !candidates.isEmpty {
            let stray = candidates.count - compiled.count
            if compiled.isEmpty {
                doubt = "no target in \(targets.described) compiles any of the \(candidates.count) Swift files outside the tests"
            } else if stray * 2 > candidates.count {
                doubt = "\(stray) of the \(candidates.count) Swift files outside the tests are compiled by no target in \(targets.described)"
            }
        }
        sourcesDoubt = doubt
        let trusted = doubt == nil && !targets.files.isEmpty
        swiftSources = trusted ? compiled : candidates
        uncompiledSwift = trusted ? candidates.filter { !targets.compiledOutsideTests($0) } : []
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
