/// Source globs and output folders from where the code is: the folders the project file's non-test targets
/// compile (else the top-level folders of hand-written Swift), test folders left out, the generated Swift in a
/// folder of the app target, and generated SQL in the folder the Supabase CLI applies.
enum SourceLayout {
    /// The migration folder `supabase db push` and `supabase migration up` apply.
    static let supabaseMigrations = "supabase/migrations"

    static func fill(_ draft: inout InitDraft, _ files: ProjectFiles) {
        let swift = files.swiftSources
        let roots = globRoots(swift, targets: files.targets)
        draft.swiftGlobs = roots.map { "\($0)/**/*.swift" }
        draft.leftOutSwift = files.testFolders.map { ($0.folder, $0.why + ": tests feed values the contract rejects on purpose") }
            + files.uncompiledSwiftFolders.map { ($0, "no target in \(files.targets.file ?? "the project") compiles it") }
        draft.sourceExcludes = files.testFolders.map(\.folder)
            .filter { folder in roots.contains { $0 != folder && AppTargets.contains($0, folder) } }
            .map { "\($0)/**" }
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
        if let app = files.targets.appTarget(holding: enumFile),
           let folder = app.folders.first(where: { f in enumFile.map { AppTargets.contains(f, $0) } ?? false }) ?? app.folders.first {
            draft.swiftOutput = folder + "/Generated"
            draft.swiftOutputReason = "a folder of target \(app.name) in \(files.targets.file ?? "")"
            return
        }
        let counts = roots.map { root in (root, files.swiftSources.filter { AppTargets.contains(root, $0) }.count) }
        if let busiest = counts.max(by: { a, b in a.1 != b.1 ? a.1 < b.1 : a.0 > b.0 }) {
            draft.swiftOutput = busiest.0 + "/Generated"
        }
    }

    /// The folders the Swift globs start from: the non-test target folders that hold hand-written Swift (one
    /// inside another counts once), else each top-level folder of it.
    private static func globRoots(_ swift: [String], targets: AppTargets) -> [String] {
        let compiled = Set(targets.sourceFolders).filter { folder in swift.contains { AppTargets.contains(folder, $0) } }
        guard compiled.isEmpty else {
            return compiled.filter { folder in !compiled.contains { $0 != folder && AppTargets.contains($0, folder) } }.sorted()
        }
        return Set(swift.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
    }
}
