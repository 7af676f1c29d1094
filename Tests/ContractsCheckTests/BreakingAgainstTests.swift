import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `check --against REF` and `generate --check --against REF` on real git histories: a project committed at
/// `base`, the registry edited (and `generate` run, so only breaking changes remain), then compared.
final class BreakingAgainstTests: XCTestCase {
    /// A small app's registry: a fallback, a retired value, deep links with a required and an optional
    /// parameter, a payload with a required and a defaulted field; a comment naming a value as a decoy.
    static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          fallback: other
          values:
            - raw: message
              deep_link: conversation
            - raw: ride_update
              deep_link: ride
            - raw: favor_update
            - raw: town_hall_post   # replaced favor_update's banner
            - raw: other
          retired: [legacy_ping]
        deep_links:
          swift_enum: DeepLink
          cases:
            - name: ride
              params:
                - { name: id, type: uuid, payload_key: ride_id }
            - name: conversation
              params:
                - { name: id, type: uuid, payload_key: conversation_id }
                - { name: messageId, type: uuid, payload_key: message_id, optional: true }
        payloads:
          BadgeCounts:
            fields:
              messages_total: int
              rides_total: { type: int, default: 0 }
            type_name: BadgeCounts
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated

        """

    static let table = """
        CREATE TABLE public.notifications (
            id bigserial PRIMARY KEY,
            type text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );

