import Foundation

/// The screen a tapped push opens; `PushRouter` builds it from the payload.
enum DeepLink: Equatable {
    case conversation(id: UUID)
    case ride(id: UUID)
    case townHall
}
