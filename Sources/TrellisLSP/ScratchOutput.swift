import TrellisModel

/// Where a streamed body is made: counted, or written straight into a sink's memory.
protocol ScratchOutput: ByteOutput, ~Copyable {
    /// A text with room for `room` bytes at the output's end, to be ended by ``end(_:)``
    /// before the output is used again.
    mutating func text(room: Int) -> ScratchText
    /// Keeps what `text` wrote.
    mutating func end(_ text: ScratchText)
}

extension ByteCount: ScratchOutput {
    func text(room: Int) -> ScratchText { ScratchText() }
    mutating func end(_ text: ScratchText) { append(counted: text.count) }
}

extension ByteSink: ScratchOutput {
    mutating func text(room: Int) -> ScratchText {
        // SAFETY: the room holds `room` bytes until the sink is next used: the caller writes at most that and ends the text
        // first.
        ScratchText(reserve(room), room: room)
    }

    mutating func end(_ text: ScratchText) {
        assert(text.count <= text.room, "a text of \(text.count) bytes outgrew its room of \(text.room)")
        commit(text.count)
    }
}
