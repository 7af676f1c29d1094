import ContractsCore
@testable import ContractsSQL
import XCTest

/// `sql-unknown-literal` at calls of functions the migrations define that write a parameter to the type column
/// (`SQLSinks`): the fixture `sinks-inferred` calls a queue writer, a wrapper handing its parameter on by name, a
/// decoy writing a free-text column, and a function redefined to stop writing the type.
final class InferredSinkTests: XCTestCase {
    func analysis(memo: ContentMemo? = nil, emitters: [FunctionEmitter] = []) throws -> SQLAnalysis {
        let registry = SQLTestRegistry.make(values: ["message", "ride_update", "ride_canceled"], emitters: emitters)
        return try SQLAnalysis.load(CheckContext(registry: registry, tree: try SQLTestRegistry.fixture("sinks-inferred"), memo: memo))
    }

    func unknown(_ analysis: SQLAnalysis) -> [String] {
        analysis.findings.filter { $0.ruleID == Rule.sqlUnknownLiteral.id }.map { "\($0.location) \($0.message)" }
    }

    static let expected = [
        "supabase/migrations/20240103000000_rides.sql:12:52 'ride_cancelled' (argument 2 of queue_push_notification)",
        "supabase/migrations/20240103000000_rides.sql:14:40 'ride_cancelld' (argument 2 of notify_rider)",
        "supabase/migrations/20240103000000_rides.sql:24:54 'welcome_back' (argument p_type of queue_push_notification)",
    ]

    func testCallsOfInferredSinksAreJudgedLikeWrites() throws {
        let found = unknown(try analysis())
        XCTAssertEqual(found.map { $0.components(separatedBy: " is ")[0] }, Self.expected, found.joined(separator: "\n"))
    }

    /// The queue writer's and the wrapper's type arguments, by position and name; the decoys have none.
    func testSinksOfTheLiveDefinitions() throws {
        let facts = try analysis().facts
        let sinks = SQLSinks(facts)
        XCTAssertEqual(sinks.notification, [
            "queue_push_notification": [SinkArgument(position: 2, name: "p_type", target: 0)],
            "notify_rider": [SinkArgument(position: 2, name: "kind", target: 0)],
        ])
        XCTAssertTrue(sinks.shared.isEmpty)
        // `record_status` wrote its parameter to the column until a later migration replaced it.
        XCTAssertEqual(facts.definitions["public.record_status"]?.map(\.function.sinks),
                       [[SinkArgument(position: 2, name: "p_label", target: 0)], []])
    }

    /// A declared emitter stays an addition: declared or not, the queue writer's calls are judged once.
    func testDeclaredEmitterIsNotJudgedTwice() throws {
        let declared = FunctionEmitter(function: "public.queue_push_notification", argument: 2, location: SQLTestRegistry.here)
        let found = unknown(try analysis(emitters: [declared]))
        XCTAssertEqual(found.map { $0.components(separatedBy: " is ")[0] }, Self.expected, found.joined(separator: "\n"))
    }

    /// Filled into a memo, then served from it: the same findings.
    func testServedFromTheMemo() throws {
        let memo = ContentMemo.inMemory()
        let filling = unknown(try analysis(memo: memo))
        let stored = memo.storedCount
        let served = unknown(try analysis(memo: memo))
        XCTAssertEqual(memo.storedCount, stored, "the second load parses nothing")
        XCTAssertEqual(filling, served)
        XCTAssertEqual(served, unknown(try analysis()))
    }
}
