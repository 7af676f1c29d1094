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
        offset(of: needle, in: bytes) != nil
    }

    /// Where `needle` (non-empty) first occurs in `bytes` at or after `start`, as an offset into `bytes`.
    public static func offset(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        let length = needle.count
        guard length > 0, start >= 0, length <= bytes.count - min(start, bytes.count), let base = bytes.baseAddress else { return nil }
        var at = base + start
        let end = base + bytes.count
        return needle.withUnsafeBytes { wanted in
            let first = Int32(wanted[0])
            // A match must start at or before `end - length`.
            while end - at >= length {
                guard let hit = memchr(at, first, end - at - length + 1) else { return nil }
                if memcmp(hit, wanted.baseAddress!, length) == 0 { return UnsafeRawPointer(hit) - base }
                at = UnsafeRawPointer(hit) + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `data` (an empty needle never does).
    public static func occurs(_ needle: String, in data: Data) -> Bool {
        let bytes = Array(needle.utf8)
        return data.withUnsafeBytes { occurs(bytes, in: $0) }
    }
}
