import TrellisModel
import TrellisSyntax

/// A key of a grid that the layout rules point at.
public enum LayoutKey: Sendable, Equatable {
    /// `size`.
    case size
    /// The grid's split: `cols` when it splits into columns, else `rows`.
    case split
    /// The key of a borderline along `edge` (`top-borderline`, …).
    case borderline(Edge)

    /// The grid key on a grid whose split is `axis` (a ``LayoutTree`` axis value).
    public func gridKey(axis: UInt8) -> GridKey {
        switch self {
        case .size: return .size
        case .split: return axis == LayoutTree.cols ? .cols : .rows
        case .borderline(let edge): return edge.gridKey
        }
    }
}

/// Where a JSON grid's key was written, as reports point at it: the key, or (an object
/// without it) the object's first byte, or (a grid written as no object) the grid's range.
package enum KeyPlace: Equatable, Sendable {
    case at(Range<Int>)
    case absentFromObject
    case notAnObject

    /// The span a report points at, for a grid written at `source`.
    package func span(source: Range<Int>?) -> Range<Int> {
        let whole = source ?? 0..<0
        switch self {
        case .at(let range): return range
        case .absentFromObject: return whole.lowerBound..<min(whole.upperBound, whole.lowerBound + 1)
        case .notAnObject: return whole
        }
    }

    /// Where `key` is in the grid written as `value` (its last member of that name, the one
    /// the runtime reads).
    package static func of(_ key: GridKey, in value: JSONNode) -> KeyPlace {
        guard value.type == .object else { return .notAnObject }
        return value.member(key.jsonName).map { .at($0.keyRange) } ?? .absentFromObject
    }
}

extension LayoutTree {
    /// The places of one key of every grid of a JSON layout, 6 bytes a grid: a start and a
    /// length, or a mark (a place that does not fit is kept aside).
    struct KeyPlaceColumn: Equatable, Sendable {
        var starts: [UInt32] = []
        var lengths: [UInt16] = []
        var aside: [Int: Range<Int>] = [:]

        static let absent = UInt32.max
        static let notAnObject = UInt32.max - 1
        static let keptAside = UInt32.max - 2

        subscript(grid: Int) -> KeyPlace {
            switch starts[grid] {
            case Self.absent: return .absentFromObject
            case Self.notAnObject: return .notAnObject
            case Self.keptAside: return aside[grid].map { .at($0) } ?? .notAnObject
            case let start: return .at(Int(start)..<(Int(start) + Int(lengths[grid])))
            }
        }

        /// Room for `count` places.
        mutating func reserve(_ count: Int) {
            starts.reserveCapacity(count)
            lengths.reserveCapacity(count)
        }

        /// Appends a place: its start and length, or a mark (a range that does not fit is
        /// kept aside).
        mutating func append(_ place: KeyPlace) {
            switch place {
            case .absentFromObject: starts.append(Self.absent)
            case .notAnObject: starts.append(Self.notAnObject)
            case .at(let range):
                if let start = UInt32(exactly: range.lowerBound), start < Self.keptAside, let length = UInt16(exactly: range.count) {
                    starts.append(start)
                    lengths.append(length)
                    return
                }
                aside[starts.count] = range
                starts.append(Self.keptAside)
            }
            lengths.append(0)
        }
    }

    /// Where the keys the layout rules point at were written, for a tree read from JSON (its
    /// reports then need no syntax, which `check` drops before the layout passes); nil for
    /// other trees, whose spans come from the Trellis syntax tree.
    public func place(of key: LayoutKey, grid: Int) -> Range<Int>? {
        guard let keyPlaces, grid >= 0, grid < count else { return nil }
        switch key {
        case .size: return keyPlaces.size[grid].span(source: sources[grid])
        case .split: return keyPlaces.split[grid].span(source: sources[grid])
        case .borderline(let edge):
            guard firstBorderline[grid] == edge, let place = keyPlaces.borderline(of: grid) else { return nil }
            return place.span(source: sources[grid])
        }
    }

    /// Whether the tree records where its keys were written (it was read from JSON).
    public var recordsKeyPlaces: Bool { keyPlaces != nil }

    /// The key places of a tree read from JSON.
    struct KeyPlaces: Equatable, Sendable {
        var size = KeyPlaceColumn()
        var split = KeyPlaceColumn()
        /// The grids with a borderline, in order, and the place of each one's first
        /// borderline's key.
        var borderlineGrids: [Int32] = []
        var borderlines = KeyPlaceColumn()

        /// The place of grid `grid`'s first borderline's key, found by binary search.
        func borderline(of grid: Int) -> KeyPlace? {
            let low = lowerBound(grid)
            guard low < borderlineGrids.count, Int(borderlineGrids[low]) == grid else { return nil }
            return borderlines[low]
        }

        /// The position of the first grid with a borderline at `grid` or after it.
        func lowerBound(_ grid: Int) -> Int { borderlineGrids.firstPosition(atOrAfter: grid) }

        /// Adds the place of grid `grid`'s first borderline's key (grids come in order).
        mutating func appendBorderline(_ place: KeyPlace, of grid: Int) {
            borderlineGrids.append(Int32(truncatingIfNeeded: grid))
            borderlines.append(place)
        }
    }
}