        """

    // MARK: - breaking-type-removed

    func testARemovedTypeIsReportedAtTheValuesKey() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: { $0.replacingOccurrences(of: "    - raw: favor_update\n", with: "") })
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:8:3: error: notification type 'favor_update' (line 13 at base) was removed without being moved to "
                + "notification_types.retired: rows and shipped apps still hold it (breaking-type-removed)",
        ])
        // The constraint migration generate wrote for the removal guards VALIDATE (the first one, which removed
        // nothing, does not), and is no drift of its own.
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }.count, 1, result.stdout)
        let removal = try repo.read("database/003_notification_type_check_constraint.sql")
        XCTAssertTrue(removal.contains("-- This migration removes 'favor_update'.\n"), removal)
        XCTAssertTrue(removal.contains("DO $naars_guard$"), removal)
        XCTAssertFalse(try repo.read("database/002_notification_type_check_constraint.sql").contains("DO $"))
    }

    func testMovingTheRemovedTypeToRetiredIsFine() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "    - raw: favor_update\n", with: "")
                .replacingOccurrences(of: "retired: [legacy_ping]", with: "retired: [legacy_ping, favor_update]")
        })
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(breakingLines(result), [])
    }

    func testDroppingARetiredValueIsARemoval() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: { $0.replacingOccurrences(of: "  retired: [legacy_ping]\n", with: "") })
        assertLines(result, startingWith: [
            "registry.yaml:8:3: error: retired notification type 'legacy_ping' (line 16 at base) is no longer listed",
        ])
    }

    // MARK: - breaking-type-renamed

    func testARawValueRenamedForTheSameCase() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "    - raw: ride_update\n", with: "    - raw: ride_updated\n      case: rideUpdate\n")
                // Decoys: a Swift case renamed with its raw value kept, values reordered, a value added.
                .replacingOccurrences(of: "    - raw: message\n", with: "    - raw: message\n      case: chatMessage\n")
                .replacingOccurrences(of: "    - raw: other\n", with: "    - raw: seat_reserved\n    - raw: other\n")
        })
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:12:7: error: case rideUpdate's raw value changed from 'ride_update' (line 11 at base) to 'ride_updated': "
                + "rows and shipped apps hold 'ride_update', and shipped apps decode 'ride_updated' as an unknown type (breaking-type-renamed)",
        ])
    }

    // MARK: - breaking-deeplink-changed

    func testDeepLinkParametersRenamedOnTheWireAndMadeRequired() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "{ name: id, type: uuid, payload_key: ride_id }",
                                    with: "{ name: id, type: uuid, payload_key: rideId }")
                .replacingOccurrences(of: "payload_key: message_id, optional: true }", with: "payload_key: message_id }")
                // Decoy: a Swift label renamed, the key kept.
                .replacingOccurrences(of: "{ name: id, type: uuid, payload_key: conversation_id }",
                                      with: "{ name: conversationId, type: uuid, payload_key: conversation_id }")
        })
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:22:11: error: parameter id of deep-link case ride is read from `rideId` now, `ride_id` at base: "
                + "shipped apps read `ride_id` from pushes and links (breaking-deeplink-changed)",
            "registry.yaml:26:11: error: parameter messageId of deep-link case conversation is required now, optional at base: "
                + "pushes and links without `message_id` no longer open (breaking-deeplink-changed)",
        ])
    }

    func testARemovedDeepLinkCase() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "      deep_link: ride\n", with: "")
                .replacingOccurrences(of: "    - name: ride\n      params:\n        - { name: id, type: uuid, payload_key: ride_id }\n", with: "")
        })
        assertLines(result, startingWith: ["registry.yaml:18:3: error: deep-link case ride (line 20 at base) was removed: queued"])
    }

    // MARK: - breaking-payload-changed

    func testPayloadFieldsRemovedRetypedAndMadeRequired() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "      messages_total: int\n      rides_total: { type: int, default: 0 }\n",
                                    with: "      rides_total: int\n      favors_total: { type: int, optional: true }\n")
        })
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:29:5: error: field `messages_total` of payload BadgeCounts (line 30 at base) was removed: "
                + "shipped apps still decode it (breaking-payload-changed)",
            "registry.yaml:30:20: error: field `rides_total` of payload BadgeCounts is required without a default now, "
                + "defaulted at base: results without it no longer decode (breaking-payload-changed)",
        ])
    }

    // MARK: - breaking-fallback-changed

    func testTheFallbackChanged() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: { $0.replacingOccurrences(of: "fallback: other", with: "fallback: message") })
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:7:3: error: the fallback changed from 'other' at base to 'message': shipped apps map unknown types "
                + "to 'other' (breaking-fallback-changed)",
        ])
    }

    // MARK: - accept_breaking

    func testAcceptBreakingSuppressesExactlyItsRuleAndValue() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "    - raw: favor_update\n", with: "")
                .replacingOccurrences(of: "    - raw: town_hall_post", with: "    - raw: town_hall_posts")
                .replacingOccurrences(of: "fallback: other", with: "fallback: message")
                + "accept_breaking:\n  - { rule: breaking-type-removed, value: favor_update, reason: \"no app before 2.0 is supported\" }\n"
        })
        XCTAssertEqual(result.status, 1, result.stderr)
        // favor_update is accepted; town_hall_post (same rule, another value) and the fallback are not.
        assertLines(result, startingWith: [
            "registry.yaml:7:3: error: the fallback changed from 'other' at base",
            "registry.yaml:8:3: error: notification type 'town_hall_post' (line 14 at base) was removed",
        ])
        XCTAssertTrue(result.stderr.contains("registry.yaml:8:3: note: accepted by accept_breaking (registry.yaml:41:5), "
            + "\"no app before 2.0 is supported\": notification type 'favor_update'"), result.stderr)
    }

    /// An entry accepts the change that added it; once the ref holds it, it accepts nothing (the next release
    /// clears it) and a new removal must be accepted again.
    func testAnEntryAlreadyAtTheRefAcceptsNothing() throws {
        let repo = try committedBase()
        try repo.write("registry.yaml", Self.registry.replacingOccurrences(of: "    - raw: favor_update\n", with: "")
            + "accept_breaking: [breaking-type-removed]\n")
        _ = try CLIHarness.run(["generate"], in: repo.url)
        let accepted = try CLIHarness.run(["check", "--format", "xcode", "--against", "base"], in: repo.url)
        XCTAssertEqual(accepted.status, 0, accepted.stdout + accepted.stderr)
        try repo.commitAll("drop favor_update on purpose")
        try repo.git("tag", "release-2")

        let next = try checkAgainst("release-2", repo, editing: { $0.replacingOccurrences(of: "    - raw: town_hall_post", with: "    - raw: town_hall") })
        XCTAssertEqual(next.status, 1, next.stderr)
        assertLines(next, startingWith: ["registry.yaml:8:3: error: notification type 'town_hall_post' (line 13 at release-2)"])
        XCTAssertTrue(next.stderr.contains("registry.yaml:40:19: note: this accept_breaking entry is already in release-2"), next.stderr)
    }

    func testAnUnknownRuleInAcceptBreakingIsARegistryError() throws {
        let repo = try committedBase()
        try repo.write("registry.yaml", Self.registry + "accept_breaking:\n  - breaking-type-remove\n")
        let result = try CLIHarness.run(["check", "--against", "base"], in: repo.url)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("registry.yaml:42:5: error: accept_breaking names 'breaking-type-remove', which is not "
            + "a breaking-change rule; did you mean 'breaking-type-removed'?"), result.stderr)
    }

    // MARK: - the ref

    func testARefThatIsNoCommitExits2() throws {
        let repo = try committedBase()
        for ref in ["no-such-branch", "HEAD^{tree}", "--output=x"] {
            let result = try CLIHarness.run(["check", "--against=" + ref], in: repo.url)
            XCTAssertEqual(result.status, 2, ref)
            XCTAssertEqual(result.stdout, "", ref)
            XCTAssertTrue(result.stderr.hasPrefix("error: cannot read \(ref): not a "), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("x").path))
    }

    /// `migrations lint --against` refuses what `check --against` refuses, before git sees it; an empty ref is
    /// said to be empty.
    func testLintRefusesAnOptionOrAnEmptyRefAsCheckDoes() throws {
        let repo = try committedBase()
        for arguments in [["migrations", "lint", "--against=-x"], ["migrations", "lint", "--against=--output=x"], ["check", "--against=-x"]] {
            let result = try CLIHarness.run(arguments, in: repo.url)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            let ref = String(arguments.last!.dropFirst("--against=".count))
            XCTAssertEqual(result.stderr, "error: cannot read \(ref): not a git revision (it starts with '-')\n", "\(arguments)")
        }
        for arguments in [["migrations", "lint", "--against", ""], ["check", "--against", ""]] {
            let result = try CLIHarness.run(arguments, in: repo.url)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "error: cannot read the revision: it is empty (name a git commit)\n", "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("x").path))
    }

    /// A ref's newline or ESC never reaches standard error raw: it could end the line and forge a GitHub `::error`.
    func testARefsControlCharactersAreEscapedInEveryEcho() throws {
        let repo = try committedBase()
        let ref = "nope\n::error file=registry.yaml::forged\u{1B}[31m"
        for arguments in [["check", "--against", ref], ["check", "--format", "github", "--against", ref],
                          ["migrations", "lint", "--against", ref], ["generate", "--check", "--against", ref]] {
            let result = try CLIHarness.run(arguments, in: repo.url)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            for output in [result.stdout, result.stderr] {
                XCTAssertFalse(output.contains("\u{1B}"), "\(arguments): \(output)")
                XCTAssertFalse(output.split(separator: "\n").contains { $0.hasPrefix("::error file=registry.yaml::forged") },
                               "\(arguments): \(output)")
            }
            XCTAssertTrue((result.stdout + result.stderr).contains("nope\\u{A}::error file=registry.yaml::forged\\u{1B}[31m"),
                          "\(arguments): \(result.stdout + result.stderr)")
        }
    }

    /// The hook's `check --staged` compares the staged registry, not the working copy.
    func testStagedComparesTheStagedRegistry() throws {
        let repo = try committedBase()
        try repo.write("registry.yaml", Self.registry.replacingOccurrences(of: "fallback: other", with: "fallback: message"))
        _ = try CLIHarness.run(["generate"], in: repo.url)
        try repo.git("add", "-A")
        try repo.write("registry.yaml", Self.registry) // the working copy is back to the base; the index is not
        let staged = try CLIHarness.run(["check", "--staged", "--format", "xcode", "--against", "base"], in: repo.url)
        assertLines(staged, startingWith: ["registry.yaml:7:3: error: the fallback changed from 'other' at base to 'message'"])
        XCTAssertEqual(staged.status, 1, staged.stderr)
    }

    func testARefWithoutTheRegistryComparesNothing() throws {
        let repo = try GitTestRepo()
        try repo.write("README.md", "An app before its registry.\n")
        try repo.commitAll("start")
        try repo.git("tag", "base")
        try repo.write("registry.yaml", Self.registry)
        try repo.write("database/001_notifications.sql", Self.table)
        _ = try CLIHarness.run(["generate"], in: repo.url)
        let result = try CLIHarness.run(["check", "--against", "base"], in: repo.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("note: registry.yaml is not in base: nothing to compare"), result.stderr)
    }

    func testARegistryAtTheRefThatDoesNotLoadExits2() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\nnotification_types: [oops]\n")
        try repo.commitAll("broken")
        try repo.git("tag", "base")
        try repo.write("registry.yaml", Self.registry)
        try repo.write("database/001_notifications.sql", Self.table)
        _ = try CLIHarness.run(["generate"], in: repo.url)
        let result = try CLIHarness.run(["check", "--against", "base"], in: repo.url)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        // One `error:` per line, located where the registry at REF says it (not "error: registry.yaml:2:21: error").
        XCTAssertTrue(result.stderr.split(separator: "\n").contains(
            "registry.yaml:2:21: error: notification_types must be a mapping (key: value) (in registry.yaml at base)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("error: registry.yaml:"), result.stderr)
    }

    // MARK: - generate --check --against

    /// In a project that is a subfolder of the repository: the registry at REF is read relative to it.
    func testGenerateCheckAgainstFailsOnABreakingChangeWithUpToDateFiles() throws {
        let repo = try GitTestRepo()
        try repo.write("app/registry.yaml", Self.registry)
        try repo.write("app/database/001_notifications.sql", Self.table)
        let app = repo.url.appendingPathComponent("app")
        _ = try CLIHarness.run(["generate"], in: app)
        try repo.commitAll("base")
        try repo.git("tag", "base")

        let clean = try CLIHarness.run(["generate", "--check", "--against", "base"], in: app)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        try repo.write("app/registry.yaml", Self.registry.replacingOccurrences(of: "fallback: other", with: "fallback: message"))
        _ = try CLIHarness.run(["generate"], in: app)
        let plain = try CLIHarness.run(["generate", "--check"], in: app)
        XCTAssertEqual(plain.status, 0, "without --against nothing is compared: " + plain.stdout + plain.stderr)
        let broken = try CLIHarness.run(["generate", "--check", "--against", "base"], in: app)
        XCTAssertEqual(broken.status, 1, broken.stdout + broken.stderr)
        XCTAssertTrue(broken.stdout.contains("the fallback changed from 'other' at base to 'message'"), broken.stdout)
        XCTAssertTrue(broken.stderr.contains("Generated files are up to date."), broken.stderr)

        // A severity the registry sets applies here too.
        try repo.write("app/registry.yaml", Self.registry.replacingOccurrences(of: "fallback: other", with: "fallback: message")
            + "rules: { breaking-fallback-changed: off }\n")
        _ = try CLIHarness.run(["generate"], in: app) // `rules:` is part of the digest generated files carry
        XCTAssertEqual(try CLIHarness.run(["generate", "--check", "--against", "base"], in: app).status, 0)

        let misuse = try CLIHarness.run(["generate", "--against", "base"], in: app)
        XCTAssertEqual(misuse.status, 2, misuse.stderr)
        XCTAssertTrue(misuse.stderr.contains("--against works with --check only"), misuse.stderr)
    }

    // MARK: - helpers

    /// A repository with the app committed (generated files included) and tagged `base`.
    private func committedBase() throws -> GitTestRepo {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", Self.registry)
        try repo.write("database/001_notifications.sql", Self.table)
        let generated = try CLIHarness.run(["generate"], in: repo.url)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let check = try CLIHarness.run(["check"], in: repo.url)
        XCTAssertEqual(check.status, 0, "the base is clean: " + check.stdout + check.stderr)
        try repo.commitAll("base")
        try repo.git("tag", "base")
        return repo
    }

    private func checkAgainstBase(_ repo: GitTestRepo, editing edit: (String) -> String) throws -> CLIHarness.Result {
        try checkAgainst("base", repo, editing: edit)
    }

    /// Edits the working registry, regenerates, and runs `check --against ref --format xcode`.
    private func checkAgainst(_ ref: String, _ repo: GitTestRepo, editing edit: (String) -> String) throws -> CLIHarness.Result {
        try repo.write("registry.yaml", edit(try repo.read("registry.yaml")))
        let generated = try CLIHarness.run(["generate"], in: repo.url)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        return try CLIHarness.run(["check", "--format", "xcode", "--against", ref], in: repo.url)
    }

    /// The breaking-change lines of the report start with `prefixes`, one each, in order.
    private func assertLines(_ result: CLIHarness.Result, startingWith prefixes: [String],
                             file: StaticString = #filePath, line: UInt = #line) {
        let lines = breakingLines(result)
        XCTAssertEqual(lines.count, prefixes.count, result.stdout, file: file, line: line)
        for (found, prefix) in zip(lines, prefixes) {
            XCTAssertTrue(found.hasPrefix(prefix), "\(found)\ndoes not start with\n\(prefix)", file: file, line: line)
        }
    }

    /// The report's lines of breaking-change rules.
    private func breakingLines(_ result: CLIHarness.Result) -> [String] {
        // The xcode format prints absolute paths (Xcode jumps to them): compared from the repository's root here.
        result.stdout.split(separator: "\n").map(String.init).filter { $0.contains("(breaking-") }.map { line in
            guard line.hasPrefix("/"), let range = line.range(of: "/registry.yaml:") else { return line }
            return String(line[line.index(after: range.lowerBound)...])
        }
    }
}
