import Foundation

/// A photo, video or voice note in a room: its `type` is a media kind, not a push type.
struct Attachment: Decodable {
    let type: String
    let path: String

    var isPhoto: Bool { type == "photo" }

    static func kind(of info: [String: Any]) -> String? {
        guard let type = info["type"] as? String, type == "voice_note" || type == "video" else { return nil }
        return type
    }
}
