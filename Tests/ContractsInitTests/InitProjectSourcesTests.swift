import ContractsCore
@testable import ContractsInit
import XCTest

/// What the project files say is compiled, read as the build reads them (`AppTargets`, `ProjectFiles`), and the
/// cases where `init` does not trust them and reads every Swift folder outside the tests instead.
final class InitProjectSourcesTests: XCTestCase {
    private func files(_ text: [String: String]) throws -> ProjectFiles {
        try ProjectFiles(tree: MemoryTree(text: text))
    }

    /// A project in a subfolder, its files group-relative: a group with only a `name` adds no folder, a group
    /// with a `path` does, `SOURCE_ROOT` skips the groups, and `BUILT_PRODUCTS_DIR`/`SDKROOT`/`<absolute>` outside
    /// the project are no app code.
    func testGroupRelativeReferencesResolveFromTheProjectFolder() throws {
        let project = Pbxproj(groups: [
            ("main", nil, nil, ["named", "pathed", "products"]),
            ("named", "App", nil, ["feature", "root", "built", "sdk", "absolute"]),
            ("pathed", "Kit", "Sources/Kit", ["kit"]),
            ("products", "Products", nil, []),
        ], files: [
            ("feature", "Features/Chat/ChatView.swift", "<group>"),
            ("root", "Support/AppDelegate.swift", "SOURCE_ROOT"),
            ("built", "DerivedSources/Strings.swift", "BUILT_PRODUCTS_DIR"),
            ("sdk", "usr/include/Thing.swift", "SDKROOT"),
            ("absolute", "/Users/dev/Scratch.swift", "<absolute>"),
            ("kit", "Networking/Client.swift", "<group>"),
        ], targets: [("App", "com.apple.product-type.application", ["feature", "root", "built", "sdk", "absolute", "kit"], [])])
        let read = try files([
            "Mobile/App.xcodeproj/project.pbxproj": project.text,
            "Mobile/Features/Chat/ChatView.swift": "struct ChatView {}\n",
            "Mobile/Support/AppDelegate.swift": "final class AppDelegate {}\n",
            "Mobile/Sources/Kit/Networking/Client.swift": "struct Client {}\n",
            // Decoys: where a resolver that ignores the groups or the source tree would look.
            "Mobile/App/Features/Chat/ChatView.swift": "struct Wrong {}\n",
            "Mobile/Networking/Client.swift": "struct Wrong {}\n",
        ])
        XCTAssertNil(read.sourcesDoubt)
        XCTAssertEqual(read.swiftSources, [
            "Mobile/Features/Chat/ChatView.swift", "Mobile/Sources/Kit/Networking/Client.swift", "Mobile/Support/AppDelegate.swift",
        ])
        XCTAssertEqual(read.uncompiledSwift, ["Mobile/App/Features/Chat/ChatView.swift", "Mobile/Networking/Client.swift"])
    }

    /// A synchronised folder compiles all it holds but its exceptions for that target; an exception set for a
    /// target that does not list the folder adds those files to that target.
    func testSynchronizedFolderExceptions() throws {
        let project = Pbxproj(groups: [("main", nil, nil, ["sync"])], files: [],
                              targets: [("App", "com.apple.product-type.application", [], ["sync"]),
                                        ("Widget", "com.apple.product-type.app-extension", [], [])],
                              synchronized: [("sync", "Shared", [("App", ["Previews/Gallery.swift"]), ("Widget", ["Views/Badge.swift"])])])
        let read = try files([
            "App.xcodeproj/project.pbxproj": project.text,
            "Shared/Views/Badge.swift": "struct Badge {}\n",
            "Shared/Views/Row.swift": "struct Row {}\n",
            "Shared/Previews/Gallery.swift": "struct Gallery {}\n",
        ])
        let app = try XCTUnwrap(read.targets.targets.first { $0.name == "App" })
        let widget = try XCTUnwrap(read.targets.targets.first { $0.name == "Widget" })
        XCTAssertEqual(["Shared/Views/Badge.swift", "Shared/Views/Row.swift", "Shared/Previews/Gallery.swift"].map(app.compiles), [true, true, false])
        XCTAssertEqual(["Shared/Views/Badge.swift", "Shared/Views/Row.swift"].map(widget.compiles), [true, false])
        XCTAssertEqual(read.uncompiledSwift, ["Shared/Previews/Gallery.swift"])
    }

