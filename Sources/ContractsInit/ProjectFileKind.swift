/// The project files `AppTargets` reads, in the order it reads them.
enum ProjectFileKind: CaseIterable {
    case xcodeGen, packageManifest, xcodeProject

    func matches(_ path: String) -> Bool {
        switch self {
        case .xcodeGen: path == "project.yml" || path.hasSuffix("/project.yml")
        case .packageManifest: path == "Package.swift" || path.hasSuffix("/Package.swift")
        case .xcodeProject: path.hasSuffix(".xcodeproj/project.pbxproj")
        }
    }

    /// The folder its paths are relative to: the one holding the spec, the manifest or the `.xcodeproj`.
    func projectFolder(of path: String) -> String {
        path.split(separator: "/").dropLast(self == .xcodeProject ? 2 : 1).joined(separator: "/")
    }

    func targets(in text: String, folder: String, absoluteRoot: String?) throws -> [AppTargets.Target] {
        switch self {
        case .xcodeGen: try XcodeGenTargets.targets(in: text, folder: folder)
        case .packageManifest: PackageManifestTargets.targets(in: text, folder: folder)
        case .xcodeProject: try XcodeProjectTargets.targets(in: text, folder: folder, absoluteRoot: absoluteRoot)
        }
    }
}
