import ContractsCore
@testable import ContractsSQL
import Foundation

/// A replayed schema as text, one line per relation, column, foreign key and function, sorted: what the schema tests
/// compare (and print on a difference).
enum SchemaDump {
    static func lines(_ schema: ProjectSchema, schemas: Set<String>? = nil) -> [String] {
        var out: [String] = []
        for (name, relation) in schema.relations.sorted(by: { $0.key < $1.key }) where schemas.map({ $0.contains(name.schema) }) ?? true {
            out.append("\(relation.kind.rawValue) \(name.schema).\(name.name)\(relation.columnsComplete ? "" : " (columns incomplete)")")
            for (index, column) in relation.columns.enumerated() {
                var line = "  \(index + 1) \(column.name) \(column.type ?? "?")"
                if column.notNull { line += " not null" }
                if column.hasDefault { line += " default" }
                out.append(line)
            }
            for key in relation.foreignKeys.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) {
                out.append("  fk \(key.name ?? "?") (\(key.columns.joined(separator: ","))) -> \(key.references.schema).\(key.references.name) (\(key.referencedColumns.joined(separator: ",")))")
            }
        }
        for (name, overloads) in schema.functions.sorted(by: { $0.key < $1.key }) where schemas.map({ $0.contains(name.schema) }) ?? true {
            for function in overloads {
                let arguments = function.arguments.map { argument in
                    [argument.mode == .in ? nil : argument.mode.rawValue, argument.name, argument.type ?? "?", argument.hasDefault ? "default" : nil]
                        .compactMap { $0 }.joined(separator: " ")
                }
                out.append("function \(name.schema).\(name.name)(\(arguments.joined(separator: ", ")))")
            }
        }
        return out
    }
}