    /// A pbxproj that does not parse: every Swift folder outside the tests, and why.
    func testAnUnreadableProjectIsNotTrusted() throws {
        let read = try files([
            "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tAB = {isa = PBXProject; targets = (\n",
            "App/Main.swift": "let x = 1\n",
            "Tools/Script.swift": "print(1)\n",
            "AppTests/MainTests.swift": "import XCTest\n",
        ])
        XCTAssertEqual(read.swiftSources, ["App/Main.swift", "Tools/Script.swift"])
        XCTAssertEqual(read.sourcesDoubt, "App.xcodeproj/project.pbxproj could not be read (line 5: the text ended inside a list or dictionary)")
    }

    /// References that name Swift the tree does not hold: the paths are not read as the build reads them.
    func testReferencesToMissingFilesAreNotTrusted() throws {
        let project = Pbxproj(groups: [("main", nil, nil, ["group"]), ("group", nil, "Moved", ["a", "b", "c"])],
                              files: [("a", "A.swift", "<group>"), ("b", "B.swift", "<group>"), ("c", "C.swift", "<group>")],
                              targets: [("App", "com.apple.product-type.application", ["a", "b", "c"], [])])
        let read = try files([
            "App.xcodeproj/project.pbxproj": project.text,
            "Moved/A.swift": "struct A {}\n",
            "App/B.swift": "struct B {}\n",
            "App/C.swift": "struct C {}\n",
        ])
        XCTAssertEqual(read.sourcesDoubt, "App.xcodeproj/project.pbxproj names 3 Swift files or folders and 2 are not in the tree (Moved/B.swift)")
        XCTAssertEqual(read.swiftSources, ["App/B.swift", "App/C.swift", "Moved/A.swift"])
    }

    /// Most of the Swift outside the tests compiled by no target: the project file is not describing this tree.
    func testMostSwiftUncompiledIsNotTrusted() throws {
        let read = try files([
            "project.yml": "targets:\n  App:\n    type: application\n    sources: [App/Entry]\n",
            "App/Entry/Main.swift": "let x = 1\n",
            "App/Core/A.swift": "struct A {}\n",
            "App/Core/B.swift": "struct B {}\n",
        ])
        XCTAssertEqual(read.sourcesDoubt, "2 of the 3 Swift files outside the tests are compiled by no target in project.yml")
        XCTAssertEqual(read.swiftSources.count, 3)
    }

    /// An XcodeGen spec and the project beside it that compile different Swift.
    func testDisagreeingProjectFilesAreNotTrusted() throws {
        let project = Pbxproj(groups: [("main", nil, nil, ["a"])], files: [("a", "App/A.swift", "<group>")],
                              targets: [("App", "com.apple.product-type.application", ["a"], [])])
        let read = try files([
            "project.yml": "targets:\n  App:\n    type: application\n    sources: [App]\n",
            "App.xcodeproj/project.pbxproj": project.text,
            "App/A.swift": "struct A {}\n",
            "App/B.swift": "struct B {}\n",
        ])
        XCTAssertEqual(read.sourcesDoubt, "project.yml and App.xcodeproj/project.pbxproj disagree on what is compiled (1 Swift file, first App/B.swift)")
    }

