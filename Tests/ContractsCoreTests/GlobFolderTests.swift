@testable import ContractsCore
import Foundation
import XCTest

/// `files(matching:)` lists only the folders its patterns can match below, and finds what a walk of the whole
/// tree finds.
final class GlobFolderTests: XCTestCase {
    func testAPatternsFolderIsItsPlainSegmentsBeforeTheFirstWildcard() {
        let cases: [(String, String)] = [
            ("NaarsCars/**/*.swift", "NaarsCars"),
            ("supabase/functions/**/*.ts", "supabase/functions"),
            ("Sources/App/*.swift", "Sources/App"),
            ("Sources/App/Main.swift", "Sources/App"),
            ("Sources/*/Views/*.swift", "Sources"),
            ("Sources/A?p/*.swift", "Sources"),
            ("**/*.swift", ""),
            ("*.swift", ""),
            ("Main.swift", ""),
            ("/Sources//App/*.swift", "Sources/App"),
            ("./Sources/*.swift", ""),
            ("Sources/../App/*.swift", ""),
        ]
        for (pattern, folder) in cases {
            XCTAssertEqual(Glob(pattern).folder, folder, pattern)
        }
        XCTAssertEqual(Glob.folders(["NaarsCars/**/*.swift", "NaarsCars/Core/*.swift", "supabase/functions/**/*.ts",
                                     "NaarsCarsTests/*.swift"].map(Glob.init)),
                       ["NaarsCars", "NaarsCarsTests", "supabase/functions"])
        XCTAssertEqual(Glob.folders(["App/**/*.swift", "**/*.swift"].map(Glob.init)), [""])
        XCTAssertEqual(Glob.folders([]), [])
    }

    /// What a pattern matches, segment by segment on the path's bytes: `**` across zero or more segments, `*` and `?`
    /// within one, empty segments and leading or trailing slashes ignored on either side.
    func testAPatternMatchesPathsSegmentBySegment() {
        let cases: [(String, String, Bool)] = [
            ("NaarsCars/**/*.swift", "NaarsCars/A.swift", true),
            ("NaarsCars/**/*.swift", "NaarsCars/x/y/A.swift", true),
            ("NaarsCars/**/*.swift", "Other/A.swift", false),
            ("NaarsCars/**/*.swift", "NaarsCars/A.swifty", false),
            ("NaarsCars/**/*.swift", "NaarsCarsX/A.swift", false),
            ("NaarsCars/**/*.swift", "NaarsCars", false),
            ("**/*.swift", "A.swift", true),
            ("**/*.swift", "a/b/.swift", true),
            ("**", "a/b", true),
            ("**", "", true),
            ("a/*/c", "a/b/c", true),
            ("a/*/c", "a/b/d/c", false),
            ("a/*/c", "a//c", false),
            ("a/?.swift", "a/b.swift", true),
            ("a/?.swift", "a/bb.swift", false),
            ("a/?.swift", "a/.swift", false),
            ("a//b", "a/b", true),
            ("a/b", "/a/b/", true),
            ("a/b", "a/b/c", false),
            ("Séance/*.swift", "Séance/Vue.swift", true),
            ("Séance/*.swift", "Seance/Vue.swift", false),
            ("*Tests/**", "AppTests/x/y.swift", true),
            ("*Tests/**", "AppTest/x/y.swift", false),
            ("a/**/b/**/c.swift", "a/x/b/y/z/c.swift", true),
            ("a/**/b/**/c.swift", "a/b/c.swift", true),
            ("a/**/b/**/c.swift", "a/x/c.swift", false),
            ("*.sw*t", "A.swift", true),
            ("*.sw*t", "A.swif", false),
            ("**/**/x", "x", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob(pattern).matches(path), expected, "\(pattern) on \(path)")
        }
    }

    /// Every pattern, on a tree with decoys beside each folder (a name that extends it, a file named like it,
    /// matches outside it): the same files as filtering a listing of the whole tree.
    func testMatchingFindsWhatTheWholeTreeListingFinds() throws {
        let tree = MemoryTree(text: [
            "App/Main.swift": "", "App/Views/Row.swift": "", "App/Views/Row.txt": "", "App-Old/Main.swift": "",
            "AppTests/MainTests.swift": "", "Apps.swift": "", "Other/App/Main.swift": "", "Main.swift": "",
            "supabase/functions/push/index.ts": "", "supabase/functions/_shared/gen.ts": "", "supabase/x.ts": "",
            "database/001_init.sql": "",
        ])
        let patterns = [["App/**/*.swift"], ["App/*.swift", "AppTests/*.swift"], ["**/*.swift"], ["App/Views/Row.swift"],
                        ["supabase/functions/**/*.ts"], ["*/App/*.swift"], ["App/**/*.swift", "App-Old/*.swift"], []]
        for include in patterns {
            let whole = try tree.files(under: "").filter { path in include.contains { Glob($0).matches(path) } }
            XCTAssertEqual(try tree.files(matching: include, excluding: ["supabase/functions/_shared/**"]),
                           whole.filter { !$0.hasPrefix("supabase/functions/_shared/") }, "\(include)")
        }
    }

    /// A source folder that is a link inside the project is listed through it (a whole-tree walk never entered
    /// linked folders); a missing one lists nothing.
    func testALinkedSourceFolderIsListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-glob-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Shared/Views"), withIntermediateDirectories: true)
        try Data().write(to: root.appendingPathComponent("Shared/Views/Row.swift"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("App"), withDestinationURL: root.appendingPathComponent("Shared"))
        let tree = DiskTree(root: root)
        XCTAssertEqual(try tree.files(matching: ["App/**/*.swift"]), ["App/Views/Row.swift"])
        XCTAssertEqual(try tree.files(matching: ["Missing/**/*.swift"]), [])
    }
}
