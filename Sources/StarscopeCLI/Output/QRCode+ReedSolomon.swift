extension QRCode {
    /// Reed–Solomon error correction over GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1.
    enum ReedSolomon {
        /// Product of `a` and `b` in GF(256).
        static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
            var result: UInt8 = 0
            var a = a
            var b = b
            while b != 0 {
                if b & 1 != 0 { result ^= a }
                a = a & 0x80 != 0 ? (a << 1) ^ 0x1D : a << 1
                b >>= 1
            }
            return result
        }

        /// Coefficients of ∏(x − αⁱ) for i in 0..<degree, highest power first, without the leading 1.
        static func generator(degree: Int) -> [UInt8] {
            var coefficients = [UInt8](repeating: 0, count: degree)
            guard degree > 0 else { return coefficients }
            coefficients[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for index in 0..<degree {
                    coefficients[index] = multiply(coefficients[index], root)
                    if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
                }
                root = multiply(root, 2)
            }
            return coefficients
        }

        /// Error correction codewords for `data`: the remainder of data(x) · x^degree divided by the generator.
        static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: generator.count)
            guard !generator.isEmpty else { return result }
            for byte in data {
                let factor = byte ^ result[0]
                result.removeFirst()
                result.append(0)
                for index in result.indices { result[index] ^= multiply(generator[index], factor) }
            }
            return result
        }
    }

    /// Most UTF-8 bytes a symbol of `version` holds at `correction` in byte mode.
    static func capacity(version: Int, correction: Correction) -> Int {
        (dataCodewordCount(version: version, correction: correction) * 8 - 4 - countBits(version: version)) / 8
    }

    /// Width of the byte-mode character count field.
    static func countBits(version: Int) -> Int { version < 10 ? 8 : 16 }

    /// All codewords in a symbol of `version`: its modules left once function patterns are drawn, over 8.
    static func totalCodewordCount(version: Int) -> Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    static func dataCodewordCount(version: Int, correction: Correction) -> Int {
        let (perBlock, blocks) = errorCorrection(version: version, correction: correction)
        return totalCodewordCount(version: version) - perBlock * blocks
    }

    /// Error correction codewords per block and the number of blocks (ISO/IEC 18004 table 9).
    static func errorCorrection(version: Int, correction: Correction) -> (perBlock: Int, blocks: Int) {
        let (perBlock, blocks): ([Int], [Int]) =
            switch correction {
            case .low: ([0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18], [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4])
            case .medium: ([0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26], [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5])
            case .quartile: ([0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24], [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8])
            case .high: ([0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28], [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8])
            }
        return (perBlock[version], blocks[version])
    }

    /// The codewords in placement order: byte-mode data padded to capacity and split into blocks, the blocks'
    /// data interleaved, then their error correction interleaved. `bytes` must fit (see `capacity`).
    static func codewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
        let dataCount = dataCodewordCount(version: version, correction: correction)
        var bits: [Bool] = []
        func append(_ value: Int, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 != 0) }
        }
        append(0b0100, count: 4)
        append(bytes.count, count: countBits(version: version))
        for byte in bytes { append(Int(byte), count: 8) }
        append(0, count: max(0, min(4, dataCount * 8 - bits.count)))
        append(0, count: (8 - bits.count % 8) % 8)
        var data = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while data.count < dataCount {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }

        let (ecCount, blockCount) = errorCorrection(version: version, correction: correction)
        let total = totalCodewordCount(version: version)
        let shortBlocks = blockCount - total % blockCount
        let shortLength = total / blockCount - ecCount
        let generator = ReedSolomon.generator(degree: ecCount)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index < shortBlocks ? 0 : 1)
            dataBlocks.append(Array(data[start..<start + length]))
            start += length
        }
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder(of: $0, generator: generator) }

        var result: [UInt8] = []
        result.reserveCapacity(total)
        for index in 0...shortLength {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<ecCount {
            for block in ecBlocks { result.append(block[index]) }
        }
        return result
    }
}
