import ContractsCore
import Foundation
import XCTest
@testable import ContractsTypeScriptSource

/// The two registries the tests judge against, loaded from the repository like the CLI loads them.
enum TestRegistries {
    static let repoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func load(_ relativePath: String) throws -> Registry {
        let text = try String(contentsOf: repoRoot.appendingPathComponent(relativePath), encoding: .utf8)
        return try RegistryLoader.load(text: text, file: "registry.yaml")
    }

    static func naarsCars() throws -> Registry { try load("registry.yaml") }
    static func driverApp() throws -> Registry { try load("Tests/Fixtures/driver-app/registry.yaml") }
}

extension XCTestCase {
    /// Findings for one file, as `line:column rule-id` strings (the shape the assertions compare).
    func findings(_ text: String, _ registry: Registry, path: String = "supabase/functions/f/index.ts") -> [Finding] {
        TypeScriptSourceCheck.findings(inFile: path, text: text, registry: registry)
    }

    func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location.line):\($0.location.column) \($0.ruleID)" }
    }

    /// `line:column` of the `occurrence`-th (1-based) appearance of `needle` in `text`, in UTF-8 bytes.
    func position(of needle: String, in text: String, occurrence: Int = 1) -> String {
        var from = text.startIndex
        var found: Range<String.Index>?
        for _ in 0..<occurrence {
            guard let r = text.range(of: needle, range: from..<text.endIndex) else {
                XCTFail("\(needle) not in fixture")
                return "?"
            }
            found = r
            from = r.upperBound
        }
        let offset = text.utf8.distance(from: text.startIndex, to: found!.lowerBound)
        let p = LineMap(text).position(ofByte: offset)
        return "\(p.line):\(p.column)"
    }
}
