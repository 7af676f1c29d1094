import Foundation

/// A reminder the app shows before its notification is sent.
struct Reminder {
    var title: String
    var sendAt: Date
}
