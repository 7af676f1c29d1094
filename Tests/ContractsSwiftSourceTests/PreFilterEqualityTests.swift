import ContractsCore
@testable import ContractsSwiftSource
import Foundation
import XCTest

/// The pre-filter (`SourceNeedles`: a file that mentions no needle is not parsed) is a shortcut: it must give the
/// same findings as parsing every file, and a file it skips must be one the full parse gets no fact from. Checked
/// on every fixture app of the repository and on seeded random trees full of decoys.
final class PreFilterEqualityTests: XCTestCase {
    /// Every fixture app: a folder under Tests/Fixtures or Tests/ContractsCheckTests/Fixtures with a registry.
    func testThePreFilterGivesTheFullParsesFindingsOnEveryFixtureApp() throws {
        var apps = 0, skipped = 0
        for folder in ["Tests/Fixtures", "Tests/ContractsCheckTests/Fixtures"] {
            let base = CheckHarness.repoRoot.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: base.path).sorted() {
                let root = base.appendingPathComponent(name)
                guard let registryFile = ["registry.yaml", "registry.expected.yaml"].first(where: {
                    FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
                }) else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(registryFile), encoding: .utf8)
                let registry = try RegistryLoader.load(text: text, file: registryFile)
                let context = CheckContext(registry: registry, tree: DiskTree(root: root))
                guard try !context.swiftSources().isEmpty else { continue }
                apps += 1
                skipped += try assertSameFacts(context, "\(folder)/\(name)")
            }
        }
        XCTAssertGreaterThanOrEqual(apps, 10, "fixture apps with Swift sources")
        XCTAssertGreaterThan(skipped, 0, "the pre-filter skips some fixture file, or the comparison proves nothing")
    }

    /// The NaarsCars sources the other Swift tests plant drift in, clean and with every file's drift at once.
    func testThePreFilterGivesTheFullParsesFindingsOnTheNaarsCarsSources() throws {
        let context = CheckContext(registry: CheckHarness.naarsCars, tree: MemoryTree(text: CheckHarness.cleanFiles))
        _ = try assertSameFacts(context, "NaarsCars sources")
    }

    /// Seeded random trees: files made of contract uses (declarations, typed names, `rawValue` comparisons, payload
    /// reads, row inserts, registered and unregistered literals) and of decoys the pre-filter must skip (the same
    /// literals in views, needles spelled differently), mixed at random. Each seed gives the same tree every run.
    func testThePreFilterGivesTheFullParsesFindingsOnSeededRandomTrees() throws {
        var skipped = 0, found = 0
        for seed in UInt64(1) ... 12 {
            var tree = RandomSwiftTree(seed: seed, registry: CheckHarness.naarsCars)
            let files = tree.files(count: 40)
            let context = CheckContext(registry: CheckHarness.naarsCars, tree: MemoryTree(text: files))
            skipped += try assertSameFacts(context, "seed \(seed)")
            found += try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: 0, needles: .everyFile).count
        }
        XCTAssertGreaterThan(skipped, 100, "the random trees hold files the pre-filter skips")
        XCTAssertGreaterThan(found, 12, "the random trees hold drift, so a shortcut that lost a file would show")
    }

    /// Findings with the pre-filter and with every file parsed (trees kept and parsed again, both), and no fact in
    /// any file the pre-filter skips. Returns how many files it skipped.
    private func assertSameFacts(_ context: CheckContext, _ name: String, file: StaticString = #filePath,
                                 line: UInt = #line) throws -> Int {
        let full = try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: .max, needles: .everyFile)
        let filtered = try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: .max)
        let reparsed = try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: 0)
        let show = { (findings: [Finding]) in findings.map { "\($0.location): \($0.ruleID): \($0.message)" }.joined(separator: "\n") }
        XCTAssertEqual(show(filtered), show(full), "\(name): the pre-filter changed the findings", file: file, line: line)
        XCTAssertEqual(filtered, reparsed, "\(name): trees parsed again changed the findings", file: file, line: line)

        let needles = SourceNeedles(registry: context.registry)
        let reader = SwiftSourceCheck.FileReader(needles: .everyFile, retainBytes: 0)
        let paths = try context.swiftSources()
        var projectTypes = DeclaredTypes()
        for path in paths {
            if let parsed = reader.parse(path, bytes: try context.tree.read(path)) { projectTypes.merge(parsed.declaredTypes) }
        }
        var skipped = 0
        for path in paths {
            let bytes = try context.tree.read(path)
            guard !needles.matches(bytes), let parsed = reader.parse(path, bytes: bytes) else { continue }
            skipped += 1
            let found = SwiftSourceCheck.findings(in: [parsed], registry: context.registry, projectTypes: projectTypes)
            XCTAssertFalse(SwiftParseStats.yieldsFacts(parsed, findings: found, registry: context.registry, projectTypes: projectTypes),
                           "\(name): \(path) is skipped by the pre-filter but gives a fact", file: file, line: line)
        }
        return skipped
    }
}

