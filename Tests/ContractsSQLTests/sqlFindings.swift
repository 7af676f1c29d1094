import ContractsCore
@testable import ContractsSQL
import XCTest

/// Runs `SQLSourceCheck` over one in-memory migration (plus an optional earlier one) and keeps one rule's findings.
func sqlFindings(_ rule: Rule, _ sql: String, before: String? = nil, values: [String] = ["message", "other"],
                 payloads: [PayloadShape] = [], retired: [String] = [], later: String? = nil) -> [Finding] {
    var files = ["database/002_example.sql": sql]
    if let before { files["database/001_before.sql"] = before }
    if let later { files["database/003_later.sql"] = later }
    let emitter = FunctionEmitter(function: "public.create_notification", argument: 2, location: SQLTestRegistry.here)
    let context = SQLTestRegistry.context(files, values: values, payloads: payloads, emitters: [emitter],
                                         retired: retired)
    do {
        // A rule's findings include those of the rule split from it (`sql-unknown-literal-read`).
        let ids = [rule.id] + [Rule.sqlUnknownLiteralRead].filter { $0.parent == rule.id }.map(\.id)
        return try SQLSourceCheck.findings(in: context).filter { ids.contains($0.ruleID) }
    } catch {
        XCTFail("an in-memory tree cannot fail to read: \(error)")
        return []
    }
}
