import ContractsTestSupport
import Foundation
import XCTest

/// A fixture app (Tests/ContractsCheckTests/Fixtures) copied to a temporary folder, its migrations applied to a
/// fresh database as `supabase db push` would (versions recorded in `supabase_migrations.schema_migrations`),
/// and `check --database-url` run on it with the built CLI.
struct LiveFixtureApp {
    let root: URL
    let database: LiveTestDatabase

    /// `auth.users` and `auth.uid()`, which Supabase provides and the fixtures' RLS policies use.
    static let supabaseStubs = """
        CREATE SCHEMA auth;
        CREATE TABLE auth.users (id uuid PRIMARY KEY);
        CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS 'SELECT NULL::uuid';
        CREATE SCHEMA supabase_migrations;
        CREATE TABLE supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY, statements text[], name text);

        """

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ContractsCheckTests/Fixtures")

    /// Copies `name`, creates its database and applies every migration of `folders` in order (files by name).
    static func make(_ name: String, folders: [String], for test: XCTestCase) throws -> LiveFixtureApp {
        let database = try LiveTestDatabase.create(for: test)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-live-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: root)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try database.succeed(supabaseStubs)
        for folder in folders {
            let dir = root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: dir.path).filter({ $0.hasSuffix(".sql") }).sorted() {
                try database.succeed(String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8))
                if folder == "supabase/migrations", let version = file.split(separator: "_").first {
                    try database.succeed("INSERT INTO supabase_migrations.schema_migrations (version, name) VALUES ('\(version)', '\(file)');")
                }
            }
        }
        return LiveFixtureApp(root: root, database: database)
    }

    /// The CLI next to the test bundle.
    static var binary: URL {
        var folder = Bundle(for: BundleMarker.self).bundleURL
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "Contents" || folder.lastPathComponent == "MacOS" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("naars-contracts")
    }

    /// Runs `naars-contracts check --no-cache <arguments>` in the copy.
    func check(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
        try TestProcess.run(Self.binary.path, ["check", "--no-cache"] + arguments, in: root, extraEnvironment: environment)
    }

    /// The `db-*` findings of a JSON report, as `rule file:line:column`, sorted (the fixtures carry no generated
    /// files, so other rules report too; they are not this suite's).
    func liveFindings(url: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let result = try check(["--format", "json", "--database-url", url ?? database.socketURL()])
        XCTAssertNotEqual(result.status, 2, "check failed: \(result.stderr)", file: file, line: line)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = report?["findings"] as? [[String: Any]] ?? []
        return findings.compactMap { finding -> String? in
            guard let rule = finding["rule"] as? String, rule.hasPrefix("db-") else { return nil }
            return "\(rule) \(finding["file"] ?? ""):\(finding["line"] ?? 0):\(finding["column"] ?? 0)"
        }.sorted()
    }

    /// The messages of the `db-*` findings, for tests that check what a finding names.
    func liveMessages(url: String? = nil) throws -> [String] {
        let result = try check(["--format", "json", "--database-url", url ?? database.socketURL()])
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (report?["findings"] as? [[String: Any]] ?? []).filter { ($0["rule"] as? String)?.hasPrefix("db-") == true }
            .compactMap { $0["message"] as? String }
    }
}

private final class BundleMarker {}
