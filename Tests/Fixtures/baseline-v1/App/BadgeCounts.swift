struct BadgeCounts: Decodable {
    let messagesTotal: Int
    let ridesTotl: Int

    enum CodingKeys: String, CodingKey {
        case messagesTotal = "messages_total"
        case ridesTotl = "rides_totl"
    }
}
