@testable import ContractsCheck
import ContractsCore
@testable import ContractsSuppress
import XCTest

final class SuppressInlineTests: XCTestCase {
    private let swift = """
        enum NotificationType: String {
            case message
            case rideClaimd = "ride_claimd" // naars-contracts:ignore swift-enum-drift
            // naars-contracts:ignore swift-unknown-literal, swift-enum-drift
            case legacy = "legacy"

            // naars-contracts:ignore swift-enum-drift
            case gapAbove = "gap_above"
            case trailingAbove = "x" // naars-contracts:ignore swift-enum-drift
            case belowTrailing = "y"
            // naars-contracts:ignore
            case bare = "bare"
            let s = "naars-contracts:ignore swift-enum-drift"
        }
        """

    private let sql = """
        SELECT 1
        WHERE type IN ('town_hall') -- naars-contracts:ignore sql-unknown-literal -- kept from 2024
        -- naars-contracts:ignore sql-unknown-literal sql-constraint-drift
        AND type = 'legacy';\r
        AND type = 'crlf' -- naars-contracts:ignore sql-unknown-literal\r
        """

    private var tree: MemoryTree { MemoryTree(text: ["App/Type.swift": swift, "db/001.sql": sql]) }

    private func kept(_ findings: [Finding]) -> [Finding] { InlineSuppression.unsuppressed(findings, tree: tree) }

    func testCommentAtTheEndOfTheFindingsLineSilencesThatRule() {
        XCTAssertEqual(kept([SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 3)]), [])
        XCTAssertEqual(kept([SuppressFixtures.finding("sql-unknown-literal", "db/001.sql", line: 2)]), [])
        XCTAssertEqual(kept([SuppressFixtures.finding("sql-unknown-literal", "db/001.sql", line: 5)]), [], "CRLF line")
    }

    func testCommentAloneOnThePreviousLineSilencesTheNextLine() {
        XCTAssertEqual(kept([SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 5)]), [])
        XCTAssertEqual(kept([SuppressFixtures.finding("sql-constraint-drift", "db/001.sql", line: 4)]), [])
    }

    func testSeveralIdsSeparatedBySpacesOrCommas() {
        XCTAssertEqual(InlineSuppression.ruleIDs(in: "// naars-contracts:ignore a-b, c-d e-f"), ["a-b", "c-d", "e-f"])
        XCTAssertEqual(kept([SuppressFixtures.finding("swift-unknown-literal", "App/Type.swift", line: 5)]), [])
        XCTAssertEqual(kept([SuppressFixtures.finding("sql-unknown-literal", "db/001.sql", line: 4)]), [])
    }

    func testOtherRulesOnTheSameLineStillReport() {
        let other = SuppressFixtures.finding("swift-attribute-drift", "App/Type.swift", line: 3)
        XCTAssertEqual(kept([other]), [other])
        let sqlOther = SuppressFixtures.finding("sql-constraint-drift", "db/001.sql", line: 2)
        XCTAssertEqual(kept([sqlOther]), [sqlOther])
    }

    func testOnlyTheVeryNextLine() {
        let twoBelow = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 6)
        let afterBlank = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 8)
        XCTAssertEqual(kept([twoBelow]), [twoBelow])
        XCTAssertEqual(kept([afterBlank]), [], "line 7 is the comment, line 8 the case")
    }

    func testATrailingCommentSpeaksOnlyForItsOwnLine() {
        let below = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 10)
        XCTAssertEqual(kept([below]), [below])
    }

    func testABareMarkerOrOneOutsideACommentSilencesNothing() {
        let afterBare = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 12)
        let inString = SuppressFixtures.finding("swift-enum-drift", "App/Type.swift", line: 13)
        XCTAssertEqual(kept([afterBare, inString]), [afterBare, inString])
        XCTAssertEqual(InlineSuppression.ruleIDs(in: "let s = \"naars-contracts:ignore swift-enum-drift\""), [])
        XCTAssertEqual(InlineSuppression.ruleIDs(in: "// naars-contracts:ignored swift-enum-drift"), [])
    }

    func testTheIdListEndsAtTheFirstWordThatIsNotAnId() {
        XCTAssertEqual(InlineSuppression.ruleIDs(in: "x -- naars-contracts:ignore sql-unknown-literal -- kept"), ["sql-unknown-literal"])
        XCTAssertEqual(InlineSuppression.ruleIDs(in: "/* naars-contracts:ignore ts-const-drift */"), ["ts-const-drift"])
        XCTAssertEqual(InlineSuppression.ruleIDs(in: "// naars-contracts:ignore Not-An-Id ts-const-drift"), [])
    }

    func testFindingsInFilesThatCannotBeReadAreKept() {
        let missing = SuppressFixtures.finding("swift-enum-drift", "Gone.swift", line: 3)
        XCTAssertEqual(kept([missing]), [missing])
    }
}
