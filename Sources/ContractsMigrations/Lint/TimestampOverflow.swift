import ContractsCore
import Foundation

/// A timestamp name whose time digits overflow (`20250301240000`, hour 24) on a real date: the Supabase CLI
/// reads any `^([0-9]+)_` version and sorts by it, so such a file is applied like any other. It is only a
/// warning when its digits sort where the time they mean (hour 24 = the next midnight) belongs among the
/// folder's other timestamps; otherwise replay order and the intended order disagree, and it stays an error.
enum TimestampOverflow {
    /// The warning text for `file`, or nil when the name is an error (a wrong date, or it sorts out of place).
    static func warning(_ file: MigrationFile, among files: [MigrationFile]) -> String? {
        guard file.nameStyle == .timestamp, let version = file.version, let meant = seconds(version) else { return nil }
        for other in files where other.nameStyle == .timestamp && other.path != file.path {
            guard let otherVersion = other.version, let otherMeant = seconds(otherVersion) else { continue }
            let byDigits = version < otherVersion, byTime = meant < otherMeant
            if byDigits != byTime && version != otherVersion { return nil }
        }
        let digits = Array(version)
        let time = "\(String(digits[8..<10])):\(String(digits[10..<12])):\(String(digits[12..<14]))"
        return "does not start with a valid UTC time (\(time)); the Supabase CLI accepts it and it sorts where that time belongs, so it is only a warning"
    }

    /// Seconds since 1970 of `YYYYMMDDHHMMSS` on a valid date, hours/minutes/seconds allowed to overflow
    /// (minutes and seconds up to 99, hours up to 99); nil when the date part is not a real date.
    static func seconds(_ version: String) -> Int? {
        let n = version.compactMap(\.wholeNumberValue)
        guard n.count == 14 else { return nil }
        let value = { (from: Int, count: Int) in n[from..<(from + count)].reduce(0) { $0 * 10 + $1 } }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = DateComponents(year: value(0, 4), month: value(4, 2), day: value(6, 2))
        guard day.isValidDate(in: calendar), let date = calendar.date(from: day) else { return nil }
        return Int(date.timeIntervalSince1970) + value(8, 2) * 3600 + value(10, 2) * 60 + value(12, 2)
    }
}
