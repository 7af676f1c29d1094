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
