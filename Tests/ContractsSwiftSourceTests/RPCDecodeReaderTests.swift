import ContractsCore
import ContractsSwiftSource
import XCTest

/// `RPCDecodeReader`: which struct an RPC's result is decoded into, by which keys, with which key strategy.
final class RPCDecodeReaderTests: XCTestCase {
    private func decodes(_ files: [String: String]) -> [String] {
        RPCDecodeReader.decodes(in: files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) }).map { decode in
            "\(decode.rpc) \(decode.typeName) \(decode.strategy) \(decode.fields.map { $0.key + ($0.optional ? "?" : "") }.joined(separator: ","))"
        }
    }

    func testResponseDataDecodedLaterWithTheDecodersStrategy() {
        let service = """
            final class BadgeService {
                func refresh(userId: UUID) async throws {
                    let response = try await supabase.rpc("get_badge_counts", params: ["p_user_id": userId]).execute()
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = .convertFromSnakeCase
                    counts = try decoder.decode(BadgeCountsPayload.self, from: response.data)
                    let plain = JSONDecoder()
                    _ = try plain.decode([BadgeCountsPayload].self, from: response.data)
                    _ = try JSONDecoder().decode(BadgeCountsPayload.self, from: response.data)
                    _ = try sharedDecoder.decode(BadgeCountsPayload.self, from: response.data)
                }
            }
            """
        let model = "struct BadgeCountsPayload: Decodable { let unreadMessages: Int; let note: String?; var total: Int }\n"
        XCTAssertEqual(decodes(["App/BadgeService.swift": service, "App/Models.swift": model]), [
            "get_badge_counts BadgeCountsPayload convertFromSnakeCase unreadMessages,note?,total",
            "get_badge_counts BadgeCountsPayload useDefaultKeys unreadMessages,note?,total",
            "get_badge_counts BadgeCountsPayload useDefaultKeys unreadMessages,note?,total",
        ], "a decoder configured elsewhere (`sharedDecoder`) has an unknown strategy")
    }

    /// Synthesized `Decodable` reads no `lazy` or static property, and reads one with observers (as swiftc's does).
    func testALazyPropertyIsNoKeyTheDecoderReads() {
        let service = """
            func counts() async throws -> [Counts] {
                try await supabase.rpc("get_counts").execute().value
            }
            """
        let model = """
            struct Counts: Decodable {
                let total: Int
                lazy var formatted: String = "\\(total)"
                static var zero = 0
                var unread: Int { didSet { } }
                var label: String { "" }
            }
            """
        XCTAssertEqual(decodes(["App/Counts.swift": service, "App/Models.swift": model]),
                       ["get_counts Counts clientDecoder total,unread"])
    }

    func testValueTypedByAnnotationCastOrReturnTypeAndTheNearestStructOfItsName() {
        let text = """
            struct Row: Decodable { let top: Int }
            func a() async throws {
                struct Row: Decodable { let id: UUID; let email: String }
                let rows: [Row] = try await client.rpc("one").execute().value
            }
            func b() async throws -> [Row] {
                try await client.rpc("two", params: [:]).select().execute().value
            }
            func c() async throws {
                struct Row: Codable {
                    let id: UUID
                    let address: String
                    let skipped: Int = 0
                    enum CodingKeys: String, CodingKey { case id; case address = "email" }
                }
                let rows = try await client.rpc("three").execute().value as [Row]
                let count: Int = try await client.rpc("four").execute().value
            }
            func d() async throws {
                struct Custom: Decodable {
                    let id: UUID
                    init(from decoder: Decoder) throws { id = UUID() }
                }
                let custom: Custom = try await client.rpc("five").execute().value
                let unrelated: [Row] = try await client.from("profiles").select().execute().value
            }
            """
        XCTAssertEqual(decodes(["App/Rows.swift": text]), [
            "one Row clientDecoder id,email", "two Row clientDecoder top", "three Row clientDecoder id,email",
        ])
    }

    func testConvertFromSnakeCaseIsFoundationsAndAKeyMatchesEitherWayThroughTheClientsDecoder() throws {
        let text = """
            struct Card: Decodable {
                let avatar: String
                let name: String
                enum CodingKeys: String, CodingKey { case avatar = "avatarUrl"; case name = "display_name" }
            }
            func load() async throws {
                let response = try await client.rpc("card").execute()
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                _ = try decoder.decode(Card.self, from: response.data)
                let card: Card = try await client.rpc("card").execute().value
            }
            """
        let found = RPCDecodeReader.decodes(in: [(path: "App/Card.swift", text: text)])
        XCTAssertEqual(found.count, 2)
        let returned: Set<String> = ["avatar_url", "display_name"]
        let converted = try XCTUnwrap(found.first { $0.strategy == .convertFromSnakeCase })
        XCTAssertEqual(converted.fields.map { converted.decodes($0, from: returned) }, [true, false],
                       "convertFromSnakeCase turns display_name into displayName, which CodingKeys' \"display_name\" does not match")
        let client = try XCTUnwrap(found.first { $0.strategy == .clientDecoder })
        XCTAssertEqual(client.fields.map { client.decodes($0, from: returned) }, [true, true])
        XCTAssertEqual(converted.fields.map { converted.decodes($0, from: ["_avatar_url_", "avatarurl"]) }, [false, false])
        XCTAssertEqual(converted.fields.map { converted.decodes($0, from: ["AVATAR_URL"]) }, [true, false])
    }

    func testAStructOfAnotherFileIsBoundOnlyWhenTheProjectDeclaresOneOfItsName() {
        let call = """
            func load() async throws {
                let feed: [FeedRow] = try await client.rpc("feed").execute().value
                let chat: [ChatRow] = try await client.rpc("chat").execute().value
            }
            """
        let models = """
            enum Feed { struct FeedRow: Decodable { let id: UUID } }
            enum Chat { struct ChatRow: Decodable { let id: UUID } }
            enum Other { struct ChatRow: Decodable { let title: String } }
            """
        XCTAssertEqual(decodes(["App/Load.swift": call, "App/Models.swift": models]), ["feed FeedRow clientDecoder id"])
    }

    /// `functions.invoke("name")`: decoded by `invoke`'s default `JSONDecoder()` (keys as sent), by the `decoder:` it
    /// is passed when the function configures it, else with an unknown strategy; a call that decodes by hand, or an
    /// `invoke` of something that is not `functions`, binds nothing.
    func testEdgeFunctionInvokesAndTheirDecoders() {
        let text = """
            struct Wallet: Decodable { let balancePence: Int; let note: String? }
            func load() async throws {
                let a: Wallet = try await supabase.functions.invoke("get-wallet")
                let b: Wallet = try await client.functions.invoke("get-wallet", options: .init(), decoder: JSONDecoder())
                let converting = JSONDecoder()
                converting.keyDecodingStrategy = .convertFromSnakeCase
                let c: Wallet = try await supabase.functions.invoke("get-wallet", options: .init(), decoder: converting)
                let d: Wallet = try await supabase.functions.invoke("get-wallet", decoder: Shared.decoder)
                let e = try await supabase.functions.invoke(functionName: "old-wallet") as Wallet
                let f: Wallet = try await supabase.functions.invoke("get-wallet") { data, _ in try JSONDecoder().decode(Wallet.self, from: data) }
                let g: Wallet = try await lambda.invoke("get-wallet")
                let h: Wallet = try await supabase.functions.invoke("get-wallet", decode: { data, _ in try decode(data) })
            }
            """
        let decodes = RPCDecodeReader.decodes(in: [(path: "App/Wallet.swift", text: text)])
        XCTAssertEqual(decodes.map { "\($0.callee) \($0.rpc) \($0.typeName) \($0.strategy)" }, [
            "edgeFunction get-wallet Wallet useDefaultKeys",
            "edgeFunction get-wallet Wallet useDefaultKeys",
            "edgeFunction get-wallet Wallet convertFromSnakeCase",
            "edgeFunction get-wallet Wallet clientDecoder",
            "edgeFunction old-wallet Wallet useDefaultKeys",
        ])
        XCTAssertEqual(decodes[0].fields.map { "\($0.key) \($0.optional)" }, ["balancePence false", "note true"])
    }
}
