import ContractsCheck
import ContractsCore
import ContractsGeneratePlan
import Foundation
import XCTest

/// `check --fix`'s edits, one kind at a time, on in-memory projects over the rule examples' registry: what each
/// writes (indented and quoted like its neighbours, in the file's line endings), that the check then reports none of
/// the fixed findings, and the decoys it must leave alone.
final class SourceFixTests: XCTestCase {
    // MARK: - Swift

    func testAMissingCaseIsAddedIndentedLikeItsNeighbours() throws {
        let result = try fix(["App/NotificationType.swift": "enum NotificationType: String, Codable {\n    case message // the first\n}\n"])
        XCTAssertEqual(result.files["App/NotificationType.swift"],
                       "enum NotificationType: String, Codable {\n    case message // the first\n    case rideUpdate = \"ride_update\"\n}\n")
        XCTAssertEqual(result.fixed, ["swift-enum-drift"])
        XCTAssertEqual(result.remaining, [])
    }

    func testTabsAndCRLFAreKept() throws {
        let source = "enum NotificationType: String {\r\n\tcase message\r\n}\r\n"
        let result = try fix(["App/NotificationType.swift": source])
        XCTAssertEqual(result.files["App/NotificationType.swift"],
                       "enum NotificationType: String {\r\n\tcase message\r\n\tcase rideUpdate = \"ride_update\"\r\n}\r\n")
        XCTAssertEqual(result.remaining, [])
    }

    /// A file whose lines end in CR alone (old Mac style) gets no LF.
    func testCROnlyLineBreaksAreKept() throws {
        let result = try fix(["App/NotificationType.swift": "enum NotificationType: String {\r    case message\r}\r"])
        XCTAssertEqual(result.files["App/NotificationType.swift"],
                       "enum NotificationType: String {\r    case message\r    case rideUpdate = \"ride_update\"\r}\r")
        XCTAssertEqual(result.remaining, [])
    }

    func testACaseOnTheEnumsLineGetsASemicolon() throws {
        let result = try fix(["App/NotificationType.swift": "enum NotificationType: String { case message }\n"])
        XCTAssertEqual(result.files["App/NotificationType.swift"],
                       "enum NotificationType: String { case message; case rideUpdate = \"ride_update\" }\n")
    }

    /// A new case would leave a `switch self` without `default` non-exhaustive: that is for a person to finish.
    func testNoCaseIsAddedWhereASwitchOverSelfWouldStopCompiling() throws {
        let source = """
            enum NotificationType: String {
                case message
            }
            extension NotificationType {
                var title: String {
                    switch self {
                    case .message: return "Message"
                    }
                }
            }

            """
        let result = try fix(["App/NotificationType.swift": source])
        XCTAssertEqual(result.files, [:])
        XCTAssertEqual(result.remaining, ["swift-enum-drift App/NotificationType.swift:1:6"])
    }

    func testARawValueIsCorrected() throws {
        let result = try fix(["App/NotificationType.swift": """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_updated"
            }

            """])
        XCTAssertEqual(result.files["App/NotificationType.swift"]?.contains("case rideUpdate = \"ride_update\"\n"), true)
        XCTAssertEqual(result.remaining, [])
    }

    func testAnAttributesLiteralIsCorrected() throws {
        let registry = RuleExample.baseRegistry
            .replacingOccurrences(of: "- raw: message\n", with: "- { raw: message, icon: message.fill }\n")
            .replacingOccurrences(of: "- raw: ride_update\n", with: "- { raw: ride_update, icon: car.fill }\n")
        let source = """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
                var icon: String {
                    switch self {
                    case .message: return "message.fill"
                    case .rideUpdate: return "car"
                    }
                }
            }

            """
        let result = try fix(["App/NotificationType.swift": source], registry: registry)
        XCTAssertEqual(result.files["App/NotificationType.swift"],
                       source.replacingOccurrences(of: "return \"car\"", with: "return \"car.fill\""))
        XCTAssertEqual(result.fixed, ["swift-attribute-drift"])
        XCTAssertEqual(result.remaining, [])
    }

