import Foundation

enum MediaAssetStatus: String, Codable, CaseIterable {
    case uploading
    case processing
    case ready
    case viewed
    case failed
}

/// A row of `public.media_assets`.
struct MediaAsset: Codable, Identifiable, Hashable {
    let id: UUID
    let roomId: UUID
    let storagePath: String
    var status: MediaAssetStatus

    enum CodingKeys: String, CodingKey {
        case id, status
        case roomId = "room_id"
        case storagePath = "storage_path"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        roomId = try container.decode(UUID.self, forKey: .roomId)
        storagePath = try container.decode(String.self, forKey: .storagePath)
        let raw = try container.decode(String.self, forKey: .status)
        status = MediaAssetStatus(rawValue: raw) ?? .failed
    }
}
