import ContractsCore
import Foundation
import XCTest

extension XCTestCase {
    /// `text` is refused with an error containing `fragment` at `line:column`; `base`, the registry the case breaks,
    /// loads (so the error is the case's, not the base's).
    func assertRegistryError(_ text: String, base: String, line: Int, column: Int, contains fragment: String,
                             ruleIDs: [String]? = nil, file: StaticString = #filePath, testLine: UInt = #line) {
        XCTAssertNoThrow(try RegistryLoader.load(text: base, file: "registry.yaml"), "base must be valid", file: file, line: testLine)
        do {
            _ = try RegistryLoader.load(text: text, file: "registry.yaml", ruleIDs: ruleIDs)
            XCTFail("expected an error containing '\(fragment)'", file: file, line: testLine)
        } catch let errors as RegistryErrors {
            let match = errors.errors.first { $0.message.contains(fragment) }
            XCTAssertNotNil(match, "no error contains '\(fragment)': \(errors)", file: file, line: testLine)
            XCTAssertEqual(match?.location, SourceLocation(file: "registry.yaml", line: line, column: column),
                           "\(errors)", file: file, line: testLine)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: testLine)
        }
    }
}
