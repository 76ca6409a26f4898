import StarscopeCore

extension TrendingList {
    /// Its feed's title, with the filters: `Starscope: New & popular this week in Swift on cli`.
    var feedTitle: String {
        var title = "Starscope: New & popular \(query.timeframe.label)"
        if let language = query.language, !language.isEmpty { title += " in \(language)" }
        if let topic = query.topic, !topic.isEmpty { title += " on \(topic)" }
        if let text = query.text, !text.isEmpty { title += " matching “\(text)”" }
        return title
    }
}

extension RisingList {
    /// Its feed's title: `Starscope: Rising this week`.
    var feedTitle: String { "Starscope: Rising \(timeframe.label)" }
}
