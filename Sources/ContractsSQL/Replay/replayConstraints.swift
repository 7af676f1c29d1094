/// The checks active on the target column after a sequence of events, in the order they were added.
struct ConstraintState: Sendable, Equatable {
    struct Active: Sendable, Equatable {
        var name: String
        var definition: CheckDefinition
        var folder: String
    }

    private(set) var active: [Active] = []
    private(set) var tableExists = false
    let table: String
    let column: String

    init(table: String, column: String) {
        self.table = table
        self.column = column
    }

    /// Applies one event as PostgreSQL would; statements that PostgreSQL would reject (adding a name
    /// that exists, dropping one that does not) change nothing, which is also what the usual
    /// `EXCEPTION WHEN duplicate_object` guard makes of them.
    mutating func apply(_ event: ConstraintEvent) {
        switch event.guardCondition {
        case .present(let name)? where !has(name): return
        case .absent(let name)? where has(name): return
        default: break
        }
        switch event.action {
        case .createTable(let ifNotExists, let checks):
            if ifNotExists && tableExists { return }
            active = []
            tableExists = true
            for check in checks { add(check, folder: event.folder) }
        case .add(let check):
            tableExists = true
            add(check, folder: event.folder)
        case .drop(let name, _):
            active.removeAll { $0.name == name }
        case .rename(let from, let to):
            guard !has(to), let index = active.firstIndex(where: { $0.name == from }) else { return }
            active[index].name = to
        case .validate(let name):
            if let index = active.firstIndex(where: { $0.name == name }) { active[index].definition.notValid = false }
        case .dropAll:
            active = []
        }
    }

    func has(_ name: String) -> Bool { active.contains { $0.name == name } }

    private mutating func add(_ check: CheckDefinition, folder: String) {
        let name = check.name ?? chooseName(singleColumn: check.singleColumn)
        guard !has(name) else { return }
        active.append(Active(name: name, definition: check, folder: folder))
    }

    /// PostgreSQL's `ChooseConstraintName`: `table_column_check` for a check on one column, else
    /// `table_check`, then `...1`, `...2` while taken.
    private func chooseName(singleColumn: Bool) -> String {
        let base = singleColumn ? "\(table)_\(column)_check" : "\(table)_check"
        var name = base, pass = 0
        while has(name) {
            pass += 1
            name = "\(base)\(pass)"
        }
        return name
    }
}