    /// An arm shared with a `default:` needs its own case: no literal edit can say that.
    func testASharedArmIsLeftAlone() throws {
        let registry = RuleExample.baseRegistry
            .replacingOccurrences(of: "- raw: message\n", with: "- { raw: message, icon: bell }\n")
        let source = """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
                var icon: String? {
                    switch self {
                    case .rideUpdate: return nil
                    default: return "car"
                    }
                }
            }

            """
        let result = try fix(["App/NotificationType.swift": source], registry: registry)
        XCTAssertEqual(result.files, [:])
        XCTAssertEqual(result.remaining, ["swift-attribute-drift App/NotificationType.swift:7:25"])
    }

    func testAMisspeltSwiftLiteralIsCorrected() throws {
        let result = try fix(["App/Inbox.swift": """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
            }
            let shown = NotificationType(rawValue: "mesage")

            """])
        XCTAssertEqual(result.files["App/Inbox.swift"]?.contains("NotificationType(rawValue: \"message\")"), true)
        XCTAssertEqual(result.fixed, ["swift-unknown-literal-read"])
        XCTAssertEqual(result.remaining, [])
    }

    /// `ride_updatex` is one edit from `ride_update` and one from `ride_updated`: the hint names one, an edit may not.
    func testTwoRegisteredValuesWithinTheDistanceFixNothing() throws {
        let registry = RuleExample.baseRegistry.replacingOccurrences(of: "    - raw: ride_update\n",
                                                                     with: "    - raw: ride_update\n    - raw: ride_updated\n")
        let result = try fix(["App/Inbox.swift": """
            enum NotificationType: String {
                case message
                case rideUpdate = "ride_update"
                case rideUpdated = "ride_updated"
            }
            let shown = NotificationType(rawValue: "ride_updatex")

            """, "database/001_init.sql": Self.table.replacingOccurrences(of: "'ride_update'", with: "'ride_update', 'ride_updated'")],
                             registry: registry)
        XCTAssertEqual(result.files, [:])
        XCTAssertEqual(result.remaining, ["swift-unknown-literal-read App/Inbox.swift:6:40"])
    }

    // MARK: - TypeScript

    func testAMissingConstEntryIsAddedInTheObjectsStyle() throws {
        let result = try fix(["supabase/functions/_shared/types.ts": """
            export const NOTIFICATION_TYPES = {
            \tMESSAGE: "message", // chat
            } as const;

            """])
        XCTAssertEqual(result.files["supabase/functions/_shared/types.ts"], """
            export const NOTIFICATION_TYPES = {
            \tMESSAGE: "message", // chat
            \tRIDE_UPDATE: "ride_update",
            } as const;

            """)
        XCTAssertEqual(result.remaining, [])
    }

    func testAConstValueAndAUnionMemberAreCorrectedAndAdded() throws {
        let result = try fix(["supabase/functions/_shared/types.ts": """
            export const NOTIFICATION_TYPES = { MESSAGE: 'message', RIDE_UPDATE: 'ride_updated' } as const;
            export type NotificationType =
              | 'message';

            """])
        XCTAssertEqual(result.files["supabase/functions/_shared/types.ts"], """
            export const NOTIFICATION_TYPES = { MESSAGE: 'message', RIDE_UPDATE: 'ride_update' } as const;
            export type NotificationType =
              | 'message'
              | 'ride_update';

            """)
        XCTAssertEqual(result.fixed, ["ts-const-drift", "ts-const-drift"])
        XCTAssertEqual(result.remaining, [])
    }

    /// A misspelt union member that is also the missing one is one edit: both findings fixed, no duplicate added.
    func testAMisspeltUnionMemberIsNotAlsoAdded() throws {
        let result = try fix(["supabase/functions/_shared/types.ts": "export type NotificationType = 'message' | 'ride_updat';\n"])
        XCTAssertEqual(result.files["supabase/functions/_shared/types.ts"],
                       "export type NotificationType = 'message' | 'ride_update';\n")
        XCTAssertEqual(result.fixed.count, 2)
        XCTAssertEqual(result.remaining, [])
    }

