extension ByteEdit {
    /// The one edit that turns `old` into `new`: what lies between their longest common
    /// prefix and their longest common suffix (the two never overlap). Any number of edits
    /// between two texts come down to this one region, and a byte outside it is unchanged.
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> ByteEdit {
        let shorter = min(old.count, new.count)
        // SAFETY: both buffers are read only inside the closures, at offsets below `shorter`
        // (prefix) or at `count - 8 - suffix` ≥ `prefix` (suffix), checked before each load.
        let (prefix, suffix) = old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes -> (Int, Int) in
                /// Whether the 32 bytes at `one` in the old text and at `other` in the new are
                /// the same (four words compared at once).
                func same32(_ one: Int, _ other: Int) -> Bool {
                    // SAFETY: callers pass offsets with 32 bytes after them inside each buffer.
                    var differ = oldBytes.loadUnaligned(fromByteOffset: one, as: UInt64.self) ^ newBytes.loadUnaligned(fromByteOffset: other, as: UInt64.self)
                    // SAFETY: as above.
                    differ |=
                        oldBytes.loadUnaligned(fromByteOffset: one + 8, as: UInt64.self) ^ newBytes.loadUnaligned(fromByteOffset: other + 8, as: UInt64.self)
                    // SAFETY: as above.
                    differ |=
                        oldBytes.loadUnaligned(fromByteOffset: one + 16, as: UInt64.self) ^ newBytes.loadUnaligned(fromByteOffset: other + 16, as: UInt64.self)
                    // SAFETY: as above.
                    differ |=
                        oldBytes.loadUnaligned(fromByteOffset: one + 24, as: UInt64.self) ^ newBytes.loadUnaligned(fromByteOffset: other + 24, as: UInt64.self)
                    return differ == 0
                }
                var prefix = 0
                // SAFETY: the 32 bytes at `prefix` lie below `shorter`, inside both buffers.
                while prefix + 32 <= shorter, same32(prefix, prefix) { prefix += 32 }
                // SAFETY: the eight bytes at `prefix` lie below `shorter`, inside both buffers.
                while prefix + 8 <= shorter,
                    oldBytes.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                        == newBytes.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                {
                    prefix += 8
                }
                while prefix < shorter, oldBytes[prefix] == newBytes[prefix] { prefix += 1 }
                var suffix = 0
                // SAFETY: the 32 bytes end `suffix` before each buffer's end and start after `prefix` (≥ 0).
                while suffix + 32 <= shorter - prefix, same32(old.count - 32 - suffix, new.count - 32 - suffix) { suffix += 32 }
                // SAFETY: the eight bytes end `suffix` before each buffer's end and start after `prefix` (≥ 0).
                while suffix + 8 <= shorter - prefix,
                    oldBytes.loadUnaligned(fromByteOffset: old.count - 8 - suffix, as: UInt64.self)
                        == newBytes.loadUnaligned(fromByteOffset: new.count - 8 - suffix, as: UInt64.self)
                {
                    suffix += 8
                }
                while suffix < shorter - prefix, oldBytes[old.count - 1 - suffix] == newBytes[new.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
        return ByteEdit(range: prefix..<(old.count - suffix), insertedCount: new.count - suffix - prefix)
    }

    /// Where the inserted bytes lie in the new text.
    public var insertedRange: Range<Int> { range.lowerBound..<(range.lowerBound + insertedCount) }

    /// Where the old text's `range` lies in the new text, when the edit touched none of it
    /// and it neither ends nor starts right at the edit: nil otherwise. (Strict on purpose: a
    /// reused result must not depend on a byte next to one that changed either.)
    public func newRange(ofOld old: Range<Int>) -> Range<Int>? {
        if old.upperBound < range.lowerBound { return old }
        guard old.lowerBound > range.upperBound else { return nil }
        return (old.lowerBound + delta)..<(old.upperBound + delta)
    }

    /// Where the new text's `range` lay in the old text, as ``oldRange(ofNew:)`` says, when
    /// the edit also left the rest of the lines it lies on alone (an item's cells read the
    /// indentation of the line they start on, which may begin before the item); nil otherwise.
    /// `bytes`: the new text.
    public func oldRange(ofNew range: Range<Int>, wholeLinesIn bytes: [UInt8]) -> Range<Int>? {
        var start = min(range.lowerBound, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = min(range.upperBound, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        guard oldRange(ofNew: start..<end) != nil else { return nil }
        return oldRange(ofNew: range)
    }

    /// Where the new text's `range` lay in the old text, under ``newRange(ofOld:)``'s rule.
    public func oldRange(ofNew new: Range<Int>) -> Range<Int>? {
        if new.upperBound < range.lowerBound { return new }
        guard new.lowerBound > insertedRange.upperBound else { return nil }
        return (new.lowerBound - delta)..<(new.upperBound - delta)
    }
}

extension Diagnostic {
    /// This finding about the old text of `edit`, placed in the new text: every range (its
    /// own, its labels', its fix-its') moved past the edit; nil when the edit touched one.
    public func moved(by edit: ByteEdit) -> Diagnostic? {
        guard edit.delta != 0 else { return touches(edit) ? nil : self }
        guard let range = edit.newRange(ofOld: range) else { return nil }
        var moved = self
        moved.range = range
        for index in labels.indices {
            guard let range = edit.newRange(ofOld: labels[index].range) else { return nil }
            moved.labels[index].range = range
        }
        for fix in fixIts.indices {
            for change in fixIts[fix].edits.indices {
                guard let range = edit.newRange(ofOld: fixIts[fix].edits[change].range) else { return nil }
                moved.fixIts[fix].edits[change].range = range
            }
        }
        return moved
    }

    /// Whether every range of this finding (its own, its labels', its fix-its') ends before
    /// `edit` begins: ``moved(by:)`` gives it back as it is.
    public func liesBefore(_ edit: ByteEdit) -> Bool {
        let start = edit.range.lowerBound
        var before = true
        forEachRange { if $0.upperBound >= start { before = false } }
        return before
    }

    private func touches(_ edit: ByteEdit) -> Bool {
        var touches = false
        forEachRange { if edit.newRange(ofOld: $0) == nil { touches = true } }
        return touches
    }
}

extension [Diagnostic] {
    /// These findings split by `region` of the old text of `edit` (which lies inside it): the
    /// ones that lie outside it, moved past the edit, before and after the first that lay
    /// inside it (in this order), and the ones that lay inside it. Nil when one straddles it
    /// (its range, a label's or a fix-it's), or one outside it cannot be moved (it adjoins the
    /// edit).
    public func split(around region: Range<Int>, movedBy edit: ByteEdit) -> (before: [Diagnostic], inside: [Diagnostic], after: [Diagnostic])? {
        var before: [Diagnostic] = []
        var inside: [Diagnostic] = []
        var after: [Diagnostic] = []
        for diagnostic in self {
            var allOutside = true
            var allInside = true
            diagnostic.forEachRange { range in
                if !(range.upperBound <= region.lowerBound || range.lowerBound >= region.upperBound) { allOutside = false }
                if !(region.lowerBound <= range.lowerBound && range.upperBound <= region.upperBound) { allInside = false }
            }
            if allOutside {
                guard let moved = diagnostic.moved(by: edit) else { return nil }
                if inside.isEmpty { before.append(moved) } else { after.append(moved) }
            } else if allInside {
                inside.append(diagnostic)
            } else {
                return nil
            }
        }
        return (before, inside, after)
    }
}

extension Diagnostic {
    /// Calls `body` with the finding's range, each label's and each fix-it edit's.
    func forEachRange(_ body: (Range<Int>) -> Void) {
        body(range)
        for label in labels { body(label.range) }
        for fix in fixIts {
            for edit in fix.edits { body(edit.range) }
        }
    }
}
