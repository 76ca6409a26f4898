import Testing

@testable import StarscopeCLI

/// The QR encoder behind `starscope serve`'s sign-in code. Reference values come from ISO/IEC 18004 tables, the
/// thonky.com QR tutorial, Python's `qrcode` 8.2 (same version and mask forced) and `qrencode` 4.1.1.
@Suite struct QRCodeTests {
    /// The module grid as text, "#" dark and "." light, top row first.
    private func rows(_ code: QRCode) -> [String] {
        (0..<code.size).map { y in String((0..<code.size).map { x in code.isDark(x: x, y: y) ? "#" : "." }) }
    }

    // MARK: Reed–Solomon and codewords

    @Test func errorCorrectionOfTheHelloWorldExample() {
        // "HELLO WORLD" at 1-M (alphanumeric); the Reed–Solomon step does not care about the mode.
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let ec = QRCode.ReedSolomon.remainder(of: data, generator: QRCode.ReedSolomon.generator(degree: 10))
        #expect(ec == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func generatorPolynomialOfDegreeSeven() {
        // x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹
        #expect(QRCode.ReedSolomon.generator(degree: 7) == [127, 122, 154, 164, 11, 68, 117])
        #expect(QRCode.ReedSolomon.multiply(0x80, 2) == 0x1D)
        #expect(QRCode.ReedSolomon.multiply(0x53, 1) == 0x53)
    }