    func testAMisspeltTypeScriptLiteralIsCorrectedInItsQuotes() throws {
        let source = UnknownTypeLiteralRuleSource.insert("\"mesage\"")
        let result = try fix(["supabase/functions/notify/index.ts": source])
        XCTAssertEqual(result.files["supabase/functions/notify/index.ts"], UnknownTypeLiteralRuleSource.insert("\"message\""))
        XCTAssertEqual(result.remaining, [])
    }

    func testASharedEnumSetGetsTheMissingValueAndAMisspeltStatusIsCorrected() throws {
        let registry = RuleExample.baseRegistry + """
            enums:
              ChatRoomStatus:
                typescript_const: ROOM_STATUSES
                sql: { table: public.chat_rooms, column: status }
                values: [active, archived]

            """
        let result = try fix(["supabase/functions/rooms/index.ts": """
            export const ROOM_STATUSES = new Set([
              'active',
            ]);
            export async function archive(supabase: any, id: string) {
              await supabase.from('chat_rooms').update({ status: 'archivd' }).eq('id', id);
              await supabase.from('chat_rooms').update({ status: 'inactive' }).eq('id', id);
            }

            """], registry: registry)
        XCTAssertEqual(result.files["supabase/functions/rooms/index.ts"], """
            export const ROOM_STATUSES = new Set([
              'active',
              'archived',
            ]);
            export async function archive(supabase: any, id: string) {
              await supabase.from('chat_rooms').update({ status: 'archived' }).eq('id', id);
              await supabase.from('chat_rooms').update({ status: 'inactive' }).eq('id', id);
            }

            """)
        // 'inactive' is near 'active' but its opposite, not a misspelling: it stays for a person.
        XCTAssertEqual(result.remaining, ["ts-unknown-literal supabase/functions/rooms/index.ts:7:54"])
    }

    // MARK: - What is never edited

    /// The notifications table every project has, its constraint as the registry says.
    static let table = """
        CREATE TABLE public.notifications (id bigint, user_id uuid, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));

        """

    /// A migration is append-only: its literal is reported and left, while the same typo in TypeScript is fixed.
    func testAMigrationIsNeverEdited() throws {
        let migration = Self.table + """
            CREATE FUNCTION public.f() RETURNS void LANGUAGE sql AS $$
              INSERT INTO public.notifications (id, type) VALUES (1, 'mesage');
            $$;

            """
        let result = try fix(["database/001_init.sql": migration,
                              "supabase/functions/notify/index.ts": UnknownTypeLiteralRuleSource.insert("'mesage'")])
        XCTAssertEqual(Set(result.files.keys), ["supabase/functions/notify/index.ts"])
        XCTAssertEqual(result.remaining, ["sql-unknown-literal database/001_init.sql:4:58"])
    }

    /// A finding whose edit lands in a migration, an output folder or a file outside `sources` is not fixed.
    func testAnEditOutsideTheHandWrittenSourcesIsRefused() throws {
        let registry = try RegistryLoader.load(text: RuleExample.baseRegistry, file: "registry.yaml")
        let tree = MemoryTree(text: ["database/001_init.sql": "SELECT 'mesage';\n", "App/Generated/X.swift": "let x = \"mesage\"\n",
                                     "Scripts/x.swift": "let x = \"mesage\"\n", "App/Inbox.swift": "let x = \"mesage\"\n"])
        let edits = ["database/001_init.sql": 7, "App/Generated/X.swift": 8, "Scripts/x.swift": 8, "App/Inbox.swift": 8].map { path, at in
            Finding(.swiftUnknownLiteral, "x", at: SourceLocation(file: path, line: 1, column: 1),
                    edits: [FixEdit(file: path, start: at, end: at + 8, replacement: "\"message\"")])
        }
        let fix = SourceFix.plan(edits, registry: registry, tree: tree)
        XCTAssertEqual(fix.files.map(\.path), ["App/Inbox.swift"])
        XCTAssertEqual(fix.files.first?.new, "let x = \"message\"\n")
        XCTAssertEqual(fix.fixed.map(\.location.file), ["App/Inbox.swift"])
    }

