import ContractsCore

/// `ts-unknown-literal` (a write) and `ts-unknown-literal-read` (a comparison): a literal used where a value of an
/// enum is expected that the enum does not hold there, or a retired value written again. One unit for every enum:
/// `EnumLiteralReading` reads where the values of which enum go, and `EnumLiteralDrift` judges each literal the same
/// way, worded for its enum (`EnumLiteralWording`).
///
/// The places of the notification contract's enum: compared with the type read from a payload, a `case` of a switch
/// on it, the type of a notification object, or an emitter's or sink function's argument. A typo there silently
/// routes nothing. Comparisons are judged when their receiver is also compared with a registered type somewhere in
/// the file, or when the literal is a near miss of one: `type` is too common a key to judge every `x.type`.
/// Likewise an object that only carries a deep-link key (`{ type: 'text', user_id }`) is judged for near misses.
/// An object's type may be a name bound to a literal (`const kind = 'weekly_digest'; ... { kind }`): the literal
/// is judged where it is written.
///
/// The places of every enum with columns: a literal that meets a column some enum holds, judged against the enum
/// of the table it meets: written by `.from('t').insert/update/upsert(...)`, filtered on by
/// `.eq`/`.neq`/`.in`/`.match`, or compared with a row that came from `.from('t').select(...)` (through names bound
/// to the query's `data`, loops and array callbacks). A column of a table the registry does not name is nobody's
/// enum: its literals are not judged. When the row's table cannot be known (a parameter, a webhook's
/// `payload.record`), a literal valid in any enum with that column is fine; one valid in none is reported naming
/// every candidate, but only when its receiver is also compared with a value of a candidate somewhere in the file:
/// `job.status === 'queued'` on an API's object is no row of ours, and statuses are short common words
/// (`'inactive'` is a near miss of `'active'`), so a near miss alone is no evidence. A column named like the
/// notification type's key or column is left to the notification enum's places there.
///
/// Retired values may be read (`if (row.kind === 'old')`, a filter): only writing one (a row, a payload, an
/// `invoke` body, an emitter argument) is reported, as retired. The functions hold server values only: an app-only
/// value (scope: app) is reported as such.
enum UnknownTypeLiteralRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let reading = EnumLiteralReading(source, contract: contract)
        var wordings: [String: EnumLiteralWording] = [:]
        var out: [Finding] = []
        for (e, use) in reading.uses {
            let wording = wordings[e.name] ?? (contract.types?.sharedEnum.name == e.name
                ? EnumLiteralWording(notification: contract) : EnumLiteralWording(shared: e))
            wordings[e.name] = wording
            if let finding = EnumLiteralDrift.finding(use, of: e, wording) { out.append(finding) }
        }
        return out + reading.unknownTables.map { finding(unknownTable: $0, in: source, contract: contract) }
    }

    /// A literal compared with a column of an unknown table that no enum with a column of that name holds.
    private static func finding(unknownTable l: SharedEnumLiteral, in source: TSSource, contract: TSContract) -> Finding {
        let candidates = contract.sharedEnums.byColumn[l.column.lowercased()] ?? []
        let values = Array(Set(candidates.flatMap { $0.sharedEnum.rawValues(on: .server) })).sorted()
        let closest = Suggestion.closest(to: l.raw, among: values, closeness: .typeScriptName)
        return Finding(
            .tsUnknownLiteralRead,
            SharedEnumLiteralMessage.noCandidate(l.raw, context: "compared with \(l.shown)", column: l.column,
                                                 candidates: candidates.map { ($0.sharedEnum.name, $0.table.display) }) + ".",
            at: source.location(of: l.index), registry: candidates.first?.sharedEnum.location,
            fix: closest.map { "replace '\(l.raw)' with '\($0)'" } ?? SharedEnumLiteralMessage.noCandidateFix(l.raw, column: l.column),
            subject: candidates.first.map { .enumValue(enumName: $0.sharedEnum.name, value: l.raw) })
    }
}

extension UnknownTypeLiteralRule: TSFactRule {
    /// A literal is a notification type where the const or type names it, or where it is the payload key's or row
    /// column's value; it meets another enum only where the code names one of its columns.
    static func needles(_ contract: TSContract) -> [String] {
        let notification = contract.types.map { [contract.constName, $0.typescriptType, contract.typeKey] + contract.rowColumns.values.sorted() } ?? []
        return notification + TSSharedEnums.columnNeedles(contract.registry)
    }

    static let rule = Rule.tsUnknownLiteral
    static let narrowerRules = [Rule.tsUnknownLiteralRead]
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static func source(_ type: String) -> [String: String] {
        ["supabase/functions/notify/index.ts": """
            export async function notify(supabase: any, userId: string) {
              await supabase.from('notifications').insert({ user_id: userId, type: \(type) });
              await supabase.from('rides').insert({ user_id: userId, type: 'carpool' });
            }
            """]
    }
    static let registry = """
        enums:
          ChatRoomStatus:
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived]
            retired: [closed]
          MediaAssetStatus:
            sql: { table: public.media_assets, column: status }
            values: [uploaded, viewed]

        """

    static func roomsSource(_ chatStatus: String, _ mediaStatus: String = "'viewed'") -> [String: String] {
        ["supabase/functions/rooms/index.ts": """
            import { supabase } from '../_shared/supabase.ts';

            export async function archive(id: string) {
              await supabase.from('chat_rooms').update({ status: \(chatStatus) }).eq('id', id);
              const { data: assets } = await supabase.from('media_assets').select('*');
              return (assets ?? []).filter((a) => a.status === \(mediaStatus));
            }
            """]
    }

    /// A status written to its column.
    static func mediaSource(_ status: String) -> [String: String] {
        ["supabase/functions/media/index.ts": """
            import { supabase } from '../_shared/supabase.ts';

            export async function settle(id: string) {
              await supabase.from('media_assets').update({ status: \(status) }).eq('id', id);
            }
            """]
    }

    static let triggeringExamples = [
        RuleExample(source("↓'mesage'")),
        RuleExample(roomsSource("↓'archive'"), registryAdding: registry),
        RuleExample(roomsSource("↓'closed'"), registryAdding: registry),
        RuleExample(roomsSource("'archived'", "↓'active'"), registryAdding: registry),
        // The functions never hold the app-only value.
        RuleExample(mediaSource("↓'draft'"), registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("'message'")),
        RuleExample(roomsSource("'archived'"), registryAdding: registry),
        // The server-only value is the functions' own.
        RuleExample(mediaSource("'pending_upload'"), registryAdding: RuleExample.scopedStatusEnum),
        // A webhook's record: 'viewed' is a MediaAssetStatus, though no ChatRoomStatus.
        RuleExample(["supabase/functions/hook/index.ts": """
            export function onChange(payload: { record: { status: string } }) {
              return payload.record.status === 'viewed' || payload.record.status === 'active';
            }
            """], registryAdding: registry),
    ]
}
