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

    func testDecimalDigitsAreWhatStringWrites() {
        for value in [0, 1, 9, 10, 99, 100, 4096, -1, -10, Int.max, Int.min] {
            var bytes: [UInt8] = [0x78]
            ContentHash.appendDecimal(value, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "x" + String(value))
        }
        for value in [UInt64(0), 7, 10, 1_000_000_007, UInt64.max] {
            var bytes: [UInt8] = []
            ContentHash.appendDecimal(value, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(value))
        }
        XCTAssertEqual(ContentHash.hex(fields: ["ab", "", "c"]), ContentHash.hex(Data("2:ab0:1:c".utf8)))
    }
}
