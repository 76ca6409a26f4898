import Foundation
import StarscopeCore

extension ComparePage {
    func document(_ context: PageContext) -> HTML {
        let main: HTML = """
            <section class="list-pane single compare" aria-labelledby="list-title">
            \(Components.listHead("Compare star histories"))
            \(form)
            \(body)
            </section>
            """
        return Layout.page(title: "Compare star histories", context: context, main: main, assets: .compare)
    }

    var form: HTML {
        let alignments: [HTML] = StarHistoryChart.Alignment.allCases.map { alignment in
            let title = alignment == .date ? "By date" : "From each one's creation"
            return "<option value=\"\(alignment.rawValue)\"\(list.alignment == alignment ? " selected" : "")>\(title)</option>"
        }
        let scales: [HTML] = StarHistoryChart.Scale.allCases.map { scale in
            "<option value=\"\(scale.rawValue)\"\(list.scale == scale ? " selected" : "")>\(scale == .linear ? "Linear" : "Log")</option>"
        }
        let measures: [HTML] = StarHistoryChart.Measure.allCases.map { measure in
            let title = measure == .total ? "Total stars" : "Stars per week"
            return "<option value=\"\(measure.rawValue)\"\(list.measure == measure ? " selected" : "")>\(title)</option>"
        }
        let chosen = list.repositories.map { name -> HTML in
            var without = list
            without.repositories.removeAll { $0 == name }
            return """
                <li><input type="hidden" name="repos" value="\(name.description)">\(name.description) \
                <a class="remove" href="\(SiteURL.compare(without).href)" aria-label="Remove \(name.description)">✕</a></li>
                """
        }
        let options = suggestions.map { name -> HTML in "<option value=\"\(name)\"></option>" }
        let full = list.repositories.count >= CompareList.most
        return """
            <form class="compare-form" method="get" action="\(SiteURL.Pattern.compare)">
            <fieldset class="compare-chosen"><legend>Repositories (2 to \(CompareList.most))</legend>
            \(chosen.isEmpty ? "" : "<ul class=\"compare-picked\">\(chosen)</ul>" as HTML)
            \(full ? "" : """
                <label for="compare-add">Add a repository (OWNER/NAME)</label>
                <input id="compare-add" type="text" name="repos" list="compare-suggestions" placeholder="\(list.repositories.isEmpty ? "swiftlang/swift" : "apple/swift-nio")" \
                autocomplete="off" spellcheck="false">
                <datalist id="compare-suggestions">\(options)</datalist>
                """ as HTML)
            </fieldset>
            <label>Align<select name="align">\(alignments)</select></label>
            <label>Show<select name="show">\(measures)</select></label>
            <label>Scale<select name="scale">\(scales)</select></label>
            <button type="submit">Compare</button>
            </form>
            """
    }

    var body: HTML {
        guard list.repositories.count >= 2 else {
            return Components.empty("Add at least two repositories to compare their star histories.")
        }
        let problems: [HTML] = entries.compactMap { entry in
            entry.problem.map { "<li>\($0)</li>" }
        }
        let problemList: HTML = problems.isEmpty ? "" : "<ul class=\"muted\" role=\"status\">\(problems)</ul>"
        guard let chart else {
            return "\(problemList)\(Components.empty("Fewer than two of these have a star history to draw."))"
        }
        // Each line's key, name and count now, side by side (as the downloaded drawing names them).
        let keys: [HTML] = entries.compactMap { entry in entry.curve.map { (name: entry.name, total: $0.total) } }.enumerated().map {
            index, key in
            """
            <li><span class="key s\(index % 10)"></span><a href="\(SiteURL.repository(key.name, from: .trending(TrendingList())).href)">\
            \(key.name.description)</a> <span class="muted">★ \(GroupedNumber.format(key.total))</span></li>
            """
        }
        let rows: [HTML] = entries.compactMap { entry in
            guard let curve = entry.curve else { return nil }
            let peak: HTML = curve.peakDay.map { "\($0.date) (\(GroupedNumber.format($0.stars)))" } ?? ""
            let best: String = curve.bestWeek.map { GroupedNumber.format($0.stars) } ?? ""
            return """
                <tr data-repo="\(entry.name.description)"><th scope="row">\(entry.name.description)</th>\
                <td class="number" data-stars="\(curve.total)">\(GroupedNumber.format(curve.total))</td>\
                <td class="since">\(curve.days.first?.date ?? "")</td><td>\(peak)</td><td class="number">\(best)</td>\
                <td class="number" data-last-week="\(curve.lastWeek)">\(GroupedNumber.format(curve.lastWeek))</td></tr>
                """
        }
        return """
            \(problemList)
            <figure class="curve-figure" data-chart tabindex="0" aria-describedby="compare-summary">\(chart.svg(label: chartLabel))
            <figcaption><ul class="legend">\(keys)</ul></figcaption></figure>
            <output class="chart-value" data-chart-value aria-live="polite"></output>
            <table class="compare-table" id="compare-summary"><caption class="muted">From GitHub's star history, which counts the stars that still exist.</caption>
            <thead><tr><th scope="col">Repository</th><th scope="col">Stars</th><th scope="col" class="since">Since</th><th scope="col">Peak day</th>\
            <th scope="col">Best 7 days</th><th scope="col">Last 7 days</th></tr></thead><tbody>\(rows)</tbody></table>
            <p class="compare-links"><a href="\(SiteURL.compare(list).href)">Link to this chart</a> · \
            <a href="\(SiteURL.compareEmbed(list, theme: nil).href)" download="star-history.svg">Download as SVG</a> · \
            <a href="\(SiteURL.compareEmbed(list, theme: .dark).href)" download="star-history-dark.svg">dark</a></p>
            """
    }
}
