// Run by hand (`swift Scripts/GenerateIcons.swift`) to draw the icon set; no target compiles it.
import Foundation

enum IconSet: String, CaseIterable {
    case message
    case rideUpdate = "ride_update"
    case rideClaimed = "ride_claimed"
    case sos = "sos_alert"
}

for icon in IconSet.allCases { print(icon.rawValue) }
