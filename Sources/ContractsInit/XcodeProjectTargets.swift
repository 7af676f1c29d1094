import ContractsCore

/// The native targets of an `.xcodeproj`'s `project.pbxproj` and the Swift each compiles, resolved as Xcode
/// resolves it: the files its sources build phase lists (build file → file reference), each reference's `path`
/// joined under its groups' paths from the main group (a group with only a `name` adds no folder), and its Xcode 16
/// synchronised folders (`PBXFileSystemSynchronizedRootGroup`: every file below, less the `membershipExceptions`
/// of the exception sets for that target; a set for a target that does not list the folder adds those files to
/// it instead). A guess from folder names is what this replaces: an app whose references are group-relative
/// (`Features/Chat/ChatView.swift` under a `NaarsCars` group with no path) had all of its code read as stray.
enum XcodeProjectTargets {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// `folder` holds the `.xcodeproj`; `absoluteRoot` is the project root on disk, when known (an `<absolute>`
    /// reference inside it is read, any other is not the app's code).
    static func targets(in text: String, folder: String, absoluteRoot: String?) throws -> [AppTargets.Target] {
        let plist: OldStylePlist
        do { plist = try OldStylePlist.parse(text) } catch { throw Unreadable(description: "\(error)") }
        guard let objects = plist["objects"]?.dictionary else { throw Unreadable(description: "no objects dictionary") }
        let rootID = plist["rootObject"]?.string ?? ""
        guard let project = objects[rootID], project["isa"]?.string == "PBXProject" else {
            throw Unreadable(description: "rootObject names no PBXProject")
        }
        let dirPath = project["projectDirPath"]?.string ?? ""
        let paths = ReferencePaths(objects: objects, mainGroup: project["mainGroup"]?.string ?? "",
                                   projectDir: dirPath.hasPrefix("/") ? nil : AppTargets.rooted(folder, dirPath),
                                   absoluteRoot: absoluteRoot)
        let targetIDs = project["targets"]?.strings ?? []
        let synchronized = objects.keys.sorted().filter { objects[$0]?["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" }
        return targetIDs.compactMap { id -> AppTargets.Target? in
            guard let target = objects[id], target["isa"]?.string == "PBXNativeTarget",
                  let name = target["name"]?.string ?? target["productName"]?.string else { return nil }
            let product = target["productType"]?.string ?? ""
            let kind: AppTargets.Kind = product.contains("unit-test") || product.contains("ui-testing") ? .test
                : product.hasSuffix(".application") ? .app : .other
            var files: Set<String> = []
            for phase in target["buildPhases"]?.strings ?? [] where objects[phase]?["isa"]?.string == "PBXSourcesBuildPhase" {
                for buildFile in objects[phase]?["files"]?.strings ?? [] {
                    guard let ref = objects[buildFile]?["fileRef"]?.string, let path = paths.path(of: ref),
                          path.hasSuffix(".swift") else { continue }
                    files.insert(path)
                }
            }
            let listed = target["fileSystemSynchronizedGroups"]?.strings ?? []
            var roots: [AppTargets.Root] = []
            for group in synchronized {
                guard let path = paths.path(of: group) else { continue }
                let exceptions = exceptions(of: group, for: id, objects).compactMap { AppTargets.rooted(path, $0) }
                if listed.contains(group) {
                    roots.append(AppTargets.Root(path: path, except: exceptions.flatMap { [Glob($0), Glob($0 + "/**")] }))
                } else {
                    roots += exceptions.map { AppTargets.Root(path: $0) }
                }
            }
            return AppTargets.Target(name: name, kind: kind, roots: roots, files: files)
        }
    }

    /// The `membershipExceptions` of a synchronised folder's exception sets for `target`, relative to the folder.
    private static func exceptions(of group: String, for target: String, _ objects: [String: OldStylePlist]) -> [String] {
        (objects[group]?["exceptions"]?.strings ?? []).flatMap { id -> [String] in
            guard let set = objects[id], set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                  set["target"]?.string == target else { return [] }
            return set["membershipExceptions"]?.strings ?? []
        }
    }
}

/// Where each file reference and group of a project lies, relative to the project root: its `path` joined to the
/// base its `sourceTree` names. `<group>`: the parent group's resolved path (the main group's parent is the project
/// folder); `SOURCE_ROOT` (`SRCROOT`, `PROJECT_DIR`): the project folder; `<absolute>`: the path itself, when it is
/// inside the project; any other tree (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`): no app code, nil.
struct ReferencePaths {
    let objects: [String: OldStylePlist]
    /// The folder holding the `.xcodeproj` (with the project's `projectDirPath`); nil when outside the tree.
    let projectDir: String?
    let absoluteRoot: String?
    /// Each group's or reference's parent group, found walking `children` from the main group: each object gets the
    /// first parent that reaches it, so a project whose groups list each other still resolves.
    private var parent: [String: String] = [:]

    init(objects: [String: OldStylePlist], mainGroup: String, projectDir: String?, absoluteRoot: String?) {
        self.objects = objects
        self.projectDir = projectDir
        self.absoluteRoot = absoluteRoot
        var pending = [mainGroup], seen: Set<String> = [mainGroup]
        while let group = pending.popLast() {
            for child in objects[group]?["children"]?.strings ?? [] where !seen.contains(child) {
                seen.insert(child)
                parent[child] = group
                pending.append(child)
            }
        }
    }

    /// Walked up without recursion: a hostile project may chain its groups thousands deep.
    func path(of id: String) -> String? {
        var below: [String] = [], current = id
        while let object = objects[current] {
            let own = object["path"]?.string ?? ""
            let base: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>" where !own.hasPrefix("/"):
                below.append(own)
                if let up = parent[current] { current = up; continue }
                base = projectDir
            case "<group>", "<absolute>":
                base = inside(own)
            case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
                base = projectDir.map { $0 + "/" + own }
            default:
                return nil
            }
            return base.flatMap { ProjectPath.normalized(([$0] + below.reversed()).joined(separator: "/")) }
        }
        return nil
    }

    /// An absolute path relative to the project root, when it lies inside it.
    private func inside(_ absolute: String) -> String? {
        guard let root = absoluteRoot, absolute.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return ProjectPath.normalized(String(absolute.dropFirst(root.count)))
    }
}
