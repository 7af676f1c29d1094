#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment, one variable at a time.
public enum Environment {
    /// The variable's value, or nil when it is not set. Read with `getenv`: `ProcessInfo.environment` builds a
    /// dictionary of every variable on each call, and `check` asks for a few on every run.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// The project-wide sink summaries (Swift and TypeScript functions whose parameter reaches a typed column or a push,
/// SQL functions found in rounds over the replay) are joined unless `NAARS_BENCH_NO_SINK_JOIN=1`: `scripts/bench`
/// sets it, in a tree and cache of their own, to measure what the join costs. Findings through a sink are then missed.
public enum SinkJoin {
    public static let enabled = Environment.value("NAARS_BENCH_NO_SINK_JOIN") != "1"
}
