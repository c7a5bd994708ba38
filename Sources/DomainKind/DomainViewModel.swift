public import ResultKit

/// How a domain looks in the table: its name, and its status in colour.
public struct DomainViewModel: CellRepresentable {
    /// The domain shown.
    public var model: Domain

    public init(model: Domain) {
        self.model = model
    }

    public var name: String { model.name }

    /// The status, green when available and dim when taken.
    public var status: Cell {
        switch model.status {
        case .available: Cell("available", style: .green)
        case .taken: Cell("taken", style: .dim)
        case .other(let text): Cell(text, style: .yellow)
        }
    }

    public var detailCells: [Cell] { [status] }
}
