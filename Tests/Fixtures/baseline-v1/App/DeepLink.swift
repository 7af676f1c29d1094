import Foundation

enum DeepLink {
    case ride(id: UUID)
    case conversation(id: String)
    case profile
}
