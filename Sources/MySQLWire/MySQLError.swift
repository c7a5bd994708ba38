/// Why a conversation with a MySQL-protocol server failed.
public enum MySQLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached: name resolution or a refused connection.
    case connect(String)
    /// The server did not answer in time.
    case timeout(String)
    /// The connection broke in the middle of a conversation.
    case connectionLost(String)
    /// The server sent something this client does not understand.
    case malformed(String)
    /// The answer is larger than the caller allows: more bytes or more rows
    /// than it asked for (see ``MySQLConnection/ReplyLimits``). The
    /// connection is closed, since the rest of the answer was not read.
    case tooLarge(String)
    /// The server refused the request: its code, SQLSTATE and message, as sent.
    case server(code: Int, state: String, message: String)
    /// The connection was closed before the call.
    case closed

    public var description: String {
        switch self {
        case .connect(let text), .malformed(let text), .tooLarge(let text): text
        case .timeout(let text): text.isEmpty ? "timed out" : text
        case .connectionLost(let text): "connection lost: \(text)"
        case .server(let code, let state, let message): "server error \(code) (\(state)): \(message)"
        case .closed: "the connection is closed"
        }
    }
}
