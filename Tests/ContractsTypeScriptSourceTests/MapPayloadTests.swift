import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// Map-keyed replies: a field declared `map<T>` is an object keyed by any string, each value of `T`. The registry
/// reads the form (nested in arrays and maps), refuses a default on it, and the TypeScript reader judges the keys
/// read from a value of a `map<Payload>` against that payload.
final class MapPayloadTests: XCTestCase {
    private static let yaml = RuleExample.baseRegistry + """
        payloads:
          Member:
            fields:
              display_name: string
              role: string
          Roster:
            rpc: get_roster
            fields:
              members: "map<Member>"
              scores: { type: "map<int>", optional: true }
              history: "[map<[string]>]"

        """

    private func registry(_ text: String = yaml) throws -> Registry { try RegistryLoader.load(text: text, file: "registry.yaml") }

    func testTheRegistryReadsMapTypes() throws {
        let roster = try XCTUnwrap(registry().payload(named: "Roster"))
        XCTAssertEqual(roster.fields.map(\.type), [.map(.payload("Member")), .map(.scalar(.int)), .array(.map(.array(.scalar(.string))))])
        XCTAssertEqual(roster.fields.map(\.type.description), ["map<Member>", "map<int>", "[map<[string]>]"])
        XCTAssertThrowsError(try registry(Self.yaml.replacingOccurrences(
            of: "scores: { type: \"map<int>\", optional: true }", with: "scores: { type: \"map<int>\", default: 0 }"))) { error in
            XCTAssertTrue("\(error)".contains("a field of map type map<int> cannot have a default; make it optional"), "\(error)")
        }
        XCTAssertThrowsError(try registry(Self.yaml.replacingOccurrences(of: "\"map<Member>\"", with: "\"map<Membr>\""))) { error in
            XCTAssertTrue("\(error)".contains("'Membr', which is neither a scalar nor a payload"), "\(error)")
        }
    }

    /// `data.members[id].role` and `data.members.someone.display_name` read a value of the map: judged against
    /// `Member`; the map's own keys (any string) and methods on it are not.
    func testKeysOfAMapValueAreJudgedAgainstItsPayload() throws {
        let r = try registry()
        let text = """
        const { data, error } = await supabase.rpc("get_roster", { p_team: team });
        if (error) throw error;
        const role = data.members[userId].role;
        const name = data.members.anyone.display_name;
        const ids = Object.keys(data.members);
        const total = data.scores?.[userId] ?? 0;
        const bad = data.members[userId].nickname;
        const worse = data.memberz;
        """
        expect(text, at: ["nickname", "memberz"], r)
        XCTAssertTrue(findings(text, r)[0].message.contains("reads 'nickname', a key Member (from the RPC get_roster) never returns"),
                      findings(text, r)[0].message)
    }

    private func expect(_ text: String, at needles: [String], _ registry: Registry, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(summary(findings(text, registry).filter { $0.ruleID == "payload-shape-drift" }),
                       needles.map { "\(position(of: $0, in: text)) payload-shape-drift" }, file: file, line: line)
    }
}
