/// Dates for spec columns without Foundation: ISO 8601 parsing, the proleptic
/// Gregorian calendar in UTC, and relative descriptions.
enum CalendarDate {
    /// Seconds since 1970 in the years 0001 to 9999.
    static let range: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// How much of a date a text gives: ISO 8601 allows a year alone
    /// (`1813`) or a year and month (`2021-05`).
    enum Precision: Sendable, Equatable {
        case year, month, day, second
    }

    /// Parses a date as ``parse(_:)`` does, or a reduced-precision one
    /// (`1813`, `2021-05`, at the start of that year or month), with how
    /// much of it the text gives.
    static func parseWithPrecision(_ text: some StringProtocol) -> (seconds: Int64, precision: Precision)? {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        if bytes.count == 4, bytes.allSatisfy(isDigit), let year = Int(String(decoding: bytes, as: UTF8.self)),
            year >= 1
        {
            return (Int64(daysFromCivil(year: year, month: 1, day: 1)) * 86_400, .year)
        }
        if bytes.count == 7, bytes[4] == 0x2D, bytes[..<4].allSatisfy(isDigit), bytes[5...].allSatisfy(isDigit),
            let year = Int(String(decoding: bytes[..<4], as: UTF8.self)),
            let month = Int(String(decoding: bytes[5...], as: UTF8.self)), year >= 1, (1...12).contains(month)
        {
            return (Int64(daysFromCivil(year: year, month: month, day: 1)) * 86_400, .month)
        }
        guard let seconds = parse(text) else { return nil }
        return (seconds, bytes.count == 10 ? .day : .second)
    }

    /// Parses `2024-05-01`, `2024-05-01T12:30`, `2024-05-01T12:30:15.25Z`,
    /// `2024-05-01 12:30:15+02:00`: seconds since 1970, UTC. A time without
    /// an offset is taken as UTC.
    static func parse(_ text: some StringProtocol) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes.count <= 40 else { return nil }
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2) else {
            return nil
        }
        guard year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        var seconds = Int64(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if index == bytes.count { return seconds }
        guard expect(UInt8(ascii: "T")) || expect(UInt8(ascii: "t")) || expect(0x20) else { return nil }
        guard let hour = digits(2), expect(0x3A), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var second = 0
        if expect(0x3A) {
            guard let value = digits(2), value <= 60 else { return nil }
            second = value
            if expect(0x2E) || expect(0x2C) {
                let start = index
                while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 { index += 1 }
                guard index > start else { return nil }
            }
        }
        seconds += Int64(hour * 3_600 + minute * 60 + second)
        if index == bytes.count || expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            return index == bytes.count ? seconds : nil
        }
        let sign: Int64
        if expect(0x2B) {
            sign = 1
        } else if expect(0x2D) {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = digits(2), offsetHours < 24 else { return nil }
        _ = expect(0x3A)
        guard let offsetMinutes = digits(2), offsetMinutes < 60, index == bytes.count else { return nil }
        return seconds - sign * Int64(offsetHours * 3_600 + offsetMinutes * 60)
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date, counting 400-year cycles of 146,097 days
    /// in years that start on 1 March (so that the leap day comes last).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let cycle = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfCycle = shiftedYear - cycle * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
        return cycle * 146_097 + dayOfCycle - 719_468
    }

    /// The date of a day number, the inverse of ``daysFromCivil(year:month:day:)``.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let cycle = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfCycle = shifted - cycle * 146_097
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1_460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// `2024-05-01` for a time in seconds since 1970 (UTC); `2024-05` or
    /// `2024` for a date given to the month or the year only.
    static func isoDate(_ seconds: Int64, precision: Precision = .day) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let (year, month, day) = civil(fromDays: days)
        switch precision {
        case .year: return padded(year, 4)
        case .month: return padded(year, 4) + "-" + padded(month, 2)
        case .day, .second: return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
        }
    }

    /// `3 days ago`, `in 2 hours`, `just now`: the coarsest unit that fits.
    static func relative(_ seconds: Int64, now: Int64) -> String {
        let difference = now - seconds
        let distance = difference.magnitude
        if distance < 60 { return "just now" }
        let units: [(limit: UInt64, size: UInt64, name: String)] = [
            (3_600, 60, "minute"), (86_400, 3_600, "hour"), (30 * 86_400, 86_400, "day"),
            (365 * 86_400, 30 * 86_400, "month"), (UInt64.max, 365 * 86_400, "year"),
        ]
        let unit = units.first { distance < $0.limit } ?? units[units.count - 1]
        let count = distance / unit.size
        let phrase = "\(count) \(unit.name)" + (count == 1 ? "" : "s")
        return difference > 0 ? phrase + " ago" : "in " + phrase
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
