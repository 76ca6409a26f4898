import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeStore
import Testing

@testable import GitHubAPI
@testable import StarscopeCore

/// Numbers from outside over the whole `Int64` range (`Int.min`, `Int.max`, negatives and
/// random ones): every formatter and every header parser answers, and what the budgets compute
/// from them stays in range. A trap here is a crash of the server.
@Suite struct NumberEdgeTests {
    /// The edges, then seeded random values spread over every magnitude.
    static let values: [Int] = {
        var values = [Int.min, Int.min + 1, -1_000_000_000_000_000_000, -1, 0, 1, 9, 999, 1_000, 999_999, 1_000_000, Int.max / 10]
        values += [Int.max / 10 + 1, 9_000_000_000_000_000_000, Int.max - 1, Int.max, Count.maximum, Count.maximum + 1]
        var random = SeededRandom(seed: 24)
        for _ in 0..<4_000 {
            let bits = random.int(in: 0...63)
            let magnitude = Int(truncatingIfNeeded: random.next() >> (63 - UInt64(bits)))
            values.append(random.int(in: 0...1) == 0 ? magnitude : -magnitude)
        }
        return values
    }()

    @Test func compactNumbersFormatEveryInt() {
        for value in Self.values {
            let text = CompactNumber.format(value)
            #expect(!text.isEmpty)
            #expect(text.hasPrefix("-") == (value < 0), "\(value) → \(text)")
        }
        #expect(CompactNumber.format(Int.max) == "9223372036855M")
        #expect(CompactNumber.format(Int.min) == "-9223372036855M")
        #expect(CompactNumber.format(9_000_000_000_000_000_000) == "9000000000000M")
        #expect(CompactNumber.format(Count.maximum) == "1000000M")
    }

    /// The product-free rounding gives what the old `value * 10` did wherever that did not overflow.
    @Test func compactNumbersRoundAsBefore() {
        func before(_ value: Int) -> String {
            let magnitude = abs(value)
            let sign = value < 0 ? "-" : ""
            func scaled(_ value: Int, by unit: Int, suffix: String, next: String?) -> String {
                let tenths = (value * 10 + unit / 2) / unit
                if tenths >= 1_000 {
                    let whole = (value + unit / 2) / unit
                    if whole >= 1_000, let next { return "1\(next)" }
                    return "\(whole)\(suffix)"
                }
                return tenths % 10 == 0 ? "\(tenths / 10)\(suffix)" : "\(tenths / 10).\(tenths % 10)\(suffix)"
            }
            switch magnitude {
            case ..<1_000: return "\(value)"
            case ..<1_000_000: return sign + scaled(magnitude, by: 1_000, suffix: "k", next: "M")
            default: return sign + scaled(magnitude, by: 1_000_000, suffix: "M", next: nil)
            }
        }
        for value in Self.values where value > Int.min && abs(value) < Int.max / 10 {
            #expect(CompactNumber.format(value) == before(value), "\(value)")
        }
    }

    @Test func groupedNumbersFormatEveryInt() {
        for value in Self.values {
            let text = GroupedNumber.format(value)
            #expect(text.filter { $0 != "," } == String(value), "\(value) → \(text)")
            #expect(GroupedNumber.format(value.magnitude).filter { $0 != "," } == String(value.magnitude))
        }
    }

