/// Source globs and output folders from where the code is.
enum SourceLayout {
    static func fill(_ draft: inout InitDraft, _ files: ProjectFiles) {
        let swiftFolders = Set(files.swiftSources.compactMap { $0.split(separator: "/").first.map(String.init) })
        draft.swiftGlobs = swiftFolders.sorted().map { "\($0)/**/*.swift" }
        let ts = files.typeScriptSources
        if ts.contains(where: { $0.hasPrefix("supabase/functions/") }) {
            draft.typeScriptGlobs = ["supabase/functions/**/*.ts"]
        } else {
            let folders = Set(ts.compactMap { path in path.contains("/") ? path.split(separator: "/").first.map(String.init) : nil })
            draft.typeScriptGlobs = folders.sorted().map { "\($0)/**/*.ts" }
        }
        if files.paths.contains(where: { $0.hasPrefix("generated/Swift/") }) {
            draft.swiftOutput = "generated/Swift"
        } else if let first = swiftFolders.sorted().first {
            draft.swiftOutput = first + "/Generated"
        }
    }
}
