import TrellisLayout
import TrellisModel
import TrellisSyntax

/// What the rules found in one layout and the screens they computed there. An editor's
/// analysis keeps it, so that after an edit elsewhere in the file the next analysis takes it
/// over (``moved(by:)``) instead of running the rules on that layout again.
public struct LayoutFindings: Sendable {
    /// The structure rules' findings kept under the cap, and how many more of each code they made.
    var structure: [Diagnostic] = []
    var structureDropped: [DiagnosticCode: Int] = [:]
    /// The layout rules' findings.
    var frames: [Diagnostic] = []
    /// By viewport: the settled screen, then the screen after one more layout when the first
    /// settled; empty unless the run kept screens.
    public var screens: [[LayoutResult]] = []

    /// These findings without the screens (what an editor keeps for the next edit).
    public var withoutScreens: LayoutFindings {
        LayoutFindings(structure: structure, structureDropped: structureDropped, frames: frames)
    }

    /// These findings about a layout in the old text of `edit`, placed in the new text,
    /// without the screens (their frames name the old text; an editor computes a layout's
    /// screens again when a request needs them); nil when the edit touched a range of one.
    public func moved(by edit: ByteEdit) -> LayoutFindings? {
        // Findings before the edit stay as they are: the lists are kept, not copied.
        if structure.allSatisfy({ $0.liesBefore(edit) }), frames.allSatisfy({ $0.liesBefore(edit) }) { return withoutScreens }
        guard let structure = Self.moved(structure, by: edit), let frames = Self.moved(frames, by: edit) else { return nil }
        return LayoutFindings(structure: structure, structureDropped: structureDropped, frames: frames)
    }

    /// Each of `diagnostics` moved past `edit` into a new array (no copy of the old one
    /// first), or nil when the edit touched one.
    private static func moved(_ diagnostics: [Diagnostic], by edit: ByteEdit) -> [Diagnostic]? {
        var moved: [Diagnostic] = []
        moved.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            guard let diagnostic = diagnostic.moved(by: edit) else { return nil }
            moved.append(diagnostic)
        }
        return moved
    }
}
