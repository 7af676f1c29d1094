@testable import ContractsLiveDatabase
import XCTest

/// The password is found wherever libpq would read it, and replaced as written and as decoded.
final class SecretRedactionTests: XCTestCase {
    func testTheUserInfoPasswordIsReplacedAsWrittenAndDecoded() {
        let redaction = SecretRedaction(url: "postgresql://app:p%40ss%2Fw0rd@db.example.com:5432/postgres?sslmode=require")
        XCTAssertEqual(redaction.redact("tried p%40ss%2Fw0rd and p@ss/w0rd"), "tried **** and ****")
        // Decoy: the user name and host stay readable.
        XCTAssertEqual(redaction.redact("user app at db.example.com"), "user app at db.example.com")
    }

    func testAQueryParameterOrKeywordPasswordIsReplaced() {
        XCTAssertEqual(SecretRedaction(url: "postgresql://app@h/db?password=s3cr3t-q").redact("x s3cr3t-q y"), "x **** y")
        XCTAssertEqual(SecretRedaction(url: "host=h user=app password=s3cr3t-kv").redact("s3cr3t-kv"), "****")
    }

    /// A URL libpq rejects still has its user-info password found by hand.
    func testAnUnparsableURLsPasswordIsStillReplaced() {
        let url = "postgresql://app:Unparsed-pw@[::1/db"
        XCTAssertNil(SecretRedaction.conninfoPassword(url))
        XCTAssertEqual(SecretRedaction(url: url).redact("near Unparsed-pw@[::1"), "near ****@[::1")
    }

    /// libpq rejects a malformed percent-escape and quotes the token it could not decode: the password written
    /// after `password=` is found by hand, as written.
    func testAMalformedPercentEscapeInThePasswordParameterIsReplaced() {
        let url = "postgresql://app@host/app?sslmode=disable&password=Hunter2%ZZtopsecret"
        XCTAssertNil(SecretRedaction.conninfoPassword(url))
        XCTAssertEqual(SecretRedaction(url: url).redact(#"invalid percent-encoded token: "Hunter2%ZZtopsecret""#),
                       #"invalid percent-encoded token: "****""#)
        XCTAssertEqual(SecretRedaction(url: "host=h password = 'two words%ZZ' user=a").redact("two words%ZZ"), "****")
        // Decoy: a parameter that merely ends in password is not one.
        XCTAssertEqual(SecretRedaction(url: "postgresql://app@h/db?xpassword=visible").redact("visible"), "visible")
    }

    func testTheStatementTimeoutSaturates() {
        XCTAssertEqual(LiveDatabaseReader.milliseconds(30), 30_000)
        XCTAssertEqual(LiveDatabaseReader.milliseconds(0), 1000)
        XCTAssertEqual(LiveDatabaseReader.milliseconds(Int.max), Int(Int32.max))
    }

    func testErrorsAreOneLine() {
        let error = LiveDatabaseError("connection failed: refused\n\tIs the server running?\n",
                                      redaction: SecretRedaction(url: "postgresql://a@h/d"))
        XCTAssertEqual(error.description, "connection failed: refused Is the server running?")
    }
}
