/// Words and near misses of them (the last letter dropped, up to two letters added), for
/// holding a byte matcher to the list it was compiled from.
public enum NearMisses {
    /// `words`, `extra`, and `count` random samples: half of them start from a word.
    public static func samples(of words: [String], extra: [String], letters: String, seed: UInt64, count: Int = 20_000) -> [String] {
        var random = SeededRandom(seed: seed)
        let letters = Array(letters.unicodeScalars).map(String.init)
        var samples = words + extra
        for _ in 0..<count {
            var text = random.chance(50) ? random.pick(words) : ""
            if random.chance(50), !text.isEmpty { text.removeLast() }
            for _ in 0..<Int.random(in: 0..<3, using: &random) { text += random.pick(letters) }
            samples.append(text)
        }
        return samples
    }
}
