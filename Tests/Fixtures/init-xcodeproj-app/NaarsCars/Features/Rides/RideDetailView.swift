import SwiftUI

struct RideDetailView: View {
    let status: RideStatus

    var body: some View {
        Text(status == .claimed ? "On the way" : "Waiting for a driver")
    }
}
