public import ResultKit

/// How a domain looks in the table: its name, and its status in colour.
public struct DomainViewModel: CellRepresentable {
    /// The domain shown.
    public var domain: Domain

    public init(domain: Domain) {
        self.domain = domain
    }

    public var name: String { domain.name }

    /// The status, green when available and dim when taken.
    public var status: Cell {
        switch domain.status {
        case .available: Cell("available", style: .green)
        case .taken: Cell("taken", style: .dim)
        case .other(let text): Cell(text, style: .yellow)
        }
    }

    public var detailCells: [Cell] { [status] }
}
