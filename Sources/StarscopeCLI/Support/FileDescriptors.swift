#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files.
enum FileDescriptors {
    /// Raises the soft limit to the hard one (often 1,024 → 1,048,576 on Linux), so a thousand
    /// slow clients cannot leave the server unable to accept a connection.
    static func raiseLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
