import ContractsCore
import XCTest

/// `swift-unknown-literal` for the shared enums (`enums:`): literals that meet an enum by type (made into one,
/// compared with a value declared as one) or by table (written into, or filtered on, a column that holds one),
/// planted one drift at a time in a drift-free app (`SharedEnumFixtures`) whose decoys stay silent.
final class SharedEnumLiteralTests: XCTestCase, SharedEnumFixtureTests {
    // MARK: Literals by type

    func testASwitchCaseOnAPropertyOfTheEnumType() throws {
        let text = CheckHarness.plant("case \"archived\": return", "case \"archivd\": return", in: F.rooms)
        let found = try findings(F.roomsPath, text)
        assertOne(found, "swift-unknown-literal-read", at: at("\"archivd\": return", in: text, F.roomsPath),
                  "\"archivd\" (compared with room.status.rawValue) is not a ChatRoomStatus")
        XCTAssertEqual(found.first?.fix,
                       "use one of ChatRoomStatus's values ('active', 'archived', 'blocked', 'deleted', 'unknown'), or add 'archivd' to enums.ChatRoomStatus.values in the registry")
        XCTAssertEqual(found.first?.registryLocation, F.registry.enums[0].location)
    }

    /// "active" is a ChatRoomStatus, not an InviteStatus: a comparison is judged by the property's own type.
    func testAComparisonIsJudgedByThePropertysType() throws {
        let text = CheckHarness.plant("invite.status.rawValue == \"expired\"", "invite.status.rawValue == \"active\"", in: F.invites)
        let found = try findings(F.invitesPath, text)
        assertOne(found, "swift-unknown-literal-read", at: at("\"active\"", in: text, F.invitesPath),
                  "\"active\" (compared with invite.status.rawValue) is not an InviteStatus")
    }

    func testInitRawValueByNameAndInATypedPosition() throws {
        let made = CheckHarness.plant("ChatRoomStatus(rawValue: \"deleted\")", "ChatRoomStatus(rawValue: \"delted\")", in: F.rooms)
        assertOne(try findings(F.roomsPath, made), "swift-unknown-literal-read", at: at("\"delted\"", in: made, F.roomsPath),
                  "\"delted\" (made with ChatRoomStatus(rawValue:)) is not a ChatRoomStatus")
        let assigned = CheckHarness.plant(".init(rawValue: \"blocked\")", ".init(rawValue: \"blokced\")", in: F.rooms)
        assertOne(try findings(F.roomsPath, assigned), "swift-unknown-literal-read", at: at("\"blokced\"", in: assigned, F.roomsPath),
                  "\"blokced\" (made with .init(rawValue:) as ChatRoomStatus) is not a ChatRoomStatus")
        let annotated = CheckHarness.plant(".init(rawValue: \"unknown\")!", ".init(rawValue: \"unkown\")!", in: F.rooms)
        assertOne(try findings(F.roomsPath, annotated), "swift-unknown-literal-read", at: at("\"unkown\"", in: annotated, F.roomsPath),
                  "\"unkown\" (made with .init(rawValue:) as ChatRoomStatus) is not a ChatRoomStatus")
    }

    /// `Category(rawValue:)` inside `extension Expense` is Expense.Category; inside `extension AppDiagnostics` it is
    /// not, and neither is a property declared as `AppDiagnostics.Category`.
    func testANestedEnumsLiteralsResolveByWhereTheyAreWritten() throws {
        let inExpense = CheckHarness.plant("Category(rawValue: \"food\")!", "Category(rawValue: \"fud\")!", in: F.expenses)
        assertOne(try findings(F.expensesPath, inExpense), "swift-unknown-literal-read", at: at("\"fud\"", in: inExpense, F.expensesPath),
                  "\"fud\" (made with Expense.Category(rawValue:)) is not an ExpenseCategory")
        let compared = CheckHarness.plant("expense.category.rawValue == \"food\"", "expense.category.rawValue == \"fod\"", in: F.expenses)
        assertOne(try findings(F.expensesPath, compared), "swift-unknown-literal-read", at: at("\"fod\"", in: compared, F.expensesPath),
                  "\"fod\" (compared with expense.category.rawValue) is not an ExpenseCategory")
        let member = CheckHarness.plant("category.rawValue == \"travel\"", "category.rawValue == \"travl\"", in: F.expenses)
        assertOne(try findings(F.expensesPath, member), "swift-unknown-literal-read", at: at("\"travl\"", in: member, F.expensesPath),
                  "\"travl\" (compared with category.rawValue) is not an ExpenseCategory")
        var decoys = CheckHarness.plant("event.category.rawValue == \"network\"", "event.category.rawValue == \"food2\"", in: F.expenses)
        decoys = CheckHarness.plant("Category(rawValue: \"network\")", "Category(rawValue: \"travel2\")", in: decoys)
        decoys = CheckHarness.plant("AppDiagnostics.Category(rawValue: \"storage\")", "AppDiagnostics.Category(rawValue: \"x\")", in: decoys)
        XCTAssertEqual(try findings(F.expensesPath, decoys).map(\.message), [])
    }

    /// Comments, interpolations, log strings and a `Tab` with ChatRoomStatus's case names are not enum values.
    func testDecoysAreSilent() throws {
        var text = CheckHarness.plant("tab.rawValue == \"settings\"", "tab.rawValue == \"inbox\"", in: F.rooms)
        text = CheckHarness.plant("print(\"blocked\"", "print(\"blokced\"", in: text)
        text += "\nlet note = \"archivd\" // status: \"archivd\"\n"
        XCTAssertEqual(try findings(F.roomsPath, text).map(\.message), [])
    }

    // MARK: Literals by table

