import TrellisSyntax

/// What reading a JSON text kept so that an editor's next text of the same document can be
/// read again object by object (`JSONReader.reread`).
public struct ReusableJSONRead: Sendable {
    /// The value read.
    let root: JSONNode
    /// The reader's findings, before the cap.
    let diagnostics: [Diagnostic]
    let hasSpaceKey: Bool
    let hasSpacingKey: Bool
    /// The index of the value read again to make this reading, and the index past its last
    /// descendant (nil: the whole text was read).
    public let reread: Range<Int>?
    /// Whether the text read is UTF-8 (not transcoded) and valid.
    var validUTF8 = false

    /// The text read (a file in UTF-16 or UTF-32 as UTF-8).
    public var text: [UInt8] { root.syntax.bytes }

    /// Nil for a reading that found no value.
    init?(_ result: JSONReadResult, reread: Range<Int>? = nil) {
        guard let root = result.root else { return nil }
        self.root = root
        diagnostics = result.diagnostics
        hasSpaceKey = result.hasSpaceKey
        hasSpacingKey = result.hasSpacingKey
        self.reread = reread
    }
}

extension JSONReader {
    /// The reading of `bytes`, the new text of `edit`, made from `previous`, the reading of its
    /// old text, by reading again only the object written at `object` in the old text (the
    /// edit lies inside its brackets): the same values and findings as reading the whole text,
    /// but for the losses, which it does not list, the order of the findings (the object's
    /// come where its old ones were, else last) and the numbers of the replaced values, which
    /// stay in the numbers column. Nil when that cannot be told: a finding straddles the
    /// object; the object's new text does not read as one object ending where the edit moved
    /// its end; reading it, or the old reading of it, met an error (the first error of a file
    /// carries a note); it gains or loses a `space` or `spacing` key (what the dialect is
    /// detected from); or the numbers kept aside outgrow the values (a whole reading drops
    /// those of replaced values).
    static func reread(_ bytes: [UInt8], previous: ReusableJSONRead, edit: ByteEdit, object: Range<Int>) -> (JSONReadResult, ReusableJSONRead)? {
        let syntax = previous.root.syntax
        guard bytes.count <= maximumBytes, object.lowerBound + 1 <= edit.range.lowerBound, edit.range.upperBound + 1 <= object.upperBound,
            let (index, depth, ancestors) = syntax.path(to: object),
            let kept = previous.diagnostics.split(around: object, movedBy: edit), !kept.inside.contains(where: { $0.severity == .error })
        else { return nil }
        var reader = JSONReaderState(bytes: bytes, reserving: (object.count + edit.delta) / 16 + 4)
        reader.index = object.lowerBound
        reader.readValue(depth: depth)
        let end = syntax.subtreeEnd(index)
        guard reader.index == object.upperBound + edit.delta, reader.entries.first?.kind == .object,
            !reader.diagnostics.contains(where: { $0.severity == .error }),
            syntax.spacingKeys(in: (index + 1)..<end) == (reader.sawSpaceKey, reader.sawSpacingKey),
            syntax.numbers.count + reader.numbers.count <= syntax.entries.count + reader.entries.count
        else { return nil }
        let spliced = syntax.replacing(index..<end, with: reader, ancestors: ancestors, delta: edit.delta)
        var diagnostics = kept.before
        diagnostics += reader.diagnostics
        diagnostics += kept.after
        let result = JSONReadResult(
            root: JSONNode(spliced, 0), diagnostics: diagnostics, hasSpaceKey: previous.hasSpaceKey, hasSpacingKey: previous.hasSpacingKey)
        guard let reading = ReusableJSONRead(result, reread: index..<(index + reader.entries.count)) else { return nil }
        return (result, reading)
    }
}

extension JSONSyntax {
    /// The index of the object written at `range`, how deep it is, and the containers that
    /// hold it (nil when no object is written there).
    fileprivate func path(to range: Range<Int>) -> (index: Int, depth: Int, ancestors: [Int])? {
        guard !entries.isEmpty else { return nil }
        var index = 0
        var ancestors: [Int] = []
        while true {
            let entry = entries[index]
            guard Int(entry.start) <= range.lowerBound, range.upperBound <= Int(entry.end) else { return nil }
            if Int(entry.start) == range.lowerBound, Int(entry.end) == range.upperBound, entry.kind == .object {
                return (index, ancestors.count, ancestors)
            }
            guard entry.kind == .object || entry.kind == .array,
                let child = JSONChildren(syntax: self, parent: index).first(where: {
                    Int(entries[$0].start) <= range.lowerBound && range.upperBound <= Int(entries[$0].end)
                })
            else { return nil }
            ancestors.append(index)
            index = child
        }
    }

