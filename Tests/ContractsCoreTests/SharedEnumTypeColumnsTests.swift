import ContractsCore
import XCTest

/// `sql: { enum_type, columns }`: an ENUM type's columns, listed so the Swift and TypeScript readers can resolve a
/// value by its table; a column of an ENUM type has no CHECK constraint to name.
final class SharedEnumTypeColumnsTests: XCTestCase {
    static func registry(_ columns: String) -> String {
        """
        version: 1
        notification_types:
          swift_enum: Kind
          sql: { table: notes, column: kind, constraint: notes_kind_check }
          values: [{ raw: ping }]
        enums:
          MemberRole:
            sql:
              enum_type: public.member_role
              columns: \(columns)
            values: [owner, member]
        outputs: { swift: out/swift, typescript: out/ts }

        """
    }

    func testTheColumnsAreTheEnumsBesideItsType() throws {
        let registry = try RegistryLoader.load(
            text: Self.registry("[{ table: public.room_members, column: role }, { table: group_members, column: role }]"),
            file: "registry.yaml")
        let e = try XCTUnwrap(registry.enums.first)
        XCTAssertEqual(e.sql.enumType?.qualified, "public.member_role")
        XCTAssertEqual(e.sql.columns.map { "\($0.schema).\($0.table).\($0.column)" }, ["public.room_members.role", "public.group_members.role"])
        XCTAssertEqual(registry.sharedEnum(table: "group_members", column: "role")?.sharedEnum.name, "MemberRole")
    }

    func testAColumnOfTheTypeNamesNoConstraint() {
        XCTAssertThrowsError(try RegistryLoader.load(
            text: Self.registry("[{ table: room_members, column: role, constraint: room_members_role_check }]"), file: "registry.yaml")) { error in
            XCTAssertTrue("\(error)".contains("registry.yaml:10:54: error: unknown key 'constraint'"), "\(error)")
            XCTAssertTrue("\(error)".contains("constraint"), "\(error)")
        }
    }
}
