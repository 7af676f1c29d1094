// The screen before the redesign, kept for reference: removed from every target, never compiled.
import SwiftUI

struct RideDetailViewOld: View {
    var body: some View {
        Text(NotificationType(rawValue: "ride_old_update") == nil ? "gone" : "still here")
    }
}
