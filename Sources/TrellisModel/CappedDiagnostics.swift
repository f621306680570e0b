import TrellisSyntax

/// Findings collected under ``DiagnosticCap``'s limit as they are made: of each code only the
/// ``DiagnosticCap/maximumPerRule`` written first in the file are kept (the ones the cap
/// shows), the others are counted, and a finding that will not be shown never has its message
/// built. `DiagnosticCap.capped(collected.kept, scope:, alsoFound: collected.dropped)` then
/// shows what capping every finding would have shown.
public struct CappedDiagnostics: Sendable {
    /// Per code, the kept findings with the order they were made in (ties in position keep it).
    private var keptByCode: [DiagnosticCode: [(order: Int, diagnostic: Diagnostic)]] = [:]
    /// Per code, how many findings were made but not kept.
    public private(set) var dropped: [DiagnosticCode: Int] = [:]
    private var made = 0

    public init() {}

    /// Adds a finding of `code` at `range`; `diagnostic` is built only if it is kept.
    public mutating func add(_ code: DiagnosticCode, at range: Range<Int>, _ diagnostic: () -> Diagnostic) {
        made += 1
        let order = made
        guard let last = lastPlacedIfFull(code) else {
            keptByCode[code, default: []].append((order, diagnostic()))
            return
        }
        // Full: the new finding takes the place of the last-placed kept one if written before it.
        dropped[code, default: 0] += 1
        guard range.lowerBound < last.lowerBound else { return }
        keptByCode[code]?[last.index] = (order, diagnostic())
    }

    /// When `code` has all it may keep: the kept finding written last (and made last among
    /// those written at the same place), with its position.
    private func lastPlacedIfFull(_ code: DiagnosticCode) -> (index: Int, lowerBound: Int)? {
        guard let kept = keptByCode[code], kept.count >= DiagnosticCap.maximumPerRule else { return nil }
        var last = 0
        for index in kept.indices where Self.isBefore(kept[last], kept[index]) { last = index }
        return (last, kept[last].diagnostic.range.lowerBound)
    }

    /// The kept findings in the order they were made.
    public var kept: [Diagnostic] {
        keptByCode.values.joined().sorted { $0.order < $1.order }.map { $0.diagnostic }
    }

    private static func isBefore(_ one: (order: Int, diagnostic: Diagnostic), _ other: (order: Int, diagnostic: Diagnostic)) -> Bool {
        (one.diagnostic.range.lowerBound, one.order) < (other.diagnostic.range.lowerBound, other.order)
    }
}