    /// A local package beside the app's project adds its targets; its excludes, and XcodeGen's, are honoured.
    func testProjectFilesAddUpAndExcludesAreHonoured() throws {
        let project = Pbxproj(groups: [("main", nil, nil, ["a"])], files: [("a", "App/A.swift", "<group>")],
                              targets: [("App", "com.apple.product-type.application", ["a"], [])])
        let read = try files([
            "App.xcodeproj/project.pbxproj": project.text,
            "App/A.swift": "struct A {}\n",
            "Packages/Kit/Package.swift": """
                let package = Package(name: "Kit", targets: [
                    .target(name: "Kit", exclude: ["Legacy", "Notes.swift"]),
                    .testTarget(name: "KitChecks", path: "Checks"),
                ])
                """,
            "Packages/Kit/Sources/Kit/Client.swift": "struct Client {}\n",
            "Packages/Kit/Sources/Kit/Notes.swift": "// scratch\n",
            "Packages/Kit/Sources/Kit/Legacy/Old.swift": "struct Old {}\n",
            "Packages/Kit/Checks/ClientChecks.swift": "import XCTest\n",
        ])
        XCTAssertNil(read.sourcesDoubt)
        XCTAssertEqual(read.swiftSources, ["App/A.swift", "Packages/Kit/Sources/Kit/Client.swift"])
        XCTAssertEqual(read.uncompiledSwift, ["Packages/Kit/Sources/Kit/Legacy/Old.swift", "Packages/Kit/Sources/Kit/Notes.swift"])
        XCTAssertEqual(read.testFolders.map(\.folder), ["Packages/Kit/Checks"])

        let spec = try files([
            "project.yml": "targets:\n  App:\n    type: application\n    sources:\n      - path: App\n        excludes: [\"Scratch\", \"**/*Preview.swift\"]\n",
            "App/Main.swift": "let x = 1\n",
            "App/Views/Row.swift": "struct Row {}\n",
            "App/Views/RowPreview.swift": "struct RowPreview {}\n",
            "App/Scratch/Try.swift": "print(1)\n",
        ])
        XCTAssertEqual(spec.swiftSources, ["App/Main.swift", "App/Views/Row.swift"])
    }

    /// The globs: each top-level folder whole (without trusted targets) or the targets' folders, less what they
    /// hold that is no source; a folder mixing sources and strays stays whole with the strays named; hundreds of
    /// compiled folders are one glob.
    func testTheCoverIsTopLevelFoldersLessWhatIsNoSource() {
        let roles: [String: SwiftSourceCover.Role] = [
            "App/Core/A.swift": .source, "App/Core/Old.swift": .stray, "App/Features/B.swift": .source,
            "App/AppTests/T.swift": .test, "App/Scripts/S.swift": .stray, "App/Scripts/Tools/U.swift": .stray,
            "Tools/Gen.swift": .stray, "Main.swift": .source,
        ]
        let cover = SwiftSourceCover(roles)
        XCTAssertEqual(cover.folders, ["App"])
        XCTAssertEqual(cover.excludes, ["App/AppTests/**", "App/Core/Old.swift", "App/Scripts/**"])
        XCTAssertEqual(cover.strays, ["App/Core/Old.swift", "App/Scripts/", "Tools/"])
        XCTAssertEqual([cover.excludesTests, cover.excludesStrays], [true, true])

        // From the targets' folders: a file compiled on its own is globbed by its folder, folders merge into their
        // parent when that takes fewer entries, and a tie keeps what the targets declare.
        let declared: [String: SwiftSourceCover.Role] = [
            "App/Main.swift": .source, "App/Checks/C.swift": .test, "Sources/Kit/K.swift": .source,
            "Mobile/A/a.swift": .source, "Mobile/B/b.swift": .source, "Mobile/B/Old.swift": .stray, "Mobile/C/c.swift": .source,
            "Mobile/MobileTests/t.swift": .test,
        ]
        let fromTargets = SwiftSourceCover(declared, targetFolders: ["App", "Sources/Kit", "Mobile/A", "Mobile/B/b.swift", "Mobile/C"])
        XCTAssertEqual(fromTargets.folders, ["App", "Mobile", "Sources/Kit"])
        XCTAssertEqual(fromTargets.excludes, ["App/Checks/**", "Mobile/B/Old.swift", "Mobile/MobileTests/**"])
        XCTAssertEqual(SwiftSourceCover(declared, targetFolders: ["Mobile/A", "Mobile/B"]).folders, ["App", "Mobile", "Sources"])

        var many: [String: SwiftSourceCover.Role] = ["App/Tests/T.swift": .test]
        for n in 0..<300 { many["App/Features/F\(n)/View\(n).swift"] = .source }
        XCTAssertEqual(SwiftSourceCover(many).folders, ["App"])
        XCTAssertEqual(SwiftSourceCover(many).excludes, ["App/Tests/**"])
    }
}

