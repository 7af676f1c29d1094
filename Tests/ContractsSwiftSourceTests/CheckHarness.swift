import ContractsCore
import ContractsSwiftSource
import Foundation
import XCTest

/// Runs the Swift checker over in-memory sources against the repo's own registry.yaml.
enum CheckHarness {
    /// The repository root, found from this file's path (tests run from any directory).
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The NaarsCars registry (seed 000), loaded once.
    static let naarsCars: Registry = load("registry.yaml")

    /// The driver-app registry (seed 001): other names everywhere.
    static let driverApp: Registry = load("Tests/Fixtures/driver-app/registry.yaml")

    private static func load(_ path: String) -> Registry {
        let text = try! String(contentsOf: repoRoot.appendingPathComponent(path), encoding: .utf8)
        return try! RegistryLoader.load(text: text, file: "registry.yaml")
    }

    /// Findings for `files` (path → Swift text), paths relative to the project root.
    static func findings(_ files: [String: String], registry: Registry = naarsCars) throws -> [Finding] {
        let context = CheckContext(registry: registry, tree: MemoryTree(text: files))
        return try SwiftSourceCheck.findings(in: context)
    }

    /// The location of the `occurrence`-th appearance of `needle` in `text` (1-based line, UTF-8 column),
    /// computed without swift-syntax so it checks the checker.
    static func location(of needle: String, in text: String, file: String, occurrence: Int = 1,
                         sourceLocation: (file: StaticString, line: UInt) = (#filePath, #line)) -> SourceLocation {
        var searchStart = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            found = text.range(of: needle, range: searchStart..<text.endIndex)
            guard let f = found else { break }
            searchStart = f.upperBound
        }
        guard let range = found else {
            XCTFail("fixture has no occurrence \(occurrence) of \(needle)", file: sourceLocation.file, line: sourceLocation.line)
            return SourceLocation(file: file, line: 0, column: 0)
        }
        let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        return LineMap(text).location(ofByte: offset, in: file)
    }
}

extension CheckHarness {
    /// The four NaarsCars files, drift-free.
    static let cleanFiles: [String: String] = [
        AppNotificationSource.path: AppNotificationSource.text,
        DeepLinkParserSource.path: DeepLinkParserSource.text,
        BadgeCountManagerSource.path: BadgeCountManagerSource.text,
        NotificationsListSource.path: NotificationsListSource.text,
    ]

    /// `text` with `old` (which must occur exactly once) replaced by `new`: one planted drift.
    static func plant(_ old: String, _ new: String, in text: String,
                      file: StaticString = #filePath, line: UInt = #line) -> String {
        let count = text.components(separatedBy: old).count - 1
        XCTAssertEqual(count, 1, "fixture must contain \(old) exactly once", file: file, line: line)
        return text.replacingOccurrences(of: old, with: new)
    }

    /// Findings for the clean project with one file's text replaced.
    static func findings(replacing path: String, with text: String, registry: Registry = naarsCars) throws -> [Finding] {
        var files = cleanFiles
        files[path] = text
        return try findings(files, registry: registry)
    }
}
