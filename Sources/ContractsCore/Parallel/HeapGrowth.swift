#if canImport(Glibc)
import Glibc
#endif

/// The C library's heap, set for a run that builds and drops hundreds of megabytes of syntax trees.
public enum HeapGrowth {
    /// On glibc: grow each heap 64 MB at a time (`M_TOP_PAD`) rather than by what one allocation needs. A cold
    /// `check` otherwise spends a large share of its system time in `mprotect` calls growing the per-thread
    /// heaps page run by page run. Memory is still only used when touched. Elsewhere: nothing.
    public static func preferLargeSteps() {
        #if canImport(Glibc)
        // `mallopt` is not in Swift's Glibc module; the C library exports it. M_TOP_PAD is -2 in <malloc.h>.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-2, 64 << 20)
        #endif
    }
}
