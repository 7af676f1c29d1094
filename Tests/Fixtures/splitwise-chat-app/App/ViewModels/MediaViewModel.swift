import Foundation
import Supabase

@MainActor
final class MediaViewModel: ObservableObject {
    @Published private(set) var assets: [MediaAsset] = []

    func load(roomId: UUID) async throws {
        assets = try await supabase
            .from("media_assets")
            .select()
            .eq("room_id", value: roomId)
            .neq("status", value: "failed")
            .execute()
            .value
    }

    func markViewed(_ asset: MediaAsset) async throws {
        try await supabase.rpc("mark_media_viewed", params: ["asset_id": asset.id.uuidString]).execute()
        if let index = assets.firstIndex(of: asset) { assets[index].status = .viewed }
    }

    /// Assets the processor finished (builds before 1.4 wrote "done" for "ready").
    var finished: [MediaAsset] {
        assets.filter { $0.status == .ready || $0.status == MediaAssetStatus(rawValue: "done") }
    }

    func retry(_ asset: MediaAsset) async throws {
        try await supabase
            .from("media_assets")
            .update(["status": "uploading"])
            .eq("id", value: asset.id)
            .eq("status", value: "failed")
            .execute()
    }

    /// Hides an asset from the room's gallery.
    func hide(_ asset: MediaAsset) async throws {
        try await supabase.from("media_assets").update(["status": "deleted"]).eq("id", value: asset.id).execute()
    }
}
