import ContractsCore

/// Every ENUM type and each target column's type after a sequence of events, applied as PostgreSQL would:
/// a statement PostgreSQL rejects (creating a type that exists, adding a value that exists without
/// `IF NOT EXISTS`, renaming a value that is not there, dropping a type the column still uses without
/// `CASCADE`) changes nothing, which is also what an `EXCEPTION WHEN duplicate_object` guard makes of it.
struct EnumState: Sendable, Equatable {
    struct TypeState: Sendable, Equatable {
        /// In PostgreSQL's sort order (`enumsortorder`).
        var values: [String]
        /// The last statement that changed it.
        var location: SourceLocation
    }

    /// A target column's type (qualified, lowercased), nil while the column does not exist, and the last statement
    /// that set or dropped it.
    struct ColumnState: Sendable, Equatable {
        var type: String?
        var location: SourceLocation
    }

    private(set) var types: [String: TypeState] = [:]
    /// Each target column's type (`EnumEvent.target`), once a statement gave or dropped it.
    private(set) var columns: [Int: ColumnState] = [:]

    /// The type of column `target` (qualified, lowercased), nil while the column does not exist.
    func columnType(of target: Int) -> String? { columns[target]?.type }

    /// The last statement that set or dropped column `target`'s type.
    func columnLocation(of target: Int) -> SourceLocation? { columns[target]?.location }

    /// Column 0's (a reader of one column).
    var columnType: String? { columnType(of: 0) }
    var columnLocation: SourceLocation? { columnLocation(of: 0) }

    mutating func apply(_ event: EnumEvent) {
        switch event.action {
        case .create(let type, let values):
            guard types[type] == nil else { return }
            types[type] = TypeState(values: values, location: event.location)
        case .addValue(let type, let value, let neighbor, let after, _):
            guard var state = types[type], !state.values.contains(value) else { return }
            if let neighbor {
                guard let at = state.values.firstIndex(of: neighbor) else { return }
                state.values.insert(value, at: after ? at + 1 : at)
            } else {
                state.values.append(value)
            }
            state.location = event.location
            types[type] = state
        case .renameValue(let type, let from, let to):
            guard var state = types[type], !state.values.contains(to), let at = state.values.firstIndex(of: from) else { return }
            state.values[at] = to
            state.location = event.location
            types[type] = state
        case .renameType(let from, let to):
            guard var state = types[from], types[to] == nil else { return }
            state.location = event.location
            types[from] = nil
            types[to] = state
            for (target, column) in columns where column.type == from { columns[target]!.type = to }
        case .drop(let type, let cascade):
            guard types[type] != nil else { return }
            let using = columns.filter { $0.value.type == type || $0.value.type == type + "[]" }.map(\.key)
            if !using.isEmpty {
                guard cascade else { return }
                for target in using { columns[target] = ColumnState(type: nil, location: event.location) }
            }
            types[type] = nil
        case .columnType(let type):
            columns[event.target] = ColumnState(type: type, location: event.location)
        }
    }
}
