import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// A migration's parse kept in the memo and read back is the parse itself: every SQL file of the test fixtures
/// (broken statements, DO blocks, quoted bodies, non-ASCII text), with every body read and with a registry's
/// relevance; damaged bytes decode to nothing rather than to a wrong parse; and a check served from the memo
/// finds what a check without it finds.
final class ParsedMigrationCodecTests: XCTestCase {
    private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func sqlFiles() throws -> [URL] {
        let walker = FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil)!
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "sql" }.sorted { $0.path < $1.path }
    }

    func testEveryFixtureMigrationRoundTrips() throws {
        let files = try sqlFiles()
        XCTAssertGreaterThan(files.count, 50)
        let relevance = BodyRelevance(SQLTestRegistry.make(values: ["message"]))
        var statements = 0, functions = 0, errors = 0, unparsed = 0, guarded = 0, unescaped = 0
        for url in files {
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            for relevance in [BodyRelevance.all, relevance] {
                let parsed = MigrationParser.parse(text: text, path: url.lastPathComponent, folder: "database", relevance: relevance)
                let bytes = ParsedMigrationCodec.encode(parsed)
                let decoded = ParsedMigrationCodec.decode(bytes, source: parsed.source, folder: "database")
                XCTAssertEqual(decoded, parsed, url.lastPathComponent)
                statements += parsed.statements.count
                functions += parsed.functions.count
                errors += parsed.syntaxErrors.count
                unparsed += parsed.unparsed.count
                let all = parsed.statements + parsed.functions.flatMap(\.body)
                guarded += all.filter { $0.guardCondition != nil }.count
                unescaped += all.filter { $0.map.steps.contains { if case .unescape = $0 { return true } else { return false } } }.count
            }
        }
        // Each part of the layout is exercised, or this test proves less than it says.
        for (name, count) in [("statements", statements), ("functions", functions), ("syntax errors", errors),
                              ("unparsed statements", unparsed), ("guarded statements", guarded), ("unescaped bodies", unescaped)] {
            XCTAssertGreaterThan(count, 0, name)
        }
    }

    /// Each fixture app's migrations, read with its own registry: their facts (constraint and ENUM events, type
    /// literals, function operations, push builds, returned objects) come back from bytes as they were.
    func testEveryFixtureAppsFactsRoundTrip() throws {
        let apps = Self.tests.appendingPathComponent("ContractsCheckTests/Fixtures")
        var seen: [String: Int] = [:]
        // No fixture app drops a function.
        let dropping = MigrationParser.parse(text: "DROP FUNCTION IF EXISTS public.f(int), G;\nDROP PROCEDURE p;\n",
                                             path: "m.sql", folder: "database")
        let droppingFunctions = MigrationFacts(dropping, FactsReader(SQLTestRegistry.make(values: ["message"])))
        XCTAssertEqual(droppingFunctions.operations, [.drop(["public.f", "public.g"]), .drop(["public.p"])])
        for name in try FileManager.default.contentsOfDirectory(atPath: apps.path).sorted() {
            let root = apps.appendingPathComponent(name)
            guard let text = try? String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8) else { continue }
            let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
            let history = try MigrationHistory.load(CheckContext(registry: registry, tree: DiskTree(root: root)))
            for facts in history.facts + (name == "app-clean" ? [droppingFunctions] : []) {
                XCTAssertEqual(Self.roundTrip(facts), facts, "\(name): \(facts.path)")
                let builds = facts.functions.flatMap(\.pushBuilds).flatMap { $0 }
                let drops = facts.operations.filter { if case .drop = $0 { return true } else { return false } }
                let triggers = facts.triggers
                let nested = builds.flatMap(\.pairs).filter { !$0.nested.isEmpty }
                let operations = facts.schema.compactMap(\.operation)
                func count(_ kind: (SchemaOperation) -> Bool) -> Int { operations.filter(kind).count }
                let counts: [(String, Int)] = [
                    ("constraint events", facts.constraintEvents.count), ("ENUM events", facts.enumEvents.count),
                    ("literals", facts.literals.count), ("operations", facts.operations.count),
                    ("drops", drops.count), ("triggers", triggers.count),
                    ("trigger-only literals", facts.functions.filter { $0.triggerLiterals != nil }.count),
                    ("push builds", builds.count), ("nested builds", nested.count),
                    ("returned objects", facts.functions.compactMap(\.returned).count),
                    ("syntax errors", facts.syntaxErrors.count), ("unparsed", facts.unparsed.count),
                    ("schema statements", facts.schema.count), ("schema trees", facts.schema.filter { $0.node != .null }.count),
                    ("schema tables", count { if case .createTable = $0 { return true } else { return false } }),
                    ("schema functions", count { if case .createFunction = $0 { return true } else { return false } }),
                    ("schema triggers", count { if case .createTrigger = $0 { return true } else { return false } }),
                    ("schema drops", count { if case .drop = $0 { return true } else { return false } }),
                ]
                for (part, count) in counts {
                    seen[part, default: 0] += count
                }
            }
        }
        // Each part of the layout is exercised, or this test proves less than it says.
        for (part, count) in seen.sorted(by: { $0.key < $1.key }) { XCTAssertGreaterThan(count, 0, part) }
        XCTAssertEqual(seen.count, 18)
    }

    private static func roundTrip(_ facts: MigrationFacts, cut: Int? = nil) -> MigrationFacts? {
        var out = ByteWriter()
        MigrationFactsCodec.encode(facts, into: &out)
        return out.bytes[..<(cut ?? out.bytes.count)].withUnsafeBufferPointer { buffer -> MigrationFacts? in
            var input = ByteReader(bytes: buffer)
            guard let decoded = try? MigrationFactsCodec.decode(&input), input.atEnd else { return nil }
            return decoded
        }
    }

    func testCutFactsDecodeToNothing() throws {
        let text = """
            CREATE TABLE notifications (id int, type text CHECK (type IN ('message')));
            CREATE FUNCTION f() RETURNS jsonb LANGUAGE plpgsql AS $$ BEGIN
              UPDATE notifications SET type = 'x';
              RETURN jsonb_build_object('type', 'message', 'data', jsonb_build_object('id', 1));
            END; $$;
            SELEC 1;
            """
        let facts = MigrationFacts(MigrationParser.parse(text: text, path: "m.sql", folder: "database"),
                                   FactsReader(SQLTestRegistry.make(values: ["message"])))
        var out = ByteWriter()
        MigrationFactsCodec.encode(facts, into: &out)
        XCTAssertEqual(Self.roundTrip(facts), facts)
        for length in 0 ..< out.bytes.count { XCTAssertNil(Self.roundTrip(facts, cut: length), "\(length)") }
    }

    func testNegativeAndLargeNumbersRoundTrip() {
        let node = PgNode.object(PgFields([("a", .number(-1)), ("b", .number(Int.max)), ("c", .number(Int.min)),
                                            ("d", .array([.null, .string("é\u{0}x"), .number(0)]))]))
        let statement = SQLStatement(kind: "SelectStmt", node: node, map: OffsetMap(steps: [.shift(-7), .pin(3)]), start: 2,
                                     origin: .function("public.f"), role: .assignment("v"), into: ["a", "b"],
                                     guardCondition: .absent("c"))
        let source = SQLSource(path: "m.sql", text: "SELECT 1;")
        let migration = ParsedMigration(source: source, folder: "db", statements: [statement], functions: [], syntaxErrors: [])
        XCTAssertEqual(ParsedMigrationCodec.decode(ParsedMigrationCodec.encode(migration), source: source, folder: "db"), migration)
    }

    func testTruncatedOrExtendedBytesDecodeToNothing() {
        let text = """
            ALTER TABLE notifications ADD CONSTRAINT c CHECK (type IN ('message', 'other'));
            CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN UPDATE notifications SET type = 'x'; END; $$;
            SELEC 1;
            """
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        let bytes = ParsedMigrationCodec.encode(parsed)
        XCTAssertNotNil(ParsedMigrationCodec.decode(bytes, source: parsed.source, folder: "database"))
        for length in 0 ..< bytes.count {
            XCTAssertNil(ParsedMigrationCodec.decode(Array(bytes[..<length]), source: parsed.source, folder: "database"), "\(length)")
        }
        XCTAssertNil(ParsedMigrationCodec.decode(bytes + [0], source: parsed.source, folder: "database"))
        // Any byte changed: no crash, whatever it decodes to (the memo file's hash is what rejects damage).
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0xFF
            _ = ParsedMigrationCodec.decode(damaged, source: parsed.source, folder: "database")
        }
    }

    func testAMemoEntryFileRejectsAnotherKeyAndAnyDamage() {
        for value in [[UInt8](repeating: 7, count: 40), [], Array("ключ".utf8)] {
            let data = ContentMemoFile.encode(value, key: "3 check tool+1")
            XCTAssertEqual(ContentMemoFile.decode(data, key: "3 check tool+1"), value)
            XCTAssertEqual(ContentMemoFile.decode((Data([9]) + data).dropFirst(), key: "3 check tool+1"), value, "a slice reads the same")
            XCTAssertNil(ContentMemoFile.decode(data, key: "3 check tool+2"))
            XCTAssertNil(ContentMemoFile.decode(data.dropLast(), key: "3 check tool+1"))
            XCTAssertNil(ContentMemoFile.decode(data + Data([0]), key: "3 check tool+1"))
            for index in data.indices {
                var damaged = data
                damaged[index] ^= 0x01
                XCTAssertNil(ContentMemoFile.decode(damaged, key: "3 check tool+1"), "byte \(index)")
            }
        }
    }

    /// Every fixture app: findings with a memo being filled, then served from it, are those without one.
    func testFixtureAppsFindTheSameFromTheMemo() throws {
        let apps = Self.tests.appendingPathComponent("ContractsCheckTests/Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: apps.path).sorted()
            .filter { FileManager.default.fileExists(atPath: apps.appendingPathComponent("\($0)/registry.yaml").path) }
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let root = apps.appendingPathComponent(name)
            let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
            let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
            let plain = try SQLAnalysis.load(CheckContext(registry: registry, tree: DiskTree(root: root)))
            let memo = ContentMemo.inMemory()
            let filling = try SQLAnalysis.load(CheckContext(registry: registry, tree: DiskTree(root: root), memo: memo))
            let stored = memo.storedCount
            // Each migration's facts and tree, then its facts again for each read with the functions found to
            // write a parameter to a typed column (`SQLSinks`), and where those reads ended.
            XCTAssertGreaterThanOrEqual(stored, 2 * plain.facts.history.migrations.count, "\(name): each migration's facts and tree")
            let served = try SQLAnalysis.load(CheckContext(registry: registry, tree: DiskTree(root: root), memo: memo))
            XCTAssertEqual(memo.storedCount, stored, "\(name): the second load parses nothing")
            for analysis in [filling, served] {
                XCTAssertEqual(analysis.findings, plain.findings, name)
                XCTAssertEqual(analysis.effectiveConstraint, plain.effectiveConstraint, name)
                XCTAssertEqual(analysis.facts.history.facts, plain.facts.history.facts, name)
                // The schema replayed from the statements the memo kept is the one replayed from a parse.
                XCTAssertEqual(analysis.schema, plain.schema, name)
                XCTAssertEqual(analysis.schemaErrors, plain.schemaErrors, name)
            }
            XCTAssertEqual(served.facts.history.treesRemade, 0, "\(name): the rules read the remembered facts, no tree")
            // A tree is still there when asked for (the live-database rules read them): decoded, not parsed.
            XCTAssertEqual(served.facts.history.migrations, plain.facts.history.migrations, name)
            XCTAssertEqual(served.facts.history.treesRemade, plain.facts.history.facts.count, name)
            XCTAssertEqual(memo.storedCount, stored, name)
        }
    }

    /// A migration edited between its fingerprint and its read (a check running while the editor saves): the
    /// parse of the bytes read is never remembered under the fingerprint taken before them, so the earlier content,
    /// met again, is parsed rather than served the later content's facts.
    func testParseIsRememberedOnlyUnderTheKeyOfTheBytesRead() throws {
        let registry = SQLTestRegistry.make(values: ["message", "ride_update"])
        let path = "database/001_init.sql"
        let before = "create table notifications (type text constraint valid_notification_type check (type in ('message', 'ride_update')));\n"
        let after = "create table notifications (type text constraint valid_notification_type check (type in ('message')));\n"
        let memo = ContentMemo.inMemory()
        // Fingerprinted as `before`, read as `after`.
        let racing = ForeignFingerprintTree(base: MemoryTree(text: [path: after]), fingerprinted: [path: before])
        _ = try SQLAnalysis.load(CheckContext(registry: registry, tree: racing, memo: memo))
        XCTAssertEqual(memo.storedCount, 0, "the parse of `after` is not kept under `before`'s key")
        let met = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: [path: before]), memo: memo))
        let plain = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: [path: before])))
        XCTAssertEqual(met.effectiveConstraint, plain.effectiveConstraint)
        XCTAssertEqual(met.effectiveConstraint?.values, ["message", "ride_update"])
    }
}

/// A tree whose `fingerprint(_:)` names other bytes than `read` returns for the paths in `fingerprinted`: a file
/// changed after its stamp was taken.
final class ForeignFingerprintTree: FileTree, @unchecked Sendable {
    let base: MemoryTree
    let fingerprinted: [String: String]

    init(base: MemoryTree, fingerprinted: [String: String]) {
        self.base = base
        self.fingerprinted = fingerprinted
    }

    func files(under dir: String) throws -> [String] { try base.files(under: dir) }
    func read(_ path: String) throws -> Data { try base.read(path) }
    func fingerprint(_ path: String) throws -> String {
        try fingerprinted[path].map { ContentHash.hex(Data($0.utf8)) } ?? ContentHash.hex(base.read(path))
    }
}
