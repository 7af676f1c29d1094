import SwiftUI
import WidgetKit

struct NaarsCarsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "NaarsCarsWidget", provider: Provider()) { _ in Badge(type: .rideUpdate) }
    }
}
