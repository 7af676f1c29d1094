/// Why `init` would not trust the project files to say what the app compiles: each check names what it saw, for
/// the summary line that says every Swift folder outside the tests was read instead.
extension AppTargets {
    /// Half or more of the Swift files and folders a project file names are not in the tree: its paths are not
    /// read as the build reads them (or the tree is not the one it describes).
    func missingReferences(_ paths: [String]) -> String? {
        let existing = Set(paths)
        let folders = Set(paths.flatMap(Self.ancestors(of:)))
        for file in files {
            let declared = targets.filter { $0.file == file }
            let named = declared.flatMap(\.roots).map(\.path) + declared.flatMap(\.files).sorted()
            let missing = named.filter { !existing.contains($0) && !folders.contains($0) && !$0.isEmpty }
            if !missing.isEmpty, missing.count * 2 >= named.count {
                return "\(file) names \(named.count) Swift files or folders and \(missing.count) are not in the tree (\(missing[0]))"
            }
        }
        return nil
    }

    /// Two project files of one folder (an XcodeGen spec and the project it generates) that compile different
    /// Swift outside their tests.
    func disagreement(_ swift: [String]) -> String? {
        let byFolder = Dictionary(grouping: files) { file in
            ProjectFileKind.allCases.first { $0.matches(file) }?.projectFolder(of: file) ?? ""
        }
        for (_, group) in byFolder.sorted(by: { $0.key < $1.key }) where group.count > 1 {
            let sets = group.map { file in
                Set(swift.filter { path in targets.contains { $0.file == file && $0.kind != .test && $0.compiles(path) } })
            }
            if let other = sets.dropFirst().firstIndex(where: { $0 != sets[0] }) {
                let differing = sets[0].symmetricDifference(sets[other]).sorted()
                let count = differing.count == 1 ? "1 Swift file" : "\(differing.count) Swift files"
                return "\(group[0]) and \(group[other]) disagree on what is compiled (\(count), first \(differing[0]))"
            }
        }
        return nil
    }
}
