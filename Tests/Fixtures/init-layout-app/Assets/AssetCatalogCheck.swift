// A script once run by hand to list the symbols in the asset catalog; no target compiles it.
import Foundation

let probe = NotificationType(rawValue: "asset_catalog_probe")
print(probe as Any)
