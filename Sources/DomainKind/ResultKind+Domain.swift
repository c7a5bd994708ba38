public import ResultKit

extension ResultKind {
    /// Domain names with their registration status.
    public static let domain = ResultKind(
        name: "domain",
        plural: "domains",
        columns: [KindColumn("STATUS", field: "status", priority: 50)],
        searchFields: [.field("name", weight: 100), .field("status", weight: 5)],
        fields: ["name", "status"],
        sample: BundledSample(fileName: "domains.jsonl", text: sampleNDJSON),
        decode: Domain.init(record:),
        present: DomainViewModel.init(model:)
    )
}