    /// Two findings correcting one literal differently: the first is fixed, the second left for a person.
    func testOverlappingEditsFixOnlyTheFirstFinding() throws {
        let registry = try RegistryLoader.load(text: RuleExample.baseRegistry, file: "registry.yaml")
        let tree = MemoryTree(text: ["App/Inbox.swift": "let x = \"mesage\"\n"])
        let findings = ["\"message\"", "\"ride_update\""].map { replacement in
            Finding(.swiftUnknownLiteral, replacement, at: SourceLocation(file: "App/Inbox.swift", line: 1, column: 9),
                    edits: [FixEdit(file: "App/Inbox.swift", start: 8, end: 16, replacement: replacement)])
        }
        let fix = SourceFix.plan(findings, registry: registry, tree: tree)
        XCTAssertEqual(fix.files.first?.new, "let x = \"message\"\n")
        XCTAssertEqual(fix.fixed.map(\.message), ["\"message\""])
    }

    func testTheOnlyCandidateIsNeverTheWordsOpposite() {
        XCTAssertEqual(Suggestion.only(to: "archivd", among: ["active", "archived"], closeness: .typeScriptName), "archived")
        XCTAssertNil(Suggestion.only(to: "inactive", among: ["active", "archived"], closeness: .typeScriptName))
        XCTAssertNil(Suggestion.only(to: "unread", among: ["read"], closeness: .swiftLiteral))
        XCTAssertNil(Suggestion.only(to: "ride_updatex", among: ["ride_update", "ride_updated"], closeness: .swiftLiteral))
    }

    // MARK: - Helpers

    enum UnknownTypeLiteralRuleSource {
        static func insert(_ type: String) -> String {
            """
            export async function notify(supabase: any, userId: string) {
              await supabase.from('notifications').insert({ user_id: userId, type: \(type) });
            }

            """
        }
    }

    struct Result {
        /// The files the fix changed, as it leaves them.
        var files: [String: String]
        /// The rule ids of the findings it fixed.
        var fixed: [String]
        /// `rule file:line:col` of what the check reports afterwards.
        var remaining: [String]
    }

    /// Checks `files` (with what `generate` writes beside them), fixes, and checks the result again. The app
    /// declares its own `NotificationType`, so the registry keeps it (`generate: false`), as `init` writes it.
    private func fix(_ files: [String: String], registry written: String = RuleExample.baseRegistry) throws -> Result {
        var project = files
        let registry = written.replacingOccurrences(of: "\n  swift_enum: NotificationType\n",
                                                    with: "\n  swift_enum: NotificationType\n  generate: false\n")
        XCTAssertNotEqual(registry, written, "the registry names no NotificationType to keep")
        project["registry.yaml"] = registry
        if project["database/001_init.sql"] == nil { project["database/001_init.sql"] = Self.table }
        let loaded = try RegistryLoader.load(text: registry, file: "registry.yaml")
        let plan = try GenerationPlan.sources(context: CheckContext(registry: loaded, tree: MemoryTree(text: project)))
        for file in plan.sourceFiles where project[file.path] == nil { project[file.path] = file.contents }
        let findings = try ContractCheck.findings(in: CheckContext(registry: loaded, tree: MemoryTree(text: project)))
        let fix = SourceFix.plan(findings, registry: loaded, tree: MemoryTree(text: project))
        for file in fix.files { project[file.path] = file.new }
        let after = try ContractCheck.findings(in: CheckContext(registry: loaded, tree: MemoryTree(text: project)))
        XCTAssertTrue(after.allSatisfy { $0.edits.isEmpty }, "a finding left with an edit the fix did not apply: \(after)")
        return Result(files: Dictionary(uniqueKeysWithValues: fix.files.map { ($0.path, $0.new) }),
                      fixed: fix.fixed.map(\.ruleID),
                      remaining: after.map { "\($0.ruleID) \($0.location)" })
    }
}
