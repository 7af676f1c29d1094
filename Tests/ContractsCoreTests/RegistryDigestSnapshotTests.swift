@testable import ContractsCore
import Foundation
import XCTest

/// Generated files in every project carry the digest of what they were made from, so the digest of a registry that
/// loads today must not change when the model behind it does (one enum model: the notification types became an enum
/// like the others). `registry-digests.json` holds, for every registry in the repository and the hand-made ones in
/// `RegistryDigestTests`, the canonical text the notification enum's, deep links' and payloads' files carry (under
/// the registry's name: for a registry without `enums:` the registry-wide text these files always carried), and the
/// text each shared enum's files carry (`<name> enums.<enum>`, its TypeScript and migrations; its Swift adds the
/// access level when it is not `public`). It is rewritten only with `NAARS_UPDATE_GOLDEN=1`, on purpose.
final class RegistryDigestSnapshotTests: XCTestCase {
    func testEveryRegistryKeepsItsDigestText() throws {
        let snapshot = RegistryFixtures.repoRoot.appendingPathComponent("Tests/ContractsCoreTests/Fixtures/registry-digests.json")
        let texts = try Self.currentTexts()
        if ProcessInfo.processInfo.environment["NAARS_UPDATE_GOLDEN"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: texts, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: snapshot)
            return
        }
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: snapshot)) as? [String: String])
        // A registry added since the snapshot has no digest to keep; every one in it must still load, to the same text.
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(texts[name], text, "\(name): its digest text changed (or it no longer loads), so every generated file of such a project goes stale")
        }
    }

    /// Name → canonical digest text of every registry that loads, and of the hand-made full registry and its variants.
    static func currentTexts() throws -> [String: String] {
        var texts: [String: String] = [:]
        let root = RegistryFixtures.repoRoot
        var sources: [(String, String)] = [
            ("BadRegistryTests.base", BadRegistryTests.base),
            ("AttributeScopeAndPushKeyDecodingTests.text", AttributeScopeAndPushKeyDecodingTests.text),
            ("registry.yaml", try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)),
        ]
        let files = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) {
            sources.append((String(file.path.dropFirst(root.path.count + 1)), try String(contentsOf: file, encoding: .utf8)))
        }
        for (name, text) in sources {
            guard let registry = try? RegistryLoader.load(text: text, file: "registry.yaml") else { continue }
            add(registry, as: name, to: &texts)
        }
        let everything = RegistryDigestTests.everything()
        add(everything, as: "everything", to: &texts)
        for (index, variant) in RegistryDigestTests.variants(of: everything).enumerated() {
            add(variant, as: "everything-variant-\(index)", to: &texts)
        }
        return texts
    }

    /// The texts the generated files of `registry` carry the digests of: the contract's files' under `name`, each
    /// shared enum's under `name enums.<enum>`.
    private static func add(_ registry: Registry, as name: String, to texts: inout [String: String]) {
        texts[name] = RegistryDigest.contractText(registry)
        for e in registry.enums {
            texts["\(name) enums.\(e.name)"] = RegistryDigest.sharedEnumText(e, swiftAccess: nil)
        }
    }
}
