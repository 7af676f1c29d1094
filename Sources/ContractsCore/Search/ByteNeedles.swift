#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A set of byte strings and one question: does a text hold any of them?
///
/// The readers' pre-filters ask it of every file before parsing, so it is on a cold `check`'s hot path,
/// where Foundation's `Data.range(of:)` is too slow. Here the C library's `memchr` (vectorised) finds each
/// candidate for the needle's rarest byte and `memcmp` confirms it, with no allocation (`memmem` is a GNU extension Swift's Glibc module does not expose). An
/// empty needle never matches (as `Data.range(of:)` answers).
public struct ByteNeedles: Sendable {
    /// Non-empty needles, in the order given (duplicates removed).
    public let needles: [[UInt8]]

    public init(_ words: some Sequence<String>) {
        var seen = Set<[UInt8]>()
        needles = words.map { Array($0.utf8) }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Whether `data` holds any needle.
    public func anyOccurs(in data: Data) -> Bool {
        guard !needles.isEmpty else { return false }
        return data.withUnsafeBytes { anyOccurs(in: $0) }
    }

    /// Whether the bytes hold any needle.
    public func anyOccurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        needles.contains { Self.occurs($0, in: bytes) }
    }

    /// Whether `needle` (non-empty) occurs in `bytes`.
    public static func occurs(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        offset(of: needle, in: bytes) != nil
    }

    /// Where `needle` (non-empty) first occurs in `bytes` at or after `start`, as an offset into `bytes`.
    public static func offset(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        let length = needle.count
        guard length > 0, start >= 0, length <= bytes.count - min(start, bytes.count), let base = bytes.baseAddress else { return nil }
        var at = base + start
        let end = base + bytes.count
        // `memchr` looks for the needle's rarest byte in source text (not `"` of `"type"`, `r` of `rawValue`), so
        // fewer candidates reach `memcmp`; a candidate at `hit` starts a match at `hit - anchor`.
        let anchor = anchorIndex(needle)
        return needle.withUnsafeBytes { wanted in
            let byte = Int32(wanted[anchor])
            // A match must start at or before `end - length`.
            while end - at >= length {
                guard let hit = memchr(at + anchor, byte, end - at - length + 1) else { return nil }
                let start = UnsafeRawPointer(hit) - anchor
                if memcmp(start, wanted.baseAddress!, length) == 0 { return start - base }
                at = start + 1
            }
            return nil
        }
    }

    /// The index of the needle's byte least common in source code: anything but a space, a lower-case letter or
    /// common punctuation; else its least common lower-case letter (English order); else its first byte.
    static func anchorIndex(_ needle: [UInt8]) -> Int {
        func rank(_ byte: UInt8) -> Int {
            if let common = commonBytes.firstIndex(of: byte) { return commonBytes.count - common }
            return 0
        }
        var best = 0
        for index in needle.indices where rank(needle[index]) < rank(needle[best]) { best = index }
        return best
    }

    /// Bytes of source text from the most common down.
    private static let commonBytes = Array(" \n\"etaoinsrlhdcumfpgwybvkxjqz().,:{}=_\t".utf8)

    /// Whether `needle` occurs in `data` (an empty needle never does).
    public static func occurs(_ needle: String, in data: Data) -> Bool {
        let bytes = Array(needle.utf8)
        return data.withUnsafeBytes { occurs(bytes, in: $0) }
    }
}
