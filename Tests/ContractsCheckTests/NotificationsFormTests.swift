import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import Foundation
import XCTest

/// `notification_types:` is shorthand for an `enums:` entry and `notifications: { enum }` naming it: every registry
/// in the repository loads to the same contract in either form (the same digest, so the same generated files), and
/// every fixture app gives the same findings at the same places, worded alike but for where the registry lists the
/// values (`notification_types` or `enums.<name>`).
final class NotificationsFormTests: XCTestCase {
    func testEveryRegistryDigestsTheSameInEitherForm() throws {
        let root = FixtureApp.source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = [root.appendingPathComponent("registry.yaml")]
        files += FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" } ?? []
        var compared = 0
        for file in files.sorted(by: { $0.path < $1.path }) {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard let shorthand = try? RegistryLoader.load(text: text, file: "registry.yaml"),
                  let rewritten = try? NotificationsForm.rewrite(text) else { continue }
            let name = String(file.path.dropFirst(root.path.count + 1))
            let contract: Registry
            do {
                contract = try RegistryLoader.load(text: rewritten, file: "registry.yaml")
            } catch {
                XCTFail("\(name) does not load in the notifications form: \(error)\n\(rewritten)")
                continue
            }
            XCTAssertEqual(RegistryDigest.of(contract), RegistryDigest.of(shorthand), name)
            XCTAssertEqual(contract.notificationTypes!.sharedEnum.name, shorthand.notificationTypes!.sharedEnum.name, name)
            XCTAssertEqual(contract.enums.map(\.name), shorthand.enums.map(\.name), name)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 20, "the repository's registries were not found")
    }

    func testEveryFixtureAppReportsTheSameInEitherForm() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: FixtureApp.source.path).filter {
            FileManager.default.fileExists(atPath: FixtureApp.source.appendingPathComponent("\($0)/registry.yaml").path)
        }.sorted()
        XCTAssertGreaterThan(apps.count, 10)
        var compared = 0
        for app in apps {
            let text = try String(contentsOf: FixtureApp.source.appendingPathComponent("\(app)/registry.yaml"), encoding: .utf8)
            guard let rewritten = try? NotificationsForm.rewrite(text) else { continue } // written in the one-enum form already
            let shorthand = try FixtureApp.copy(app, for: self)
            let contract = try FixtureApp.copy(app, for: self)
            try rewritten.write(to: contract.appendingPathComponent("registry.yaml"), atomically: true, encoding: .utf8)
            let entry = "enums." + (try RegistryLoader.load(text: rewritten, file: "registry.yaml").notificationTypes?.sharedEnum.name ?? "")
            XCTAssertEqual(try Self.placed(FixtureApp.report(contract), entry: entry), try Self.placed(FixtureApp.report(shorthand)), app)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 10)
    }

    /// The report without the places in registry.yaml (the rewritten registry has its keys on other lines), and with
    /// `entry` (where the rewritten registry lists the values) read as `notification_types`, which messages name.
    static func placed(_ json: String, entry: String? = nil) throws -> String {
        let json = entry.map { json.replacingOccurrences(of: $0, with: "notification_types") } ?? json
        guard var report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let findings = report["findings"] as? [[String: Any]] else { return json }
        report["findings"] = findings.map { finding -> [String: Any] in
            var finding = finding
            finding["registry"] = nil
            if let related = finding["related"] as? [[String: Any]] {
                finding["related"] = related.filter { ($0["file"] as? String) != "registry.yaml" }
            }
            return finding
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
    }
}
