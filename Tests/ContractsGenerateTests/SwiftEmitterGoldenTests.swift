import ContractsCore
import Foundation
import XCTest
@testable import ContractsGenerate
import ContractsTestSupport

/// The emitted Swift for the repo's own registry and the driver-app fixture, compared byte for byte with the
/// checked-in files that the GeneratedSwiftTests target compiles and runs. `NAARS_UPDATE_GOLDEN=1` rewrites them.
final class SwiftEmitterGoldenTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testRepoRegistryMatchesGeneratedSwift() throws {
        try assertGolden(registry: "registry.yaml", goldenDir: "generated/Swift")
    }

    func testDriverAppRegistryMatchesGolden() throws {
        try assertGolden(registry: "Tests/Fixtures/driver-app/registry.yaml", goldenDir: "Tests/Golden/driver-app/Swift")
    }

    /// The fixture app keeps its own enums (`generate: false`); the golden is what `generate` writes for each of them
    /// without it, which the GeneratedSplitwiseChatApp target compiles beside the app's `Expense`.
    func testSplitwiseChatAppRegistryMatchesGolden() throws {
        try assertGolden(registry: "Tests/Fixtures/splitwise-chat-app/registry.yaml",
                         goldenDir: "Tests/Golden/splitwise-chat-app/Swift", everyType: true)
    }

    /// `generate: false` leaves an entry's Swift out, and only its: the splitwise fixture keeps every enum it declares.
    func testGenerateFalseEmitsNoSwiftForThatEntry() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/splitwise-chat-app/registry.yaml"),
                              encoding: .utf8)
        var registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(SwiftEmitter.emit(registry, digest: "sha256:0").map(\.path), [], "the app declares every Swift type")
        XCTAssertEqual(SwiftEmitter.declaredTypes(registry), [])
        registry.enums[0].generatesSwift = true
        let name = try XCTUnwrap(registry.enums[0].swiftEnum)
        XCTAssertEqual(SwiftEmitter.emit(registry, digest: "sha256:0").map(\.path), [registry.outputs.swift + "/" + name + ".swift"])
        XCTAssertEqual(SwiftEmitter.declaredTypes(registry).map(\.entry), ["enums." + registry.enums[0].name])
    }

    /// Emits `registry` and compares every file, by name, with `goldenDir`; no file may be missing or extra.
    /// `everyType`: as if no entry said `generate: false`.
    private func assertGolden(registry path: String, goldenDir: String, everyType: Bool = false, line: UInt = #line) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        var registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        if everyType {
            registry.notificationTypes!.generatesSwift = true
            registry.badges?.generatesSwift = true
            registry.deepLinks?.generatesSwift = true
            for i in registry.payloads.indices { registry.payloads[i].generatesSwift = true }
            for i in registry.enums.indices { registry.enums[i].generatesSwift = true }
        }
        let files = SwiftEmitter.emit(registry)
        let dir = Self.root.appendingPathComponent(goldenDir)
        let emitted = Dictionary(uniqueKeysWithValues: files.map { (($0.path as NSString).lastPathComponent, $0.contents) })
        let existing = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }

        if Golden.isUpdating {
            for name in existing where emitted[name] == nil {
                try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
            }
            for (name, contents) in emitted {
                try contents.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            return
        }
        XCTAssertEqual(Set(existing), Set(emitted.keys), "files in \(goldenDir); run with NAARS_UPDATE_GOLDEN=1", line: line)
        for (name, contents) in emitted.sorted(by: { $0.key < $1.key }) {
            let golden = (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) ?? ""
            if let difference = Golden.firstDifference(actual: contents, golden: golden) {
                XCTFail("\(goldenDir)/\(name) differs at \(difference); run with NAARS_UPDATE_GOLDEN=1", line: line)
            }
        }
    }

}
