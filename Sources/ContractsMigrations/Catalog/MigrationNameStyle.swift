import ContractsCore

/// The numbering a migration file name uses, read from its leading digits.
///
/// Real folders mix these (a timestamp folder that began with `20260126_0001_x.sql`), so the lint and the
/// numbering assistant classify each file rather than trusting the folder's declared scheme.
public enum MigrationNameStyle: Sendable, Equatable {
    /// `107_badge_counts.sql`: a counter, zero-padded.
    case sequential
    /// `20260407202111_content_hidden.sql`: UTC `YYYYMMDDHHMMSS`, the Supabase CLI's.
    case timestamp
    /// `20260126_0001_name.sql`: a UTC date, optionally followed by a counter.
    case dateCounter
    /// No `digits_` prefix at all (`seed.sql`, `107.sql`): the Supabase CLI skips such files.
    case unnumbered

    /// Whether this style belongs to a folder with `scheme`.
    public func fits(_ scheme: MigrationScheme) -> Bool {
        switch (self, scheme) {
        case (.sequential, .sequential): return true
        case (.timestamp, .timestamp), (.dateCounter, .timestamp): return true
        default: return false
        }
    }
}

extension MigrationFile {
    /// How this file's name is numbered.
    public var nameStyle: MigrationNameStyle {
        guard let version else { return .unnumbered }
        switch version.count {
        case 14: return .timestamp
        case 8: return .dateCounter
        default: return .sequential
        }
    }
}
