import Foundation
import TestSupport
import Testing

@testable import MySQLWire

/// The client against a scripted server: result sets, NULLs, several
/// replies in one round trip, errors, and a server that stalls.
@Suite struct MySQLConnectionTests {
    @Test func severalResultSetsInOneReplyWithNULL() throws {
        let server = try FakeMySQLServer { _ in
            FakeMySQLServer.resultSet(columns: ["id", "name"], rows: [["1", "tea"], ["2", nil]], more: true)
                + FakeMySQLServer.resultSet(columns: ["Variable_name", "Value"], rows: [["total", "2"]], warnings: 1)
        }
        defer { server.stop() }
        let connection = try MySQLConnection(host: "127.0.0.1", port: server.port)
        #expect(connection.serverVersion == "2.2.11-id64-release")
        let replies = try connection.query("SELECT id, name FROM items; SHOW META")
        #expect(replies.count == 2)
        guard case .rows(let columns, let rows, let warnings) = replies.first else {
            Issue.record("no rows: \(replies)")
            return
        }
        #expect(columns == ["id", "name"])
        #expect(rows == [["1", "tea"], ["2", nil]])
        #expect(warnings == 0)
        guard case .rows(_, let meta, let metaWarnings) = replies.last else {
            Issue.record("no meta: \(replies)")
            return
        }
        #expect(meta == [["total", "2"]])
        #expect(metaWarnings == 1)
    }

    @Test func anErrorEndsTheReplyAndTheConnectionGoesOn() throws {
        let server = try FakeMySQLServer { query in
            query.hasPrefix("BAD")
                ? [FakeMySQLServer.error(code: 1064, state: "42000", message: "syntax error")]
                : [[0x00, 0x03, 0x00, 0x02, 0x00, 0x00, 0x00]]
        }
        defer { server.stop() }
        let connection = try MySQLConnection(host: "127.0.0.1", port: server.port)
        let bad = try connection.query("BAD")
        guard case .failed(let error) = bad.first else {
            Issue.record("no error: \(bad)")
            return
        }
        #expect(error == .server(code: 1064, state: "42000", message: "syntax error"))
        let good = try connection.query("REPLACE INTO items VALUES (1)")
        guard case .ok(let affected, _) = good.first else {
            Issue.record("not OK: \(good)")
            return
        }
        #expect(affected == 3)
    }

    @Test func aServerThatDoesNotAnswerTimesOut() throws {
        let server = try FakeMySQLServer { _ in nil }
        defer { server.stop() }
        let connection = try MySQLConnection(host: "127.0.0.1", port: server.port, queryTimeout: 0.3)
        let start = Date()
        #expect(throws: MySQLError.timeout("no answer within 0.3 s")) { try connection.query("SELECT 1") }
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func aNameThatDoesNotResolveIsAConnectError() {
        #expect {
            try MySQLConnection(host: "no-such-host.invalid", port: 9306)
        } throws: { error in
            guard case .connect(let text) = error as? MySQLError else { return false }
            return text.hasPrefix("cannot resolve no-such-host.invalid")
        }
    }
}
