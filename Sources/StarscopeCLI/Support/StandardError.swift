import Foundation

/// Writes whole lines to standard error at once.
struct StandardError {
    func writeLine(_ text: String) {
        write(text + "\n")
    }

    func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Writes to standard output and flushes, so pipes see output immediately.
func writeOut(_ text: String) {
    writeOut(Data(text.utf8))
}

func writeOut(_ data: Data) {
    FileHandle.standardOutput.write(data)
}
