/// Source globs and output folders from where the code is: the folders holding the Swift the project files'
/// non-test targets compile (else the top-level folders of hand-written Swift), test and stray Swift left out and
/// named, the generated Swift in a folder of the app target, and generated SQL in the folder the Supabase CLI applies.
enum SourceLayout {
    /// The migration folder `supabase db push` and `supabase migration up` apply.
    static let supabaseMigrations = "supabase/migrations"

    static func fill(_ draft: inout InitDraft, _ files: ProjectFiles) {
        let cover = swiftCover(files)
        let roots = cover.folders
        draft.swiftGlobs = roots.map { "\($0)/**/*.swift" }
        let inTree = Set(files.paths)
        draft.leftOutSwift = files.testFolders.map { test in
            (inTree.contains(test.folder) ? test.folder : test.folder + "/", test.why + ": tests feed values the contract rejects on purpose")
        } + cover.strays.map { ($0, "no target in \(files.targets.described) compiles it") }
        draft.sourceExcludes = cover.excludes
        draft.sourceExcludesNote = [cover.excludesTests ? "test targets" : nil, cover.excludesStrays ? "Swift no target compiles" : nil]
            .compactMap { $0 }.joined(separator: ", ")
        draft.sourcesDoubt = files.sourcesDoubt
        let ts = files.typeScriptSources
        if ts.contains(where: { $0.hasPrefix("supabase/functions/") }) {
            draft.typeScriptGlobs = ["supabase/functions/**/*.ts"]
        } else {
            let folders = Set(ts.compactMap { path in path.contains("/") ? path.split(separator: "/").first.map(String.init) : nil })
            draft.typeScriptGlobs = folders.sorted().map { "\($0)/**/*.ts" }
        }
        fillSwiftOutput(&draft, files, roots: roots)
        if draft.migrations.contains(where: { $0.dir == supabaseMigrations }) { draft.sqlOutput = supabaseMigrations }
    }

    /// `generated/Swift` when it exists; else `Generated` in the app target's folder holding the notification
    /// enum; else in the glob folder with the most Swift files (never a stray folder such as `Assets/`).
    private static func fillSwiftOutput(_ draft: inout InitDraft, _ files: ProjectFiles, roots: [String]) {
        if files.paths.contains(where: { $0.hasPrefix("generated/Swift/") }) {
            draft.swiftOutput = "generated/Swift"
            return
        }
        let enumFile = draft.swiftEnum?.location.file
        // Targets that did not earn trust do not place the output either.
        if files.sourcesDoubt == nil, let app = files.targets.appTarget(holding: enumFile),
           let folder = app.folders.first(where: { f in enumFile.map { AppTargets.contains(f, $0) } ?? false }) ?? app.folders.first {
            draft.swiftOutput = folder + "/Generated"
            draft.swiftOutputReason = "a folder of target \(app.name) in \(app.file)"
            return
        }
        let counts = roots.map { root in (root, files.swiftSources.filter { AppTargets.contains(root, $0) }.count) }
        if let busiest = counts.max(by: { a, b in a.1 != b.1 ? a.1 < b.1 : a.0 > b.0 }) {
            draft.swiftOutput = busiest.0 + "/Generated"
        }
    }

    /// The globs of the Swift sources from the folders of the targets that are no tests, when they were trusted.
    private static func swiftCover(_ files: ProjectFiles) -> SwiftSourceCover {
        var roles: [String: SwiftSourceCover.Role] = [:]
        for path in files.paths where path.hasSuffix(".swift") && files.testFolders.contains(where: { AppTargets.contains($0.folder, path) }) {
            roles[path] = .test
        }
        for path in files.swiftSources { roles[path] = .source }
        for path in files.uncompiledSwift { roles[path] = .stray }
        let trusted = files.sourcesDoubt == nil && !files.targets.files.isEmpty
        return SwiftSourceCover(roles, targetFolders: trusted ? files.targets.targets.filter { $0.kind != .test }.flatMap(\.folders) : nil)
    }
}
