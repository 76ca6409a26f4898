import Foundation
import StarscopeCore

extension StarHistorySection {
    func view() -> HTML {
        guard let curve, let chart, let first = curve.days.first else { return fallback }
        let total = curve.total
        let summary =
            "\(CountNoun.text(total, "star")) since \(first.date)"
            + (curve.peakDay.map { ". Peak day: \($0.date) (\(CountNoun.text($0.stars, "star")))" } ?? "")
            + (curve.bestWeek.map {
                "; best 7 days from \(StarCurve.Point(day: $0.start, stars: 0, total: 0).date) (\(CountNoun.text($0.stars, "star")))"
            } ?? "") + "."
        let withdrawnText: HTML =
            withdrawn.map { count in
                count > 0
                    ? "<p class=\"withdrawn\">★ \(GroupedNumber.format(count)) star\(count == 1 ? "" : "s") withdrawn since Starscope counted them: GitHub now counts fewer than Starscope saw.</p>"
                    : ""
            } ?? ""
        let barsView: HTML =
            barChart.map { chart in
                "<details class=\"per-day\"><summary>Stars per \(chart.barUnit)</summary>\(chart.barsSVG())</details>"
            } ?? ""
        let legend: HTML =
            samples.isEmpty
            ? "<span class=\"key s0\"></span>GitHub's count of the stars that remain"
            : "<span class=\"key s0\"></span>GitHub's count of the stars that remain <span class=\"key seen\"></span>Starscope's own counts"
        let withdrawnAttribute: HTML = withdrawn.map { " data-stars-withdrawn=\"\($0)\"" } ?? ""
        return """
            <section class="star-history" data-star-history data-from="\(first.date)" data-total="\(total)"\(withdrawnAttribute) aria-labelledby="history-title">
            <h2 id="history-title">Star history</h2>
            <figure class="curve-figure" data-chart tabindex="0" aria-describedby="history-summary">\
            \(chart.svg(label: "Stars of \(name.description) since \(first.date), now \(GroupedNumber.format(total))"))
            <figcaption class="muted">\(legend)</figcaption></figure>
            <output class="chart-value" data-chart-value aria-live="polite"></output>
            <p id="history-summary">\(summary)</p>
            \(withdrawnText)\(barsView)
            <p><a href="\(SiteURL.compare(CompareList(repositories: [name])).href)">Compare with…</a> · \
            <a href="\(SiteURL.starsEmbed(name, theme: nil).href)">Embed as SVG</a></p>
            \(partialNote)\(countsNote(total))<p class="muted">From GitHub's star history, which counts the stars that still exist\(fetched).</p>
            </section>
            """
    }

    /// Why the history's total and the count beside the name differ, when they do: numbers on a
    /// page either agree or say why not.
    private func countsNote(_ total: Int) -> HTML {
        guard case .success(let history) = gitHub, !history.partial else { return "" }
        let now = history.repository.stargazersCount
        guard now != total else { return "" }
        return
            "<p class=\"counts-note muted\">GitHub counts \(CountNoun.text(now, "star")) now; its history lists \(GroupedNumber.format(total)) of them, leaving out stars it no longer shows (such as those of deleted accounts) and any given since it was read.</p>"
    }

    private var partialNote: HTML {
        guard case .success(let history) = gitHub, history.partial else { return "" }
        return
            "<p class=\"notice\" role=\"status\">The newest 30 weeks only: the rest would use up what is left of GitHub's rate limit, and is asked for later.</p>"
    }

    private var fetched: String {
        guard case .success(let history) = gitHub, let at = history.fetchedAt else { return "" }
        return "; asked \(RelativeTime.day(at))"
    }

    /// Starscope's own counts, saying why GitHub's history is not shown.
    private var fallback: HTML {
        let reason: String
        switch gitHub {
        case .success(let history) where history.unavailable: reason = "GitHub has no star history for this repository."
        case .success: reason = "GitHub counts no stars for this repository."
        case .failure(let error): reason = error.message
        }
        return "\(observed.countsView())<p class=\"muted\">\(reason)</p>"
    }
}
