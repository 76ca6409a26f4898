import Foundation
import StarscopeCore

/// Opens a URL in the desktop's browser (`xdg-open` on Linux, `open` on macOS).
enum SystemBrowser {
    static func open(_ url: String) throws {
        #if os(macOS)
            let opener = "open"
        #else
            let opener = "xdg-open"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [opener, url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            throw StarscopeError.unavailable("Could not start \(opener) to open \(url); open it in a browser yourself.")
        }
        guard process.terminationStatus == 0 else {
            throw StarscopeError.unavailable("\(opener) could not open \(url); open it in a browser yourself.")
        }
        writeOut("Opened \(url)\n")
    }
}
