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