/// A seeded tree of Swift files (SplitMix64: the same seed, the same files on every platform).
struct RandomSwiftTree {
    private var state: UInt64
    private let raws: [String]

    init(seed: UInt64, registry: Registry) {
        state = seed
        raws = registry.notificationTypes!.values.map(\.raw)
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A registered raw value, or (one time in four) a misspelled one.
    private mutating func raw() -> String {
        let value = raws[below(raws.count)]
        return below(4) == 0 ? value + "s" : value
    }

    /// One snippet of Swift, numbered `k` so names do not collide across files.
    private mutating func snippet(_ k: Int) -> String {
        switch below(15) {
        case 0: return "struct Note\(k) {\n    let type: NotificationType\n    let id: UUID\n}\n"
        case 1: return "func isMatch\(k)(_ note: Note\(k)) -> Bool {\n    note.type.rawValue == \"\(raw())\"\n}\n"
        case 2: return "let parsed\(k) = NotificationType(rawValue: \"\(raw())\")\n"
        case 3: return "let kind\(k): NotificationType = .message\n"
        case 4:
            return """
                struct Row\(k): Encodable {
                    let type: String
                    let userId: UUID
                }

                func insert\(k)(client: SupabaseClient) async throws {
                    try await client.from("notifications").insert(Row\(k)(type: "\(raw())", userId: UUID())).execute()
                }

                """
        case 5:
            return "func route\(k)(userInfo: [AnyHashable: Any]) -> Bool {\n    (userInfo[\"type\"] as? String) == \"\(raw())\"\n}\n"
        case 6:
            return "func handle\(k)(_ kind: NotificationType) -> String {\n    switch kind {\n    case .message: return \"\(raw())\"\n    default: return \"\"\n    }\n}\n"
        case 7:
            // Decoys: the literals in a view, the needles' words in other spellings, nothing the rules read.
            return "struct Card\(k): View {\n    var body: some View { Text(\"\(raw())\").accessibilityLabel(\"notificationType\") }\n}\n"
        case 8: return "let label\(k) = \"\(raw())\" // a notification type, by name only\n"
        case 9: return "struct Ride\(k) {\n    let kind: String\n    let title: String\n}\n"
        case 10: return "func compare\(k)(_ ride: Ride\(k)) -> Bool {\n    ride.kind == \"\(raw())\"\n}\n"
        case 11: return "enum RideState\(k): String {\n    case open = \"\(raw())\"\n    case closed\n}\n"
        case 12: return "let decoded\(k) = try JSONDecoder().decode([Ride\(k)].self, from: data) // Decodable rows\n"
        case 13: return "func isFirst\(k)(_ items: [Holder]) -> Bool {\n    items[0].kind.rawValue == \"\(raw())\"\n}\n"
        default: return "/* NotificationType */ let mention\(k) = \"\(raw())\"\n"
        }
    }

    /// `count` files under NaarsCars/ (the registry's Swift glob); the first declares the enum, a case misspelled
    /// one time in two.
    mutating func files(count: Int) -> [String: String] {
        let cases = raws.map { raw -> String in
            let name = raw.split(separator: "_").enumerated().map { $0 == 0 ? String($1) : $1.capitalized }.joined()
            return "    case \(name) = \"\(raw)\""
        }
        var enumCases = cases
        if below(2) == 0 { enumCases[below(cases.count)] = "    case misspelled = \"\(raw())x\"" }
        var files = ["NaarsCars/Models/NotificationType.swift":
            "enum NotificationType: String, Codable {\n" + enumCases.joined(separator: "\n") + "\n}\n"]
        for k in 1 ..< count {
            files["NaarsCars/Features/File\(k).swift"] = (0 ..< 1 + below(3)).map { snippet(k * 10 + $0) }.joined(separator: "\n")
        }
        return files
    }
}
