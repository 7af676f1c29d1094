import Foundation

/// A fast 128-bit fingerprint of bytes, for the check cache: it tells an edited file from an unchanged one at
/// memory speed. Not cryptographic (`SHA256` is for digests others verify); two independent 64-bit lanes of
/// xxHash64-style rounds, each finished with its avalanche.
public enum ContentHash {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// 32 lowercase hex digits.
    public static func hex<Bytes: ContiguousBytes>(_ bytes: Bytes) -> String {
        let (a, b) = bytes.withUnsafeBytes(lanes)
        // Written digit by digit into the string's own storage: the cache hashes every line it reads back.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            write(a, into: buffer, at: 0)
            write(b, into: buffer, at: 16)
            return 32
        }
    }

    /// The hash of several fields at once, each length-prefixed (`12:text`) so no two splits of the same text
    /// agree: the check cache's checksums and the memo's keys.
    public static func hex(fields: [String]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fields.reduce(0) { $0 + $1.utf8.count + 8 })
        for field in fields {
            appendDecimal(field.utf8.count, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: field.utf8)
        }
        return hex(bytes)
    }

    /// `value`'s decimal digits appended as ASCII bytes, with no `String` made.
    public static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of UInt64.max
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// The same for a signed value (a minus sign first when negative).
    public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude), to: &bytes)
    }

    /// The lowercase ASCII hex digit of `value` (0...15): every hex writer of the tool (this hash, SHA-256,
    /// JSON escapes) writes its digits through it.
    public static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }

    private static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var rest = value
        for index in stride(from: offset + 15, through: offset, by: -1) {
            buffer[index] = hexDigit(UInt8(truncatingIfNeeded: rest & 0xF))
            rest >>= 4
        }
    }

    static func lanes(_ raw: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        let count = raw.count
        var a = p5 &+ UInt64(count)
        var b = p1 ^ (UInt64(count) &* p4)
        var offset = 0
        while offset + 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            a = rotate(a &+ word &* p2, 31) &* p1
            b = rotate(b ^ (word &* p3), 29) &* p4 &+ p5
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        a = rotate(a ^ (tail &* p5), 11) &* p1
        b = rotate(b &+ (tail &* p2), 23) &* p3
        return (avalanche(a ^ rotate(b, 17)), avalanche(b &+ rotate(a, 41)))
    }

    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* p2
        h ^= h >> 29
        h = h &* p3
        h ^= h >> 32
        return h
    }
}
