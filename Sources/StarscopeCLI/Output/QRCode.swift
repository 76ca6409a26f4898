/// A QR code (Model 2, versions 1–10, byte mode) for short text such as a sign-in URL, per ISO/IEC 18004.
///
/// Dependency-free: Reed–Solomon error correction, block interleaving, and the mask with the lowest penalty score.
struct QRCode: Sendable {
    /// How much of the symbol can be lost and still read: about 7, 15, 25 or 30 percent.
    enum Correction: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    /// The text has more UTF-8 bytes than a version 10 symbol holds at the requested level.
    struct TooLong: Error, Equatable {
        let byteCount: Int
        let capacity: Int
    }

    /// Symbol version, 1...10.
    let version: Int
    let correction: Correction
    /// Mask pattern, 0...7.
    let mask: Int
    /// Modules per side, 17 + 4 × version; the quiet zone is not included.
    let size: Int
    private let dark: [Bool]

    /// Encodes `text` as UTF-8 in the smallest version that holds it.
    init(_ text: String, correction: Correction = .medium) throws(TooLong) {
        try self.init(bytes: Array(text.utf8), correction: correction)
    }

    /// Encodes `bytes`. `version` and `mask` are chosen when nil; tests pin them to compare with other encoders.
    init(bytes: [UInt8], correction: Correction = .medium, version: Int? = nil, mask: Int? = nil) throws(TooLong) {
        precondition(version.map { (1...10).contains($0) } ?? true, "QR version must be 1...10")
        precondition(mask.map { (0..<8).contains($0) } ?? true, "QR mask must be 0...7")
        let versions = version.map { [$0] } ?? Array(1...10)
        guard let chosen = versions.first(where: { bytes.count <= Self.capacity(version: $0, correction: correction) }) else {
            throw TooLong(byteCount: bytes.count, capacity: Self.capacity(version: versions.last ?? 10, correction: correction))
        }
        var base = Matrix(version: chosen)
        base.place(Self.codewords(bytes, version: chosen, correction: correction))

        var best = base
        var bestMask = 0
        var bestPenalty = Int.max
        for candidate in mask.map({ [$0] }) ?? Array(0..<8) {
            var matrix = base
            matrix.apply(mask: candidate)
            matrix.drawFormat(Self.formatBits(correction: correction, mask: candidate))
            let penalty = matrix.penalty
            if penalty < bestPenalty {
                (best, bestMask, bestPenalty) = (matrix, candidate, penalty)
            }
        }
        self.version = chosen
        self.correction = correction
        self.mask = bestMask
        self.size = best.size
        self.dark = best.dark
    }

    /// Whether the module at column `x`, row `y` is dark; anything outside the symbol is light (quiet zone).
    func isDark(x: Int, y: Int) -> Bool {
        (0..<size).contains(x) && (0..<size).contains(y) && dark[y * size + x]
    }

    /// The symbol for a terminal: two module rows per line in half blocks, `quietZone` light modules around it.
    ///
    /// As in `qrencode -t UTF8`, the ink is the *light* modules and the quiet zone: "█" is light over light, "▀" light
    /// over dark, "▄" dark over light, " " dark over dark. On the usual dark-background terminal that shows dark
    /// modules on a light field, as scanners expect. A light-background terminal shows the code inverted. Lines are
    /// joined by "\n" with none at the end; the row below the last, when the height is odd, counts as light.
    func terminalText(quietZone: Int = 2) -> String {
        let margin = max(0, quietZone)
        let span = -margin..<(size + margin)
        return stride(from: span.lowerBound, to: span.upperBound, by: 2).map { top in
            String(
                span.map { x -> Character in
                    switch (isDark(x: x, y: top), isDark(x: x, y: top + 1)) {
                    case (false, false): "█"
                    case (false, true): "▀"
                    case (true, false): "▄"
                    case (true, true): " "
                    }
                })
        }.joined(separator: "\n")
    }

