/// JSON string escapes, for the byte-level JSON readers (libpg_query's parse trees, the check cache's files).
/// Each reader decides for itself what a `\uXXXX` escape becomes (surrogates differ).
public enum JSONHexDigits {
    /// The byte a one-letter escape stands for (`n` in `\n` → 0x0A; `"`, `\` and `/` stand for themselves), or
    /// nil for `u` and anything that is no JSON escape.
    public static func singleLetterEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The value of the four hex digits at `offset` in `bytes`, or nil when there are fewer than four or one
    /// is not a hex digit.
    public static func value(in bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[offset ..< offset + 4] {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }
}
