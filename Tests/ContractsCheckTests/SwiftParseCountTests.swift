import ContractsCheck
import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsFixtureApps
import ContractsGit
import ContractsTestSupport
import Foundation
import XCTest

/// One `check` parses each Swift file once, however many readers want it: the Swift checker's two passes and its sink
/// rounds, the push-contract summary, the RPC decode reader and the generated-redeclared search ask one store.
final class SwiftParseCountTests: XCTestCase {
    /// Fixture apps where several readers want the same file: an RPC call decoded into a struct (the RPC reader and
    /// the Swift checker), push payload reads (the push-contract summary and the Swift checker), sink functions.
    static let apps = ["app-drift", "rpc-payload-app-drift", "sinks-app-drift", "push-type-app-drift", "ride-push-app-drift", "names-app-drift"]

    func testEachSwiftFileIsPreScannedAndParsedOncePerCheck() throws {
        var shared: [String] = []
        for app in Self.apps {
            let root = try FixtureApp.copy(app, for: self)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let (findings, counts) = try SwiftTrees.sharing(sources: try context.swiftSources().count) { store in
                let findings = try ContractCheck.findings(in: context)
                return (findings, store.paths.map { ($0, store.counts($0)) })
            }
            XCTAssertFalse(findings.isEmpty, "\(app): a drift fixture reports something")
            XCTAssertFalse(counts.isEmpty, "\(app): no Swift file went through the store")
            for (path, count) in counts {
                XCTAssertLessThanOrEqual(count.parses, 1, "\(app): \(path) parsed \(count.parses) times")
                XCTAssertLessThanOrEqual(count.prescans, 1, "\(app): \(path) pre-scanned \(count.prescans) times")
            }
            shared += counts.filter { $0.1.asks > 1 }.map { app + ": " + $0.0 }
        }
        // The count means something only where readers meet: files asked for by more than one of them.
        XCTAssertGreaterThanOrEqual(shared.count, Self.apps.count, "\(shared)")
        XCTAssertTrue(shared.contains { $0.hasPrefix("rpc-payload-app-drift: ") }, "\(shared)")
    }

    /// `check --staged` checks the index, then the last commit, inside the same stores (`sharingReaders`): a file the
    /// commit leaves alone is parsed once for both, the one it changes once per version; the migrations, unchanged
    /// under an unchanged registry, are read once.
    func testTheCheckAtHeadParsesOnlyWhatTheCommitChanges() throws {
        let repo = try GitTestRepo()
        try FileManager.default.removeItem(at: repo.url)
        try FileManager.default.copyItem(at: try FixtureApp.copy("rpc-payload-app-drift", for: self), to: repo.url)
        _ = try repo.git("init", "-q")
        _ = try repo.git("config", "user.email", "test@example.com")
        _ = try repo.git("config", "user.name", "Test")
        try repo.commitAll("app")
        let (registry, disk) = try FixtureApp.load(repo.url)
        let edited = try XCTUnwrap(try disk.files(under: "").first { $0.hasSuffix("ContactLookup.swift") })
        try repo.write(edited, try repo.read(edited) + "\n// staged\n")
        _ = try repo.git("add", edited)
        let index = CheckContext(registry: registry, tree: try GitTree(root: repo.url, source: .index))
        let head = CheckContext(registry: registry, tree: try GitTree(root: repo.url, source: .revision("HEAD")))
        let sources = try index.swiftSources().count
        let (findings, counts, loads) = try SwiftTrees.sharing(sources: sources) { trees in
            try SQLRun.sharing { run in
                try ContractCheck.sharingReaders(index) {
                    (try [ContractCheck.findings(in: index), ContractCheck.findings(in: head)],
                     trees.paths.map { ($0, trees.counts($0).parses) }, run.loadCount)
                }
            }
        }
        XCTAssertEqual(findings[0], findings[1])
        XCTAssertFalse(findings[0].isEmpty)
        XCTAssertEqual(counts.first { $0.0 == edited }?.1, 2, "the edited file: once per version")
        for (path, parses) in counts where path != edited { XCTAssertLessThanOrEqual(parses, 1, path) }
        XCTAssertGreaterThan(counts.filter { $0.1 == 1 }.count, 0)
        XCTAssertEqual(loads, 1, "the migrations are read once for both")
    }

    /// Readers that share the run's trees find what each finds parsing on its own (outside any run, as before).
    func testReadersFindTheSameWithTheRunStoreAsWithout() throws {
        for app in Self.apps {
            let root = try FixtureApp.copy(app, for: self)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let readers = {
                try [SwiftSourceCheck.findings(in: context), RPCPayloadCheck.findings(in: context),
                     PushContractCheck.findings(in: context),
                     SchemaNamesCheck.findings(in: context, schema: SchemaNamesCheck.replayedSchema)]
            }
            let alone = try readers()
            let shared = try SwiftTrees.sharing(sources: try context.swiftSources().count) { _ in try readers() }
            XCTAssertEqual(shared, alone, app)
            XCTAssertFalse(alone.joined().isEmpty, app)
        }
    }
}
