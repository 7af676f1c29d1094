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
/// candidate first byte and `memcmp` confirms it, with no allocation (`memmem` is a GNU extension Swift's Glibc module does not expose). An
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
        let length = needle.count
        guard length > 0, length <= bytes.count, var at = bytes.baseAddress else { return false }
        let end = at + bytes.count
        return needle.withUnsafeBytes { wanted in
            let first = Int32(wanted[0])
            // A match must start at or before `end - length`.
            while end - at >= length {
                guard let hit = memchr(at, first, end - at - length + 1) else { return false }
                if memcmp(hit, wanted.baseAddress!, length) == 0 { return true }
                at = UnsafeRawPointer(hit) + 1
            }
            return false
        }
    }

    /// Whether `needle` occurs in `data` (an empty needle never does).
    public static func occurs(_ needle: String, in data: Data) -> Bool {
        let bytes = Array(needle.utf8)
        return data.withUnsafeBytes { occurs(bytes, in: $0) }
    }
}
