@testable import ContractsSuppress
import XCTest

/// `SourceLines.split` cuts lines byte by byte exactly as a split into `Character`s does.
final class SourceLinesSplitTests: XCTestCase {
    /// The reference: "\r\n" is one Character in Swift, so it is a separator of its own.
    private func characterSplit(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    func testTheSameLinesAsACharacterSplit() {
        let texts = ["", "\n", "\r", "\r\n", "\n\n", "\r\r\n", "a\r\r\n", "a\rb\r\nc\n\rd\r", "x\r\n\r\ny", "é\u{301}\ne\u{301}\r\n\u{301}z",
                     "last line\r", "a\n\u{301}b", "🇫🇷\r\n🇫🇷", "\r\n\r", "a\r\r", String(repeating: "line\r\n", count: 50)]
        for text in texts {
            XCTAssertEqual(SourceLines.split(text).map(String.init), characterSplit(text).map(String.init), text.debugDescription)
        }
    }
}
