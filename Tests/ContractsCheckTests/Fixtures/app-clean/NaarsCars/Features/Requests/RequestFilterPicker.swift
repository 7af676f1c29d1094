import SwiftUI

/// Filters the Requests tab by kind; the raw values match `open_requests.request_type`.
enum RequestFilter: String, CaseIterable, Identifiable {
    case all
    case ride
    case favor

    var id: String { rawValue }

    var title: String {
        switch self {
        case .all: return "All"
        case .ride: return "Rides"
        case .favor: return "Favors"
        }
    }
}

struct RequestFilterPicker: View {
    @Binding var filter: RequestFilter

    var body: some View {
        Picker("Show", selection: $filter) {
            ForEach(RequestFilter.allCases) { Text($0.title).tag($0) }
        }
        .pickerStyle(.segmented)
        .onChange(of: filter) { _, new in
            if new.rawValue == "ride" { Haptics.selection() }
            AnalyticsService.track("requests_filter", ["type": new == .ride ? "ride" : new.rawValue, "message": "filter changed"])
        }
    }
}
