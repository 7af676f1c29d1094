import ContractsCore
import Foundation

/// Picks the number of the next migration in a folder, so new files always replay last.
public enum MigrationNumbering {
    /// The next free prefix: sequential folders take the highest number + 1, zero-padded to the folder's width
    /// (`001` when empty); timestamp folders take `now` in UTC (`YYYYMMDDHHMMSS`), moved to one second after the
    /// newest existing migration when `now` would not sort after it.
    public static func nextPrefix(in folder: MigrationFolder, existing: [MigrationFile], now: Date) -> String {
        switch folder.scheme {
        case .sequential(let width):
            let highest = existing.filter { $0.nameStyle == .sequential }.compactMap(\.sortKey.first).max() ?? 0
            let next = String(highest == Int.max ? highest : highest + 1)
            return String(repeating: "0", count: max(0, width - next.count)) + next
        case .timestamp:
            let candidate = Int(timestamp(now)) ?? 0
            let newest = existing.compactMap(latestInstant).max() ?? 0
            guard candidate <= newest, let newestDate = date(fromTimestamp: String(newest)) else {
                return timestamp(now)
            }
            return timestamp(newestDate.addingTimeInterval(1))
        }
    }

    /// `<prefix>_<snake_case description>.sql`.
    public static func fileName(prefix: String, description: String) -> String {
        let slug = Identifiers.snakeCase(description)
        return slug.isEmpty ? "\(prefix).sql" : "\(prefix)_\(slug).sql"
    }

    /// `YYYYMMDDHHMMSS` in UTC.
    public static func timestamp(_ date: Date) -> String {
        formatter.string(from: date)
    }

    /// The last instant a dated migration can stand for, as a 14-digit number: a timestamp is itself,
    /// a bare date (`20260126_0001`) is the end of that day.
    private static func latestInstant(_ file: MigrationFile) -> Int? {
        guard let version = file.version else { return nil }
        switch file.nameStyle {
        case .timestamp: return Int(version)
        case .dateCounter: return Int(version + "235959")
        default: return nil
        }
    }

    private static func date(fromTimestamp text: String) -> Date? { formatter.date(from: text) }

    private static var formatter: DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.calendar = Calendar(identifier: .gregorian)
        f.dateFormat = "yyyyMMddHHmmss"
        return f
    }
}
