import Foundation

/// The widget's own venue update, a type of the same name as the app's (another target in the Xcode project).
struct VenueUpdate: Encodable {
    let headline: String
    let pinned: Bool
}
