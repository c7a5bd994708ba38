import Glibc

/// Writes to the standard error stream (fd 2), unbuffered.
public enum StandardError {
    /// Writes `text` and a newline.
    public static func line(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(2, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