/// A small `project.pbxproj` written as Xcode writes one: groups, file references, build files, native targets
/// with a sources phase, and synchronised folders with their exception sets.
struct Pbxproj {
    /// (id, name, path, children)
    var groups: [(String, String?, String?, [String])]
    /// (id, path, sourceTree)
    var files: [(String, String, String)]
    /// (name, productType, file ids in its sources phase, synchronised group ids)
    var targets: [(String, String, [String], [String])]
    /// (id, path, [(target name, membershipExceptions)])
    var synchronized: [(String, String, [(String, [String])])] = []

    /// A 24-digit object ID for a short name.
    static func id(_ name: String) -> String {
        let hex = name.unicodeScalars.map { String(format: "%02X", $0.value & 0xFF) }.joined()
        return String((hex + String(repeating: "0", count: 24)).prefix(22)) + String(format: "%02X", name.count)
    }

    var text: String {
        var objects = ""
        for (id, name, path, children) in groups {
            objects += "\t\t\(Self.id(id)) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n"
            objects += children.map { "\t\t\t\t\(Self.id($0)),\n" }.joined() + "\t\t\t);\n"
            if let name { objects += "\t\t\tname = \"\(name)\";\n" }
            if let path { objects += "\t\t\tpath = \"\(path)\";\n" }
            objects += "\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        }
        for (id, path, tree) in files {
            objects += "\t\t\(Self.id(id)) /* \(path) */ = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"\(tree)\"; };\n"
            objects += "\t\t\(Self.id("bf" + id)) = {isa = PBXBuildFile; fileRef = \(Self.id(id)); };\n"
        }
        for (id, path, exceptions) in synchronized {
            let sets = exceptions.map { Self.id("ex" + id + $0.0) }
            objects += "\t\t\(Self.id(id)) = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (\(sets.map { $0 + ", " }.joined())); "
                + "explicitFileTypes = {}; explicitFolders = (); path = \(path); sourceTree = \"<group>\"; };\n"
            for (target, paths) in exceptions {
                objects += "\t\t\(Self.id("ex" + id + target)) = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; "
                    + "membershipExceptions = (\(paths.map { "\"\($0)\", " }.joined())); target = \(Self.id("t" + target)); };\n"
            }
        }
        for (name, type, sources, synchronized) in targets {
            objects += "\t\t\(Self.id("p" + name)) = {isa = PBXSourcesBuildPhase; files = (\(sources.map { Self.id("bf" + $0) + ", " }.joined())); };\n"
            objects += "\t\t\(Self.id("t" + name)) /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n"
                + "\t\t\tbuildPhases = (\(Self.id("p" + name)), );\n"
                + "\t\t\tfileSystemSynchronizedGroups = (\(synchronized.map { Self.id($0) + ", " }.joined()));\n"
                + "\t\t\tname = \(name);\n\t\t\tproductType = \"\(type)\";\n\t\t};\n"
        }
        objects += "\t\t\(Self.id("project")) = {isa = PBXProject; mainGroup = \(Self.id(groups.first?.0 ?? "main")); "
            + "targets = (\(targets.map { Self.id("t" + $0.0) + ", " }.joined())); };\n"
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\t};\n"
            + "\trootObject = \(Self.id("project")) /* Project object */;\n}\n"
    }
}
