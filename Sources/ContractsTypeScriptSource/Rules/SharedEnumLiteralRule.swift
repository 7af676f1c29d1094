import ContractsCore

/// `ts-unknown-literal` for the shared enums (`enums:`): a literal that meets a column some enum holds and is not
/// one of that enum's values. The literal is judged against the enum of the table it meets: written by
/// `.from('t').insert/update/upsert(...)`, filtered on by `.eq`/`.neq`/`.in`/`.match`, or compared with a row that
/// came from `.from('t').select(...)` (through names bound to the query's `data`, loops and array callbacks). A
/// column of a table the registry does not name is nobody's enum: its literals are not judged.
///
/// When the row's table cannot be known (a parameter, a webhook's `payload.record`), a literal valid in any enum
/// with that column is fine; one valid in none is reported naming every candidate, but only when its receiver is
/// also compared with a value of a candidate somewhere in the file: `job.status === 'queued'` on an API's object
/// is no row of ours, and statuses are short common words (`'inactive'` is a near miss of `'active'`), so a near
/// miss alone is no evidence. A column named like the notification type's key or column is left to the
/// notification rule there.
///
/// Retired values may be compared and filtered on (old rows hold them); writing one is reported as retired. The
/// functions hold server values only: an app-only value (scope: app) is reported as such.
/// A comparison or filter is reported as `ts-unknown-literal-read`, a write as `ts-unknown-literal`. A literal on a
/// known table is judged by `EnumLiteralDrift`, as the notification enum's are (`UnknownTypeLiteralRule`).
enum SharedEnumLiteralRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let enums = contract.sharedEnums
        let literals = source.sharedEnumLiterals(enums)
        guard !literals.isEmpty else { return [] }
        let isValidSomewhere = { (l: SharedEnumLiteral) -> Bool in
            (enums.byColumn[l.column.lowercased()] ?? []).contains {
                switch $0.sharedEnum.standing(of: l.raw, on: .server) {
                case .held, .retired: return true
                case .outOfScope, .unknown: return false
                }
            }
        }
        let evidenced = Set(literals.filter { $0.table == nil && isValidSomewhere($0) }.map { "\($0.receiver).\($0.column)" })
        var seen = Set<Int>()
        var out: [Finding] = []
        var wordings: [String: EnumLiteralWording] = [:]
        for l in literals where seen.insert(l.index).inserted {
            let at = source.location(of: l.index)
            if let table = l.table {
                guard let e = enums.sharedEnum(table, l.column) else { continue }
                let wording = wordings[e.name] ?? EnumLiteralWording(shared: e)
                wordings[e.name] = wording
                let use = EnumLiteralUse(raw: l.raw, constKey: nil, location: at, written: l.use == .write,
                                         context: (l.use == .write ? "written to " : "compared with ") + "\(table.display).\(l.column)",
                                         replacing: { source.replacingLiteral(l.index, with: $0) })
                if let finding = EnumLiteralDrift.finding(use, of: e, wording) { out.append(finding) }
                continue
            }
            guard !contract.typeKeys.contains(l.column), !isValidSomewhere(l) else { continue }
            let candidates = enums.byColumn[l.column.lowercased()] ?? []
            guard let first = candidates.first, evidenced.contains("\(l.receiver).\(l.column)") else { continue }
            let values = Array(Set(candidates.flatMap { $0.sharedEnum.rawValues(on: .server) })).sorted()
            let closest = Suggestion.closest(to: l.raw, among: values, closeness: .typeScriptName)
            let context = "compared with \(l.shown)"
            out.append(Finding(
                .tsUnknownLiteralRead,
                SharedEnumLiteralMessage.noCandidate(l.raw, context: context, column: l.column,
                                                     candidates: candidates.map { ($0.sharedEnum.name, $0.table.display) }) + ".",
                at: at, registry: first.sharedEnum.location,
                fix: closest.map { "replace '\(l.raw)' with '\($0)'" }
                    ?? SharedEnumLiteralMessage.noCandidateFix(l.raw, column: l.column)))
        }
        return out
    }
}

extension SharedEnumLiteralRule: TSFactRule {
    /// A literal meets a shared enum only where the code names one of its columns.
    static func needles(_ contract: TSContract) -> [String] { TSSharedEnums.columnNeedles(contract.registry) }

    static let rule = Rule.tsUnknownLiteral
    static let narrowerRules = [Rule.tsUnknownLiteralRead]
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

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

    static func source(_ chatStatus: String, _ mediaStatus: String = "'viewed'") -> [String: String] {
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
        RuleExample(source("↓'archive'"), registryAdding: registry),
        RuleExample(source("↓'closed'"), registryAdding: registry),
        RuleExample(source("'archived'", "↓'active'"), registryAdding: registry),
        // The functions never hold the app-only value.
        RuleExample(mediaSource("↓'draft'"), registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("'archived'"), registryAdding: registry),
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
