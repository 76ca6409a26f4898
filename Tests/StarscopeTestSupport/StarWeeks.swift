import StarscopeModels

/// GitHub's star history by week, as its answer has it (newest week first, each from a Sunday):
/// `perDay` stars on each day from `firstDay` through `today` (day numbers,
/// `CivilDate.dayNumber(of:)`), none on the others, for `count` weeks.
public func starWeeks(from firstDay: Int64, through today: Int64, perDay: Int, count: Int = 9) -> [StarHistoryWeek] {
    let lastSunday = today - (today + 4) % 7
    return (0..<Int64(count)).map { back in
        let sunday = lastSunday - 7 * back
        let days = (0..<7).map { offset in (firstDay...today).contains(sunday + Int64(offset)) ? perDay : 0 }
        return StarHistoryWeek(week: sunday * 86_400, total: days.reduce(0, +), days: days)
    }
}
