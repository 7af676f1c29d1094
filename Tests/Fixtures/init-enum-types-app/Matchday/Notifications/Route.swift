import Foundation

/// The screen a tapped push opens.
enum Route: Equatable {
    case fixture(id: UUID)
    case bets
    case settings
}
