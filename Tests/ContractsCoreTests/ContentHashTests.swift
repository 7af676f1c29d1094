@testable import ContractsCore
import Foundation
import XCTest

/// `ContentHash.hex` spells each lane as 16 lowercase, zero-padded hex digits: caches written by earlier
/// builds hold these strings.
final class ContentHashTests: XCTestCase {
    func testHexIsBothLanesZeroPaddedInLowercase() {
        for text in ["", "a", "registry.yaml", String(repeating: "0123456789", count: 100)] {
            let bytes = Data(text.utf8)
            let (a, b) = bytes.withUnsafeBytes(ContentHash.lanes)
            let padded = { (value: UInt64) -> String in
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            XCTAssertEqual(ContentHash.hex(bytes), padded(a) + padded(b), text)
        }
        XCTAssertEqual(ContentHash.hex(Data()).count, 32)
    }
}
