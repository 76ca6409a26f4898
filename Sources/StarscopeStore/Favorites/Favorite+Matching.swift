extension Favorite {
    /// Whether every word (lowercased) appears in what GitHub says of the repository (name,
    /// description, language, topics) or in what the person wrote on it (tags and note), so that
    /// searching favourites finds them by either, whichever store holds them.
    public func matches(_ words: [Substring]) -> Bool {
        guard !words.isEmpty else { return true }
        let text = ([repository.fullName, repository.description ?? "", repository.language ?? "", note] + repository.topics + tags)
            .joined(separator: "\n").lowercased()
        return words.allSatisfy { text.contains($0.lowercased()) }
    }
}