    @Test func spansAndAgesOfAnyLengthAreWords() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for seconds in [-Double.infinity, -1e300, -1, 0, 59, 3_600, 1e12, 9.3e18, 1e300, .infinity, .nan] {
            #expect(!SpanText.short(seconds).isEmpty)
            #expect(!RelativeTime.describe(now.addingTimeInterval(-seconds), now: now).isEmpty)
        }
        #expect(SpanText.short(90 * 60) == "1h 30m")
        #expect(RelativeTime.describe(now.addingTimeInterval(-7_200), now: now) == "2 hours ago")
    }

    @Test func countsAreHeldToTheirRange() {
        for value in Self.values {
            #expect((0...Count.maximum).contains(Count.clamped(value)))
            #expect(Count.parse(String(value)) == Count.clamped(value), "\(value)")
        }
        #expect(Count.parse("99999999999999999999999999999") == Count.maximum)
        #expect(Count.parse(" 42\t") == 42)
        #expect(Count.parse("+7") == 7)
        for junk in ["", " ", "-", "4 2", "0x10", "1e3", "12a", "٣"] { #expect(Count.parse(junk) == nil, "\(junk)") }
        #expect(Count.clamped(Double.nan) == 0)
        #expect(Count.clamped(1e30) == Count.maximum)
    }

    /// Every figure a rate-limit header can carry, through every budget computed from it.
    @Test func rateLimitHeadersOfAnyValueGiveBudgetsInRange() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var texts = Self.values.prefix(200).map { String($0) }
        texts += ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-1", "99999999999999999999", "x", ""]
        for (index, limit) in texts.enumerated() {
            let remaining = texts[(index * 7 + 3) % texts.count]
            let reset = texts[(index * 13 + 5) % texts.count]
            let used = texts[(index * 17 + 1) % texts.count]
            let headers = [
                "x-ratelimit-limit": limit, "x-ratelimit-remaining": remaining, "x-ratelimit-reset": reset, "x-ratelimit-used": used,
            ]
            guard let rate = RateLimit(headers: headers) else { continue }
            for figure in [rate.limit, rate.remaining, rate.used] { #expect((0...Count.maximum).contains(figure)) }
            #expect(rate.reset.timeIntervalSince1970 >= 0 && rate.reset.timeIntervalSince1970 <= Double(Count.latestEpochSecond))
            for share in [0.0, 0.5, 1.0] {
                let budget = LiveBudget(share: share, minimumInterval: 1)
                #expect(budget.plan(after: rate, requestsPerCheck: 1, now: now).seconds >= 0)
                #expect(budget.allowance(of: rate.remaining) >= 0)
                _ = UpdatesBudget.requests(
                    remaining: rate.remaining, limit: rate.limit, reset: rate.reset, share: share, interval: 1, now: now)
            }
            let response = GitHubResponse(
                status: 403, headers: headers, body: Data(#"{"message":"API rate limit exceeded"}"#.utf8),
                url: URL(string: "https://api.github.com/users/octocat")!)
            if let error = GitHubError(response: response) { #expect(!StarscopeError(error, about: .search).message.isEmpty) }
        }
        let hostile = RateLimit(headers: [
            "x-ratelimit-limit": "9223372036854775807", "x-ratelimit-remaining": "-1", "x-ratelimit-reset": "1",
        ])
        #expect(hostile?.limit == Count.maximum)
        #expect(hostile?.remaining == 0)
        #expect(hostile?.used == Count.maximum)
    }

    @Test func cacheLifetimesOfAnyValueAreHeld() {
        for value in Self.values.map({ String($0) }) + ["99999999999999999999", "x", ""] {
            let control = CacheControl("private, max-age=\(value), s-maxage=\(value)")
            #expect(control.maxAge.map { (0...Count.maximum).contains($0) } ?? true, "\(value)")
        }
        #expect(CacheControl("max-age=60").maxAge == 60)
    }

    @Test func liveBudgetsFromAnySettingAreRealDurations() {
        for value in [-Double.infinity, -1, 0, .nan, 1e300, .infinity] {
            let budget = LiveBudget(share: value, minimumInterval: value)
            #expect(budget.minimumInterval.isFinite && budget.share.isFinite)
            _ = Duration.milliseconds(Int(budget.minimumInterval * 1000))
        }
    }

    @Test func secondaryLimitsWaitAnyAnswerOut() {
        for value in ["9223372036854775807", "-9223372036854775808", "99999999999999999999"] {
            let response = GitHubResponse(
                status: 429, headers: ["retry-after": value], body: Data(), url: URL(string: "https://api.github.com/search/repositories")!)
            guard case .secondaryRateLimit(let retryAfter)? = GitHubError(response: response) else {
                Issue.record("not a secondary limit")
                continue
            }
            let plan = LiveBudget().plan(afterSecondaryLimit: retryAfter)
            #expect(plan.seconds.isFinite && plan.seconds <= Double(Count.maximum))
            _ = Duration.milliseconds(Int(plan.seconds * 1000))
        }
    }

    @Test func anAnswerTooLargeIsOneSentence() {
        let message = StarscopeError(.tooLarge(limit: HTTPTransport.maximumBodySize), about: .search).message
        #expect(message == "GitHub sent an answer larger than 10 MB; Starscope did not read it.")
    }

    @Test func pageNumbersInLinksCannotOverflow() throws {
        for number in ["9223372036854775807", "-9223372036854775808", "99999999999999999999", "0"] {
            let next = try #require(URL(string: "https://api.github.com/search/repositories?q=x&page=\(number)"))
            let header = LinkHeader("<\(next.absoluteString)>; rel=\"next\", <\(next.absoluteString)>; rel=\"last\"")
            #expect(header.lastPage.map { (0...Count.maximum).contains($0) } ?? true)
            #expect(!GitHubClient.pageAddresses(from: next, through: header.lastPage, count: 10).isEmpty)
            #expect(RepositoryLists.pageNumber(next).map { (0...Count.maximum).contains($0) } ?? true)
        }
    }

    /// Star counts far outside anything real, as a hostile upstream or an old store holds them.
    @Test func gainsAndMilestonesOfAnyCountStayInRange() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for (low, high) in [(Int.min, Int.max), (Int.max, Int.min), (0, Int.max), (-1, 9_000_000_000_000_000_000)] {
            let history = [
                StarSample(repositoryID: 1, fullName: "a/b", recordedAt: now.addingTimeInterval(-9 * 86_400), stars: low),
                StarSample(repositoryID: 1, fullName: "a/b", recordedAt: now.addingTimeInterval(-2 * 86_400), stars: high),
            ]
            if let gained = UpdateRules.unusualGain(history: history, current: low, at: now) {
                #expect(abs(gained) <= Count.maximum)
            }
        }
    }
}