    /// Whether the values `indices` hold a `space` key, and a `spacing` key.
    fileprivate func spacingKeys(in indices: Range<Int>) -> (Bool, Bool) {
        var space = false
        var spacing = false
        for index in indices {
            let entry = entries[index]
            guard entry.keyDistance != 0 || entry.flags & Entry.keyElsewhere != 0 else { continue }
            switch GridSchema.spacingIsLegacy(key(index)) {
            case true?: space = true
            case false?: spacing = true
            case nil: break
            }
        }
        return (space, spacing)
    }

    /// This syntax with the values `replaced` (a value and its descendants) replaced by those
    /// `reader` read from the new text (`delta` bytes longer), `ancestors` holding them.
    fileprivate func replacing(_ replaced: Range<Int>, with reader: JSONReaderState, ancestors: [Int], delta: Int) -> JSONSyntax {
        let countDelta = reader.entries.count - replaced.count
        let numberBase = UInt32(numbers.count)
        let first = UInt32(replaced.lowerBound)
        func moved(_ offset: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: Int(offset) + delta) }
        var spliced: [Entry] = []
        spliced.reserveCapacity(entries.count + countDelta)
        spliced += entries[..<replaced.lowerBound]
        for ancestor in ancestors {
            spliced[ancestor].end = moved(spliced[ancestor].end)
            spliced[ancestor].payload = UInt32(truncatingIfNeeded: Int(spliced[ancestor].payload) + countDelta)
        }
        for var entry in reader.entries {
            // Indices below the values' count, which is below the file's size (`maximumBytes`).
            if entry.isContainer { entry.payload &+= first }
            if entry.kind == .number, entry.flags & Entry.wholeNumber == 0 { entry.payload &+= numberBase }
            spliced.append(entry)
        }
        let after = spliced.count
        spliced += entries[replaced.upperBound...]
        let shift = UInt32(truncatingIfNeeded: delta)
        let payloadShift = UInt32(truncatingIfNeeded: countDelta)
        // SAFETY: `index` runs from a count of values the buffer holds to its end.
        spliced.withUnsafeMutableBufferPointer { buffer in
            for index in after..<buffer.count {
                buffer[index].start &+= shift
                buffer[index].end &+= shift
                if buffer[index].isContainer { buffer[index].payload &+= payloadShift }
            }
        }
        var decoded: [Int: String] = [:]
        for (key, text) in self.decoded {
            let index = key >> 1
            if index < replaced.lowerBound { decoded[key] = text } else if index >= replaced.upperBound { decoded[key + (countDelta << 1)] = text }
        }
        for (key, text) in reader.decoded { decoded[key + (replaced.lowerBound << 1)] = text }
        // The object's own key, written before it, is the old entry's.
        let own = entries[replaced.lowerBound]
        spliced[replaced.lowerBound].keyDistance = own.keyDistance
        spliced[replaced.lowerBound].keySpelling = own.keySpelling
        spliced[replaced.lowerBound].flags |= own.flags & (Entry.decodedKey | Entry.keyElsewhere)
        if let key = self.decoded[replaced.lowerBound << 1 | 1] { decoded[replaced.lowerBound << 1 | 1] = key }
        var keysElsewhere: [Int: Range<UInt32>] = [:]
        for (index, range) in self.keysElsewhere {
            if index < replaced.lowerBound {
                keysElsewhere[index] = range
            } else if index >= replaced.upperBound {
                keysElsewhere[index + countDelta] = moved(range.lowerBound)..<moved(range.upperBound)
            }
        }
        for (index, range) in reader.keysElsewhere { keysElsewhere[index + replaced.lowerBound] = range }
        if let range = self.keysElsewhere[replaced.lowerBound] { keysElsewhere[replaced.lowerBound] = range }
        return JSONSyntax(bytes: reader.bytes, entries: spliced, numbers: numbers + reader.numbers, decoded: decoded, keysElsewhere: keysElsewhere)
    }
}
