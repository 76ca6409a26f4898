/// GitHub's colours for the most common languages, written as SVG fill attributes where a language
/// is shown (inline styles are not allowed by the Content-Security-Policy; a rule for every
/// language would be in every page's style sheet).
enum LanguageColors {
    static let colors: [String: String] = [
        "Swift": "#F05138", "Rust": "#dea584", "Go": "#00ADD8", "Python": "#3572A5", "TypeScript": "#3178c6",
        "JavaScript": "#f1e05a", "C": "#555555", "C++": "#f34b7d", "C#": "#178600", "Java": "#b07219", "Kotlin": "#A97BFF",
        "Ruby": "#701516", "Zig": "#ec915c", "Jupyter Notebook": "#DA5B0B", "Shell": "#89e051", "HTML": "#e34c26",
        "CSS": "#563d7c", "Objective-C": "#438eff", "PHP": "#4F5D95", "Dart": "#00B4AB", "Scala": "#c22d40", "Elixir": "#6e4a7e",
        "Haskell": "#5e5086", "Lua": "#000080", "Vue": "#41b883", "Dockerfile": "#384d54", "Nix": "#7e7eff", "Assembly": "#6E4C13",
        "Perl": "#0298c3", "R": "#198CE7", "Julia": "#a270ba", "OCaml": "#ef7a08", "Clojure": "#db5855", "Erlang": "#B83998",
        "MDX": "#fcb32c", "Svelte": "#ff3e00", "Makefile": "#427819", "TeX": "#3D6117", "Vim Script": "#199f4b", "Markdown": "#083fa1",
    ]

    /// The colour of `language`'s dot and bar: GitHub's, or grey when unknown.
    static func color(_ language: String) -> String {
        colors[language] ?? "#8c959f"
    }
}
