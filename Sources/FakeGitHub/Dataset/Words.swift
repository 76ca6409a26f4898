/// Word lists the generated names and descriptions are made from.
enum Words {
    static let loginParts = [
        "nova", "kai", "orbit", "pixel", "lumen", "delta", "river", "maple", "quartz", "ember", "atlas", "cobalt", "echo", "fern",
        "granite", "harbor", "iris", "juniper", "koi", "lark", "mesa", "nimbus", "onyx", "pine", "quill", "raven", "sable", "tundra",
        "umber", "vesper", "willow", "xenon", "yarrow", "zephyr", "ada", "linus", "grace", "alan", "ken", "dennis",
    ]
    static let loginSuffixes = ["", "dev", "labs", "hq", "io", "js", "rs", "42", "99", "x", "codes", "works"]
    static let repoWords = [
        "swift", "kit", "engine", "parser", "server", "client", "ui", "db", "cache", "graph", "flow", "stream", "vision", "lens",
        "forge", "pilot", "scope", "craft", "core", "hub", "lab", "ml", "agent", "bench", "lint", "docs", "cli", "sync", "mesh", "vault",
    ]
    static let adjectives = ["fast", "tiny", "modern", "blazing", "simple", "typed", "async", "minimal", "robust", "friendly", "lean"]
    static let things = [
        "HTTP server", "JSON parser", "static site generator", "terminal UI toolkit", "vector database", "game engine",
        "markdown editor", "package manager", "web framework", "image pipeline", "LLM agent framework", "build system",
        "SQLite wrapper", "state machine library", "time-series store", "compiler", "fuzzer", "CSS framework",
    ]
    static let audiences = [
        "for Swift", "in Rust", "for the web", "for iOS", "for data teams", "for everyone", "written in Go", "for Linux",
    ]
    static let languages: [String?] = [
        "Swift", "Swift", "Rust", "Rust", "Go", "Python", "Python", "Python", "TypeScript", "TypeScript", "JavaScript", "C", "C++",
        "C#", "Java", "Kotlin", "Ruby", "Zig", "Jupyter Notebook", "Shell", "HTML", "Objective-C", nil, nil,
    ]
    static let topics = [
        "swift", "ios", "cli", "web", "ai", "llm", "database", "rust", "golang", "macos", "linux", "server", "hacktoberfest",
    ]
    static let licenses: [(key: String, name: String, spdx: String)?] = [
        ("mit", "MIT License", "MIT"), ("apache-2.0", "Apache License 2.0", "Apache-2.0"),
        ("gpl-3.0", "GNU General Public License v3.0", "GPL-3.0"),
        ("bsd-3-clause", "BSD 3-Clause \"New\" or \"Revised\" License", "BSD-3-Clause"),
        nil,
    ]
    static let names = [
        "Ada Lovelace", "Grace Hopper", "Linus T.", "Margaret Hamilton", "Ken T.", "Radia Perlman", "Barbara Liskov", "Frances Allen",
    ]
    static let locations = ["Berlin", "São Paulo", "東京", "Lagos", "Toronto", "Paris", "Bengaluru", "Melbourne", "Remote"]
}
