@testable import ContractsInit
import XCTest

/// The old-style property list reader `init` reads `project.pbxproj` with: what Xcode writes, and garbage refused
/// with a line rather than a crash.
final class OldStylePlistTests: XCTestCase {
    func testWhatXcodeWrites() throws {
        let plist = try OldStylePlist.parse(#"""
            // !$*UTF8*$!
            {
            	objects = {
            /* Begin PBXFileReference section */
            		AB12 /* a "quoted" name */ = {isa = PBXFileReference; path = "Views/Row View.swift"; sourceTree = "<group>"; };
            /* End PBXFileReference section */
            		CD34 = {
            			isa = XCBuildConfiguration;
            			buildSettings = {
            				"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
            				INFOPLIST_KEY_NSCameraUsageDescription = "Scan a \"pickup\" code /* not a comment */ // nor this\n";
            				LD_RUNPATH_SEARCH_PATHS = ("$(inherited)", "@executable_path/Frameworks", );
            				TOKEN = <0fab 12>;
            				ACCENT = "caf\U00e9 \101";
            			};
            			explicitFileTypes = {};
            			explicitFolders = ();
            		};
            	};
            	rootObject = AB12/*trailing*/;
            }
            """#)
        let objects = try XCTUnwrap(plist["objects"]?.dictionary)
        XCTAssertEqual(objects["AB12"]?["path"]?.string, "Views/Row View.swift")
        XCTAssertEqual(objects["AB12"]?["sourceTree"]?.string, "<group>")
        let settings = objects["CD34"]?["buildSettings"]
        XCTAssertEqual(settings?["CODE_SIGN_IDENTITY[sdk=iphoneos*]"]?.string, "iPhone Developer")
        XCTAssertEqual(settings?["INFOPLIST_KEY_NSCameraUsageDescription"]?.string,
                       "Scan a \"pickup\" code /* not a comment */ // nor this\n")
        XCTAssertEqual(settings?["LD_RUNPATH_SEARCH_PATHS"]?.strings, ["$(inherited)", "@executable_path/Frameworks"])
        XCTAssertEqual(settings?["TOKEN"]?.string, "0fab 12")
        XCTAssertEqual(settings?["ACCENT"]?.string, "café A")
        XCTAssertEqual(objects["CD34"]?["explicitFileTypes"], .dictionary([:]))
        XCTAssertEqual(objects["CD34"]?["explicitFolders"], .array([]))
        XCTAssertEqual(plist["rootObject"]?.string, "AB12")
    }

    func testGarbageIsRefusedWithItsLine() {
        let cases: [(String, String)] = [
            ("{\n  a = b;\n<<<<<<< HEAD\n}", "line 3: unexpected `<`"),
            ("{ a = \"open; }", "line 1: a quoted string is not closed"),
            ("{ a = b; /* never closed }", "line 1: a /* comment is not closed"),
            ("{ a = (b, c; }", "line 1: `)` was expected, found `;`"),
            ("{ a = b; } trailing", "line 1: text after the property list"),
            ("", "line 1: a value was expected, the text ended"),
            (String(repeating: "(", count: 100_000), "line 1: nested deeper than 256 levels"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try OldStylePlist.parse(text), reason) { error in
                XCTAssertEqual("\(error)", reason)
            }
        }
    }
}
