// Previews of every component; the app target leaves this file out (a membership exception).
import SwiftUI

#Preview {
    Badge(type: NotificationType(rawValue: "preview_only_type") ?? .other)
}
