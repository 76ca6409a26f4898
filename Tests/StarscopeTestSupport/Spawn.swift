import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, for tests that run the built binary many times at
/// once. Not Foundation's `Process`: on Linux, Swift 6.3.1's `Process.run()` reads the names in
/// `/proc/self/fd` with a 256-byte over-read (fixed upstream in swift-corelibs-foundation#5472,
/// not in this toolchain) that crashes the test process now and then. The child gets `stdin`,
/// `stdout` and `stderr` as its 0, 1 and 2 and no other descriptor of ours.
public struct SpawnedProcess: Sendable {
    public let pid: pid_t

    public init(executable: String, arguments: [String], environment: [String: String], stdin: Int32, stdout: Int32, stderr: Int32)
        throws
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        // glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module
        // does not declare: found at run time. Without it the child would hold our sockets and
        // the other runs' pipes open.
        guard let closeFrom = Self.closeFrom else { throw POSIXError(.ENOSYS) }
        guard closeFrom(&actions, 3) == 0 else { throw POSIXError(.EINVAL) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        // As `Process` does: no signal blocked and every one at its default in the child (a
        // Dispatch thread, where this runs, blocks most of them, and a child would inherit that).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        pid = child
    }

    /// Waits for the child to end (blocking): its exit code, or the number of the signal that
    /// ended it, as `Process.terminationStatus` says.
    public func waitForExit() -> Int32 {
        let ended = waitForTermination()
        return ended.signal ?? ended.code
    }

    /// Waits for the child to end (blocking): its exit code, or the signal that ended it.
    public func waitForTermination() -> (code: Int32, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? ((status >> 8) & 0xFF, nil) : (0, signal)
    }

    /// Starts `executable` with standard input from `/dev/null` and its output and errors into
    /// these pipes (`/dev/null` for nil); our copies of the pipes' write ends are closed, so
    /// reading them ends when the child does.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String], stdout: Pipe? = nil, stderr: Pipe? = nil
    ) throws -> SpawnedProcess {
        let nullDevice = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard nullDevice >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(nullDevice) }
        let child = try SpawnedProcess(
            executable: executable, arguments: arguments, environment: environment, stdin: nullDevice,
            stdout: stdout?.fileHandleForWriting.fileDescriptor ?? nullDevice,
            stderr: stderr?.fileHandleForWriting.fileDescriptor ?? nullDevice)
        try? stdout?.fileHandleForWriting.close()
        try? stderr?.fileHandleForWriting.close()
        return child
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    private static let closeFrom: CloseFrom? = {
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    public func terminate() {
        kill(pid, SIGTERM)
    }
}
