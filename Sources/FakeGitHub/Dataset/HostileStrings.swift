/// Text a careless renderer would get wrong: markup, scripts, attribute breakers, direction
/// overrides, escape sequences, emoji, nulls and sheer size. GitHub allows all of it in
/// descriptions, names and bios, so the fake serves it too.
public enum HostileStrings {
    public static let all: [String] = [
        "<script>alert('xss')</script>",
        "<img src=x onerror=alert(1)>",
        "\"><svg onload=alert(1)>",
        "' onmouseover='alert(1)' data-x='",
        "</textarea></title><script>alert(2)</script>",
        "javascript:alert(document.cookie)",
        "\u{202E}txt.exe — right-to-left override",
        "مرحبا بالعالم — مستودع تجريبي",
        "שלום עולם — מאגר לדוגמה",
        "🚀✨🔥 Rocket-powered 👩‍👩‍👧‍👦 family of tools ☃️",
        "Null\u{0000}byte inside",
        "\u{1B}[31mRed\u{1B}[0m terminal escape \u{1B}]0;pwned\u{07}",
        "Line one\nLine two\r\nLine three",
        "&lt;already-escaped&gt; &amp; entities &#x3C;b&#x3E;",
        "{{template}} ${injection} %s %n %x",
        "Z̷̢̛a̸̡l̵g̶o̴ text with combining marks",
        "   leading and trailing spaces   ",
        "Backslashes \\ and \"quotes\" and 'apostrophes'",
        "<a href=\"https://evil.example\">click</a>",
        "<style>body{display:none}</style>",
    ]

    /// A very long text (about 100 KB) for layout and size limits.
    public static let huge: String = String(repeating: "Very long description with <b>markup</b> and emoji 🌟. ", count: 1_800)
}

extension HostileStrings {
    /// The corpus string for field number `field` of record number `index`: every field gets
    /// every string in turn across records, and one record in 50 gets the huge one.
    static func pick(_ index: Int, _ field: Int) -> String {
        if (index + field) % 50 == 49 { return huge }
        return all[(index * 7 + field) % all.count]
    }

    static func fill(_ account: FakeAccount, index: Int) -> FakeAccount {
        var account = account
        account.name = pick(index, 0)
        account.company = pick(index, 1)
        account.blog = pick(index, 2)
        account.location = pick(index, 3)
        account.email = pick(index, 4)
        account.bio = pick(index, 5)
        return account
    }

    static func fill(_ repository: FakeRepository, index: Int) -> FakeRepository {
        var repository = repository
        repository.description = pick(index, 0)
        repository.homepage = pick(index, 1)
        repository.language = pick(index, 2)
        repository.topics = [pick(index, 3), pick(index, 4)]
        if let license = repository.license {
            repository.license = (license.key, pick(index, 5), license.spdx)
        }
        return repository
    }
}
