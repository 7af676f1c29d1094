import Foundation

/// Why a message is reported: `reports.reason` is free text, this and the edge function's set are what keep it tidy.
enum ReportReason: String, CaseIterable, Codable {
    case spam
    case harassment
    case inappropriate
    case other
}

enum ReportStatus: String, Codable {
    case open
    case reviewing
    case closed
}

/// Not a column's values: how loud the report sheet logs.
enum ReportLogLevel: String {
    case info
    case warning
}
