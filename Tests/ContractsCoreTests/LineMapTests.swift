@testable import ContractsCore
import XCTest

/// Line starts found by `memchr` give the same `file:line:column` as counting bytes one by one.
final class LineMapTests: XCTestCase {
    func testEveryOffsetMatchesAByteByByteCount() {
        let texts = ["", "\n", "a", "a\n", "\n\nb", "ab\r\ncd\n", "é\nü日本\n\u{1F600}x", String(repeating: "line\n", count: 300) + "end"]
        for text in texts {
            let map = LineMap(text)
            var line = 1, column = 1
            for (offset, byte) in Array(text.utf8).enumerated() {
                XCTAssertTrue(map.position(ofByte: offset) == (line, column), "\(text.debugDescription) at \(offset)")
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            XCTAssertTrue(map.position(ofByte: text.utf8.count) == (line, column), text.debugDescription)
        }
    }
}
