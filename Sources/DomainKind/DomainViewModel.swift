public import ResultKit
public import TerminalTable

/// How a domain looks in the table: its name, and its status in colour.
///
/// The cells and widths are made once, when the domain is set, since the
/// table asks for them both to size the row and to draw it.
public struct DomainViewModel: CellRepresentable {
    /// The domain shown; setting it remakes the cells.
    public var domain: Domain {
        didSet { presented = Presented(domain) }
    }

    /// The domain's cells and widths.
    private var presented: Presented

    public init(domain: Domain) {
        self.domain = domain
        self.presented = Presented(domain)
    }

    public var name: String { domain.name }

    /// The status, green when available and dim when taken.
    public var status: Cell { presented.cells[0] }

    public var detailCells: [Cell] { presented.cells }

    public var cellWidths: [Int] { presented.widths }

    /// What the table shows of a domain, made once.
    private struct Presented: Sendable {
        /// The status cell.
        let cells: [Cell]
        /// The widths of the name's widest line and of the status.
        let widths: [Int]

        init(_ domain: Domain) {
            let status =
                switch domain.status {
                case .available: Cell("available", style: .green)
                case .taken: Cell("taken", style: .dim)
                case .other(let text): Cell(text, style: .yellow)
                }
            cells = [status]
            widths = [DomainViewModel.widestLine(of: domain.name), status.displayWidth]
        }
    }
}