    /// The 15 format bits: level and mask, BCH(15,5) check bits, XOR 0x5412.
    static func formatBits(correction: Correction, mask: Int) -> Int {
        let level =
            switch correction {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        let data = level << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits for versions 7 and up: the version and its BCH(18,6) check bits.
    static func versionBits(version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}

extension QRCode {
    /// Modules under construction, row-major, with the function-pattern cells that data and masks leave alone.
    struct Matrix: Sendable {
        let size: Int
        private(set) var dark: [Bool]
        private var reserved: [Bool]

        /// Centres of alignment patterns along each axis, by version.
        private static let alignmentCentres: [[Int]] = [
            [], [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
        ]

        /// Draws every function pattern of `version`; the format area is reserved but left light.
        init(version: Int) {
            size = 17 + 4 * version
            dark = Array(repeating: false, count: size * size)
            reserved = dark
            for index in 0..<size {
                setFunction(x: 6, y: index, dark: index % 2 == 0)
                setFunction(x: index, y: 6, dark: index % 2 == 0)
            }
            for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                drawSquare(x: x, y: y, radius: 4) { distance in distance != 2 && distance != 4 }
            }
            let centres = Self.alignmentCentres[version]
            for y in centres {
                for x in centres where !(x == 6 && y == 6 || x == 6 && y == centres.last || x == centres.last && y == 6) {
                    drawSquare(x: x, y: y, radius: 2) { distance in distance != 1 }
                }
            }
            drawFormat(0)
            if version >= 7 {
                let bits = QRCode.versionBits(version: version)
                for index in 0..<18 {
                    let bit = (bits >> index) & 1 != 0
                    let (a, b) = (size - 11 + index % 3, index / 3)
                    setFunction(x: a, y: b, dark: bit)
                    setFunction(x: b, y: a, dark: bit)
                }
            }
        }

        private mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
            dark[y * size + x] = isDark
            reserved[y * size + x] = true
        }

        /// A finder (with its separator) or alignment pattern: rings by Chebyshev distance from the centre.
        private mutating func drawSquare(x: Int, y: Int, radius: Int, isDark: (Int) -> Bool) {
            for dy in -radius...radius {
                for dx in -radius...radius where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    setFunction(x: x + dx, y: y + dy, dark: isDark(max(abs(dx), abs(dy))))
                }
            }
        }

        /// Both copies of the 15 format bits, and the dark module beside the bottom-left finder.
        mutating func drawFormat(_ bits: Int) {
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 != 0 }
            for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
            setFunction(x: 8, y: 7, dark: bit(6))
            setFunction(x: 8, y: 8, dark: bit(7))
            setFunction(x: 7, y: 8, dark: bit(8))
            for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
            for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
            for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
            setFunction(x: 8, y: size - 8, dark: true)
        }

        /// Fills the non-function modules with `codewords`, most significant bit first, in the two-column zigzag
        /// from the bottom right; leftover remainder bits stay light.
        mutating func place(_ codewords: [UInt8]) {
            var bitIndex = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                let upward = (right + 1) & 2 == 0
                for step in 0..<size {
                    let y = upward ? size - 1 - step : step
                    for x in [right, right - 1] where !reserved[y * size + x] && bitIndex < codewords.count * 8 {
                        dark[y * size + x] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 != 0
                        bitIndex += 1
                    }
                }
                right -= 2
            }
        }

        /// Inverts the non-function modules where `mask`'s condition holds.
        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !reserved[y * size + x] {
                    let flip =
                        switch mask {
                        case 0: (x + y) % 2 == 0
                        case 1: y % 2 == 0
                        case 2: x % 3 == 0
                        case 3: (x + y) % 3 == 0
                        case 4: (x / 3 + y / 2) % 2 == 0
                        case 5: x * y % 2 + x * y % 3 == 0
                        case 6: (x * y % 2 + x * y % 3) % 2 == 0
                        default: ((x + y) % 2 + x * y % 3) % 2 == 0
                        }
                    if flip { dark[y * size + x].toggle() }
                }
            }
        }

        /// The standard penalty score: long runs, 2×2 blocks, finder-like patterns, and imbalance of dark and light.
        var penalty: Int {
            var score = 0
            for index in 0..<size {
                score += Self.linePenalty((0..<size).map { dark[index * size + $0] })
                score += Self.linePenalty((0..<size).map { dark[$0 * size + index] })
            }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 {
                    let cell = dark[y * size + x]
                    if dark[y * size + x + 1] == cell && dark[(y + 1) * size + x] == cell && dark[(y + 1) * size + x + 1] == cell {
                        score += 3
                    }
                }
            }
            let darkCount = dark.count(where: { $0 })
            return score + abs(darkCount * 100 - dark.count * 50) / (dark.count * 5) * 10
        }

        /// Runs of five or more (3 + excess) and 1:1:3:1:1 patterns with four light modules on either side (40 each).
        private static func linePenalty(_ line: [Bool]) -> Int {
            var score = 0
            var run = 1
            for index in 1..<line.count {
                if line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { score += run - 2 }
            let finder = [true, false, true, true, true, false, true]
            for start in 0...(line.count - 11) {
                let window = line[start..<start + 11]
                if window.prefix(7).elementsEqual(finder) && window.suffix(4).allSatisfy({ !$0 }) { score += 40 }
                if window.prefix(4).allSatisfy({ !$0 }) && window.suffix(7).elementsEqual(finder) { score += 40 }
            }
            return score
        }
    }
}
