/// Copying a subtree from another arena: how a file takes in a template another file lowered.
extension GridArena {
    /// `record` of `other`, with its subtree copied into this arena (a block of children that
    /// `other` shares, as the copies of `* N` share one, is copied once) and every copied
    /// grid's source set to `source` (the grids were written in another file). The record
    /// itself is returned, not appended. Recursion is as deep as the subtree, which the
    /// lowering that built it bounded (``Lowering/maximumNesting``).
    mutating func copy(_ record: Record, from other: GridArena, source: Range<Int>) -> Record {
        var copiedBlocks: [UInt64: UInt32] = [:]
        return copy(record, from: other, source: source, copiedBlocks: &copiedBlocks)
    }

    private mutating func copy(_ original: Record, from other: GridArena, source: Range<Int>, copiedBlocks: inout [UInt64: UInt32]) -> Record {
        var record = original
        record.gravity = copy(original.gravity, from: other)
        record.action = copy(original.action, from: other)
        record.setSource(source)
        if original.rare != 0 {
            var fields = other.rare[Int(original.rare)]
            fields.overlap = copy(fields.overlap, from: other)
            if fields.borderlineCount > 0 {
                let start = borderlines.count
                for line in other.borderlines[fields.borderlineRun] {
                    var stored = line
                    stored.color = copy(line.color, from: other)
                    borderlines.append(stored)
                }
                fields.borderlineStart = UInt32(start)
            }
            if fields.values != 0 {
                let values = other.rareValues[Int(fields.values)]
                fields.values = UInt32(rareValues.count)
                rareValues.append(values)
            }
            record.rare = UInt32(rare.count)
            rare.append(fields)
        }
        if original.childCount > 0 {
            let key = UInt64(original.firstChild) << 32 | UInt64(original.childCount)
            if let first = copiedBlocks[key] {
                record.firstChild = first
            } else {
                let block = other.records[original.children].map { copy($0, from: other, source: source, copiedBlocks: &copiedBlocks) }
                // SAFETY: the whole block is copied inside the closure.
                let range = block.withUnsafeBufferPointer { append(block: $0) }
                copiedBlocks[key] = UInt32(range.lowerBound)
                record.firstChild = UInt32(range.lowerBound)
            }
        }
        return record
    }

    private mutating func copy(_ span: TextSpan, from other: GridArena) -> TextSpan {
        guard !span.isNone else { return span }
        let start = text.count
        text.append(contentsOf: other.text[span.range])
        return TextSpan(start: UInt32(start), count: span.count)
    }
}