    func testARowWrittenToATableIsJudgedByThatTablesEnum() throws {
        let text = CheckHarness.plant("update([\"status\": \"archived\"]).eq(\"id\", value: room.id)",
                                      "update([\"status\": \"viewed\"]).eq(\"id\", value: room.id)", in: F.rooms)
        let found = try findings(F.roomsPath, text)
        assertOne(found, "swift-unknown-literal", at: at("\"viewed\"", in: text, F.roomsPath),
                  "\"viewed\" (written to chat_rooms.status) is not a ChatRoomStatus")
        XCTAssertEqual(found.first?.registryLocation, F.registry.enums[0].sql.columns[0].location)
        // The same literal on media_assets' status is fine (the clean app writes it).
        XCTAssertTrue(F.invites.contains("from(\"media_assets\").update([\"status\": \"viewed\"])"))
    }

    func testAWrappedValueInAnotherColumnOfTheSameEnum() throws {
        let text = CheckHarness.plant("AnyJSON.string(\"archived\")", "AnyJSON.string(\"archive\")", in: F.rooms)
        assertOne(try findings(F.roomsPath, text), "swift-unknown-literal", at: at("\"archive\"", in: text, F.roomsPath),
                  "\"archive\" (written to chat_room_events.new_status) is not a ChatRoomStatus")
    }

    func testARetiredValueMayBeFilteredOnButNotWritten() throws {
        let text = CheckHarness.plant("update([\"status\": \"archived\"]).eq(\"id\", value: room.id)",
                                      "update([\"status\": \"closed\"]).eq(\"id\", value: room.id)", in: F.rooms)
        assertOne(try findings(F.roomsPath, text), "swift-unknown-literal", at: at("\"closed\"]", in: text, F.roomsPath),
                  "\"closed\" (written to chat_rooms.status) is a retired ChatRoomStatus: old rows may hold it, but nothing may write it again")
        XCTAssertTrue(F.rooms.contains(".delete().eq(\"status\", value: \"closed\")"), "the clean app reads it")
    }

    func testFiltersAreJudgedByTheirQuerysTable() throws {
        let eq = CheckHarness.plant(".eq(\"status\", value: \"active\")", ".eq(\"status\", value: \"pending\")", in: F.rooms)
        assertOne(try findings(F.roomsPath, eq), "swift-unknown-literal-read", at: at("\"pending\"", in: eq, F.roomsPath),
                  "\"pending\" (filtered on chat_rooms.status) is not a ChatRoomStatus")
        let inList = CheckHarness.plant("values: [\"pending\", \"accepted\"]", "values: [\"pending\", \"active\"]", in: F.invites)
        assertOne(try findings(F.invitesPath, inList), "swift-unknown-literal-read", at: at("\"active\"]", in: inList, F.invitesPath),
                  "\"active\" (filtered on invites.status) is not an InviteStatus")
        let bound = CheckHarness.plant("query.eq(\"status\", value: \"ready\")", "query.eq(\"status\", value: \"archived\")", in: F.invites)
        assertOne(try findings(F.invitesPath, bound), "swift-unknown-literal-read", at: at("\"archived\"", in: bound, F.invitesPath),
                  "\"archived\" (filtered on media_assets.status) is not a MediaAssetStatus")
    }

    func testEncodableRowsByArgumentAndByDefault() throws {
        let argument = CheckHarness.plant("inviteStatus: \"pending\"", "inviteStatus: \"sent\"", in: F.invites)
        assertOne(try findings(F.invitesPath, argument), "swift-unknown-literal", at: at("\"sent\"", in: argument, F.invitesPath),
                  "\"sent\" (written to invites.status) is not an InviteStatus")
        let byDefault = CheckHarness.plant("var status = \"pending\"", "var status = \"draft\"", in: F.invites)
        assertOne(try findings(F.invitesPath, byDefault), "swift-unknown-literal", at: at("\"draft\"", in: byDefault, F.invitesPath),
                  "\"draft\" (written to invites.status) is not an InviteStatus")
    }

    /// With the table unknown (a parameter, or one row sent to two tables), a value of any enum with that column is
    /// fine; a value of none names each candidate.
    func testAnUnknownTableNamesEveryCandidate() throws {
        let parameter = CheckHarness.plant("from(table).update([\"status\": \"pending\"])", "from(table).update([\"status\": \"archivd\"])", in: F.invites)
        assertOne(try findings(F.invitesPath, parameter), "swift-unknown-literal", at: at("\"archivd\"", in: parameter, F.invitesPath),
                  "\"archivd\" (written to status, table unknown) is not a value of any enum with a status column: ChatRoomStatus (chat_rooms), InviteStatus (invites), MediaAssetStatus (media_assets)")
        let reused = CheckHarness.plant(".string(\"pending\")", ".string(\"archivd\")", in: F.invites)
        assertOne(try findings(F.invitesPath, reused), "swift-unknown-literal", at: at("\"archivd\"", in: reused, F.invitesPath),
                  "\"archivd\" (written to status, table unknown) is not a value of any enum with a status column: ChatRoomStatus (chat_rooms), InviteStatus (invites), MediaAssetStatus (media_assets)")
    }

    /// A registry that declares only notification types reads none of this: the same drift is no finding.
    func testANotificationOnlyRegistryJudgesNoSharedEnum() throws {
        let text = CheckHarness.plant("case \"archived\": return", "case \"archivd\": return", in: F.rooms)
        var files = F.clean
        files[F.roomsPath] = text
        XCTAssertEqual(try CheckHarness.findings(files, registry: F.notificationOnly).map(\.message), [])
        XCTAssertEqual(try CheckHarness.findings(files, registry: F.registry).count, 1)
    }
}