    @Test func codewordsOfASingleBlock() {
        let codewords = QRCode.codewords(Array("hello".utf8), version: 1, correction: .medium)
        #expect(
            codewords == [
                64, 86, 134, 86, 198, 198, 240, 236, 17, 236, 17, 236, 17, 236, 17, 236, 22, 79, 223, 212, 140, 17, 209, 92, 47, 183,
            ])
    }

    @Test func codewordsInterleaveBlocksOfUnequalLength() {
        // 5-Q: two blocks of 15 data codewords, two of 16, each with 18 error correction codewords.
        let codewords = QRCode.codewords(Array("starscope".utf8), version: 5, correction: .quartile)
        #expect(
            codewords == [
                64, 236, 17, 17, 151, 17, 236, 236, 55, 236, 17, 17, 70, 17, 236, 236, 23, 236, 17, 17, 39, 17, 236, 236,
                54, 236, 17, 17, 54, 17, 236, 236, 247, 236, 17, 17, 6, 17, 236, 236, 80, 236, 17, 17, 236, 17, 236, 236,
                17, 236, 17, 17, 236, 17, 236, 236, 17, 236, 17, 17, 236, 236, 105, 37, 135, 135, 180, 156, 147, 147, 205, 6,
                7, 7, 102, 234, 41, 41, 5, 194, 128, 128, 18, 8, 150, 150, 195, 197, 120, 120, 69, 159, 184, 184, 82, 247,
                37, 37, 42, 212, 181, 181, 85, 164, 205, 205, 50, 190, 222, 222, 209, 127, 231, 231, 27, 239, 8, 8, 218, 157,
                44, 44, 60, 235, 81, 81, 212, 208, 173, 173, 55, 219, 80, 80,
            ])
    }

    // MARK: Versions and capacity

    @Test(arguments: [
        (QRCode.Correction.low, [17, 32, 53, 78, 106, 134, 154, 192, 230, 271]),
        (.medium, [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]),
        (.quartile, [11, 20, 32, 46, 60, 74, 86, 108, 130, 151]),
        (.high, [7, 14, 24, 34, 44, 58, 64, 84, 98, 119]),
    ])
    func byteCapacityMatchesTheStandard(correction: QRCode.Correction, capacities: [Int]) {
        #expect((1...10).map { QRCode.capacity(version: $0, correction: correction) } == capacities)
    }

    @Test(arguments: [(1, 1), (14, 1), (15, 2), (42, 3), (43, 4), (122, 7), (150, 8), (152, 8), (153, 9), (213, 10)])
    func smallestVersionThatFits(byteCount: Int, version: Int) throws {
        let code = try QRCode(String(repeating: "a", count: byteCount))
        #expect(code.version == version)
        #expect(code.size == 17 + 4 * version)
    }

    @Test func tooLongThrows() {
        #expect(throws: QRCode.TooLong(byteCount: 214, capacity: 213)) { try QRCode(String(repeating: "a", count: 214)) }
        #expect(throws: QRCode.TooLong(byteCount: 120, capacity: 119)) {
            try QRCode(String(repeating: "a", count: 120), correction: .high)
        }
    }

    @Test func countsUTF8Bytes() throws {
        // "é" is 2 bytes and "✓" 3, so 5 of each is 25 bytes: too many for version 1 (14 bytes at M).
        let text = String(repeating: "é✓", count: 5)
        let code = try QRCode(text)
        #expect(code.version == 2)
        let bytes = try QRCode(bytes: Array(text.utf8), version: 2, mask: code.mask)
        #expect(rows(code) == rows(bytes))
    }

    // MARK: Format and version information

    @Test func formatBits() {
        #expect(QRCode.formatBits(correction: .low, mask: 4) == 0b110011000101111)
        #expect(QRCode.formatBits(correction: .medium, mask: 0) == 0b101010000010010)
        #expect(QRCode.formatBits(correction: .medium, mask: 5) == 0b100000011001110)
        #expect(QRCode.formatBits(correction: .quartile, mask: 6) == 0b010111011011010)
        #expect(QRCode.formatBits(correction: .high, mask: 7) == 0b000100000111011)
    }

    @Test func versionBits() {
        #expect(QRCode.versionBits(version: 7) == 0b000111110010010100)
        #expect(QRCode.versionBits(version: 10) == 0b001010010011010011)
    }

    @Test(arguments: QRCode.Correction.allCases)
    func bothFormatCopiesAreInTheSymbol(correction: QRCode.Correction) throws {
        let code = try QRCode("https://starscope.example/signin", correction: correction)
        let n = code.size
        // Most significant bit first, in the order ISO/IEC 18004 places them.
        let first = [
            (0, 8), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (7, 8), (8, 8), (8, 7), (8, 5), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0),
        ]
        let second = (0..<7).map { (8, n - 1 - $0) } + (0..<8).map { (n - 8 + $0, 8) }
        let expected = QRCode.formatBits(correction: correction, mask: code.mask)
        for positions in [first, second] {
            let bits = positions.reduce(0) { bits, position in bits << 1 | (code.isDark(x: position.0, y: position.1) ? 1 : 0) }
            #expect(bits == expected)
        }
    }

    @Test func bothVersionCopiesAreInTheSymbol() throws {
        let code = try QRCode(String(repeating: "v", count: 150))
        #expect(code.version == 8)
        let n = code.size
        var bottomLeft = 0
        var topRight = 0
        for index in (0..<18).reversed() {
            bottomLeft = bottomLeft << 1 | (code.isDark(x: index / 3, y: n - 11 + index % 3) ? 1 : 0)
            topRight = topRight << 1 | (code.isDark(x: n - 11 + index % 3, y: index / 3) ? 1 : 0)
        }
        #expect(bottomLeft == QRCode.versionBits(version: 8))
        #expect(topRight == QRCode.versionBits(version: 8))
    }

    // MARK: Function patterns

    @Test(arguments: [1, 7, 10])
    func finderTimingAndDarkModule(version: Int) throws {
        let code = try QRCode(bytes: Array("starscope".utf8), version: version)
        let n = code.size
        let finder = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]
        func block(x: Int, y: Int) -> [String] {
            (y..<y + 7).map { row in String((x..<x + 7).map { code.isDark(x: $0, y: row) ? "#" : "." }) }
        }
        #expect(block(x: 0, y: 0) == finder)
        #expect(block(x: n - 7, y: 0) == finder)
        #expect(block(x: 0, y: n - 7) == finder)
        #expect(block(x: n - 7, y: n - 7) != finder)
        // Separators: the light ring just inside each finder's open sides.
        #expect((0..<8).allSatisfy { !code.isDark(x: $0, y: 7) && !code.isDark(x: 7, y: $0) })
        #expect((0..<8).allSatisfy { !code.isDark(x: n - 1 - $0, y: 7) && !code.isDark(x: n - 8, y: $0) })
        #expect((0..<8).allSatisfy { !code.isDark(x: $0, y: n - 8) && !code.isDark(x: 7, y: n - 1 - $0) })
        // Timing patterns alternate, dark on even indices.
        #expect((8..<n - 8).allSatisfy { code.isDark(x: $0, y: 6) == ($0 % 2 == 0) })
        #expect((8..<n - 8).allSatisfy { code.isDark(x: 6, y: $0) == ($0 % 2 == 0) })
        #expect(code.isDark(x: 8, y: n - 8))
        #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 0, y: n))
    }

    @Test(arguments: 0..<8)
    func everyMaskKeepsTheDarkModule(mask: Int) throws {
        let code = try QRCode(bytes: Array("starscope".utf8), correction: .low, version: 2, mask: mask)
        #expect(code.mask == mask)
        #expect(code.isDark(x: 8, y: code.size - 8))
    }

    /// In version 1, rows and columns 9...20 hold only data, so two masks of the same data differ there exactly where
    /// one of the two ISO/IEC 18004 mask conditions holds (i is the row, j the column).
    @Test(arguments: 1..<8)
    func maskPatternsFollowTheStandard(mask: Int) throws {
        let conditions: [(Int, Int) -> Bool] = [
            { i, j in (i + j) % 2 == 0 },
            { i, _ in i % 2 == 0 },
            { _, j in j % 3 == 0 },
            { i, j in (i + j) % 3 == 0 },
            { i, j in (i / 2 + j / 3) % 2 == 0 },
            { i, j in (i * j) % 2 + (i * j) % 3 == 0 },
            { i, j in ((i * j) % 2 + (i * j) % 3) % 2 == 0 },
            { i, j in ((i + j) % 2 + (i * j) % 3) % 2 == 0 },
        ]
        let bytes = Array("starscope".utf8)
        let plain = try QRCode(bytes: bytes, correction: .low, version: 1, mask: 0)
        let masked = try QRCode(bytes: bytes, correction: .low, version: 1, mask: mask)
        for i in 9..<21 {
            for j in 9..<21 {
                let differs = plain.isDark(x: j, y: i) != masked.isDark(x: j, y: i)
                #expect(differs == (conditions[0](i, j) != conditions[mask](i, j)), "row \(i), column \(j)")
            }
        }
    }

    /// Scores per mask from Python `qrcode`'s `lost_point` on the finished symbols (format information included).
    @Test func penaltyScoresMatchReference() {
        let codewords = QRCode.codewords(Array("https://starscope.example/signin?code=ABCD1234".utf8), version: 4, correction: .medium)
        var base = QRCode.Matrix(version: 4)
        base.place(codewords)
        let scores = (0..<8).map { mask in
            var matrix = base
            matrix.apply(mask: mask)
            matrix.drawFormat(QRCode.formatBits(correction: .medium, mask: mask))
            return matrix.penalty
        }
        #expect(scores == [958, 868, 761, 882, 1023, 837, 774, 837])
    }

    // MARK: Whole symbols against an independent encoder

    /// Python `qrcode` 8.2, byte mode, version 4, level M, mask 2; mask 2 also scores lowest under the standard penalty.
    @Test func version4MatchesReference() throws {
        let code = try QRCode("https://starscope.example/signin?code=ABCD1234")
        #expect(code.version == 4)
        #expect(code.mask == 2)
        #expect(
            rows(code) == [
                "#######..#...#..######.#..#######",
                "#.....#.....######..#.....#.....#",
                "#.###.#.##..##..###..####.#.###.#",
                "#.###.#.####..###...#.....#.###.#",
                "#.###.#.#..###.#.##..####.#.###.#",
                "#.....#.#.#######...#...#.#.....#",
                "#######.#.#.#.#.#.#.#.#.#.#######",
                "........###.#..#.....####........",
                "#.#####..##..###.#....#...#####..",
                ".#..##..#..#....#..###.#..##.##.#",
                ".#.#..###..##..##.#..##.#...#.##.",
                "#..##..#.##.#.##.....#.###..#####",
                "#.#####.#.#.......##.#...#.#.#.##",
                "..####..##....###...#..##.....###",
                "#.###.#..#.#..#...##..#..##..#.#.",
                ".##.##.#..#####.#.#####.###.###..",
                "#.....#########..#.##.#..#.##...#",
                "##.##..##..#....#####.##.###.####",
                "#....###.###.#####..#.#....##.#..",
                "#.##.....###.....##.#...#.#####.#",
                "###.###.#.#######...###..#..##.##",
                "#..#...##.##.#.#.##..#.##..#.#..#",
                "#.#...###.###.###...##..#....#.#.",
                "#.#....#..###.##..#..#...##..##.#",
                "#..#.##.#..#.#####....#.#####..##",
                "........#.###.#.#.####..#...#.#.#",
                "#######....#...##.#..#.##.#.#.##.",
                "#.....#.#.#.....#..######...####.",
                "#.###.#.##..###...##.#..######..#",
                "#.###.#.##.#..###...###.##..###.#",
                "#.###.#.#.#.#......#.#######..#..",
                "#.....#....###..#..####.#...###..",
                "#######.#.#......###...#####...#.",
            ])
    }

    /// Python `qrcode` 8.2, byte mode, version 7 (with version information), level M, mask 2.
    @Test func version7MatchesReference() throws {
        let code = try QRCode("http://192.168.1.20:8080/signin?code=" + String(repeating: "ABCDEFGH12345678", count: 5) + "abc")
        #expect(code.version == 7)
        #expect(code.mask == 2)
        #expect(
            rows(code) == [
                "#######....###.#..##.#.....#..#..#..#.#######",
                "#.....#...##..#####.###.###.....##.#..#.....#",
                "#.###.#.#.##.#.#.###....#...#....#.#..#.###.#",
                "#.###.#.#.....#..##.##..####..##...##.#.###.#",
                "#.###.#.###..##...#######.....##.####.#.###.#",
                "#.....#.##...#####..#...###..#.#.#....#.....#",
                "#######.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#######",
                "........##.##.#.#..##...#.#.###..##..........",
                "#.#####..#......##.######.##.#.#....#.#####..",
                ".####..#.#......#.##.#.#...#.##.##.##..###.##",
                "..#..#####.#..####......####..##..###.####.#.",
                "..##.#.##..#.##........#.#..###..#..##..###..",
                ".##########..###.#####.##.##...#..#.##.#....#",
                "..###...#.#######....##.#..######..##..#..###",
                ".#..#.##....##...##..#.#####..##.#...##......",
                "..#......###.....#.#....##..##.###..##..#.#..",
                "#.#...#..###....###..##..#.#.....###..##.#..#",
                ".......##.....#...##..#.#...#.#.#...#.....###",
                ".######..#.#..##.##...######.#.#.#.####..##..",
                "#####...#.#.##..#..#...###..#.#..#..##.##.##.",
                "....#####.##.#.#.########..#.###...#######...",
                "#..##...###.......#.#...#..#..#....##...#####",
                "##..#.#.##..##.##.###.#.###..#.#.#..#.#.#.#..",
                "#.###...##..#.#.###.#...#.#.#....#..#...###.#",
                "#..########.#.#.#.#.#####..#..##.#########.##",
                "#.##...#..#.#.#######.#.#..##.##.#.#.#....#.#",
                "##...##..##.#.##.#..##.#.###.#.#.##.#..#.#.#.",
                "##.#...##.##..#.#.....#.##..###......##..##..",
                ".#..#.#.#........#.#....####.#.#.#..###.#...#",
                "#.#.##.####.#..#..####.......##.#...####..#..",
                "###.###..#..#...#.#..#.#.###..##.#.##..#.#.#.",
                ".##.#..#.......#...#.##.##..#.####....##..###",
                ".##..##..#.#.#.#..........##.##...#..##.##.#.",
                "#.#.##.#..##..#..##.##.##..##.##....##.#..###",
                "....#.#.###.#....#..##.#.###.....#...#..#....",
                ".####....#.##.###..#....##..#.#..#.##..#..#..",
                "#..##.##.#..##.#..#.######.#...#.##.######..#",
                "........#....#..#...#...#...#.###..##...###.#",
                "#######.....###.#...#.#.####.#...#.##.#.#.##.",
                "#.....#.#####.####.##...#...#.#...###...####.",
                "#.###.#.#..###....#.#####..#.###.#########..#",
                "#.###.#.#.#####.#.#....#...##.#..#.#.#..##.##",
                "#.###.#.##...#.#.#.#.######.##.#..#.####.#.#.",
                "#.....#..#..........##..#.#.#..........#.##..",
                "#######.#..#.###..##..###..#..##...####....#.",
            ])
    }

    // MARK: Terminal text

    @Test(arguments: [0, 1, 2, 4])
    func terminalTextDimensions(quietZone: Int) throws {
        let code = try QRCode("http://192.168.1.20:8080/signin?code=ABCDEFGH12345678")
        let lines = code.terminalText(quietZone: quietZone).split(separator: "\n", omittingEmptySubsequences: false)
        let width = code.size + 2 * quietZone
        #expect(lines.count == (width + 1) / 2)
        #expect(lines.allSatisfy { $0.count == width && $0.allSatisfy { "█▀▄ ".contains($0) } })
    }

    @Test func terminalTextInksLightModules() throws {
        let code = try QRCode("http://192.168.1.20:8080/signin?code=ABC")
        let lines = code.terminalText(quietZone: 0).split(separator: "\n")
        // Rows 0 and 1 of the top-left finder: dark over dark, then dark over light.
        #expect(lines.first?.prefix(2) == " ▄")
        // Quiet zone rows are all light, so all full blocks.
        let padded = code.terminalText(quietZone: 2).split(separator: "\n")
        #expect(padded.first?.allSatisfy { $0 == "█" } == true)
        #expect(padded.last?.allSatisfy { $0 == "█" } == true)
    }

    /// `qrencode -t UTF8 -m 2 -8 -l M 'http://192.168.1.20:8080/signin?code=ABC'`, which also picks version 3, mask 2.
    @Test func terminalTextMatchesQrencode() throws {
        let code = try QRCode("http://192.168.1.20:8080/signin?code=ABC")
        #expect(
            code.terminalText()
                == [
                    "█████████████████████████████████",
                    "██ ▄▄▄▄▄ ██ ▄█▄▄ ▀▀▄▀▄██ ▄▄▄▄▄ ██",
                    "██ █   █ █ ▀█▀▀█  ▄▀ █▀█ █   █ ██",
                    "██ █▄▄▄█ █ ██▄▄██▀▄█▀▄██ █▄▄▄█ ██",
                    "██▄▄▄▄▄▄▄█ █ ▀▄█ ▀ █ █▄█▄▄▄▄▄▄▄██",
                    "██▄▀▄ ▄▄▄██▄  ▀█▄▄▀   ▄█ ▄ ▄▄█▀██",
                    "██▀███▀▄▄▀▀█▄ ▀▄█▄ ▄█▀█▀▀▄ ██▀███",
                    "███▄ ▄ █▄█ ▄ ▀██▄█▀▄█ ▄▄▀▄▀▄ █▀██",
                    "██ ▄▄█ █▄ ▄▀ ▄ ▄▀▄▄▄▄██ ▄▀██▄▀███",
                    "██▀ ▀██▄▄▄▄████▀█▄▀ ▀▀▄ ▀█▀▀ █▀██",
                    "██ █▀█▄▀▄▀▄▄ ██ ▄▄ █▄▀█▀ █▀▄▄▀███",
                    "██▄████▄▄█ ▄▀▀▀█▄█▄▄▀▀ ▄▄▄ ▀   ██",
                    "██ ▄▄▄▄▄ █▀▀ ▄██▀▄▀▄█▄ █▄█ ▄▄▀███",
                    "██ █   █ █ ▄▀▀▀▀▀█▀ ▀█  ▄ ▄▄▄  ██",
                    "██ █▄▄▄█ █▄▄▀█▀▀▄ ▄▄▀▄ ▀▄▀ ▄█ ███",
                    "██▄▄▄▄▄▄▄█▄▄▄██▄███▄███████▄▄████",
                    "█████████████████████████████████",
                ].joined(separator: "\n"))
    }
}
