import TrellisModel
import TrellisSyntax

/// One thing a change of a layout does: a grid's frame that moves or resizes, a view that
/// lands in another grid, a grid added or removed, a key the runtime reads differently, the
/// layout's size, or how it settles.
public struct ScreenChange: Sendable, Equatable {
    /// What changed: as the JSON's `kind` spells it.
    public enum Kind: String, Sendable {
        case frame, view, added, removed, key, size, settling
    }

    public var kind: Kind
    /// The grid's path in the new layout (`""` the root; nil: a grid removed, a view that
    /// lost its grid, or the layout as a whole).
    public var path: String?
    /// The grid's path in the old layout (nil: a grid added, a view that gained one).
    public var beforePath: String?
    /// Frames: of the grid (frame), before (removed), after (added); the layout's size as a
    /// rectangle at 0,0 (size).
    public var before: Rect?
    public var after: Rect?
    /// The key read differently (`padding`, `tag`…), or what of the settling changed
    /// (`passes`, `settled`).
    public var key: String?
    /// The key's values as the runtime reads them, written as the JSON writes them.
    public var beforeValue: String?
    public var afterValue: String?
    /// The view's number (view), the order in which the app's subviews fill leaves.
    public var slot: Int?
    /// view: the path the grid the view was in has in the new layout (nil: removed).
    public var nowAt: String?
    /// How many grids inside this one move with it and are not listed (frame).
    public var carried = 0
    /// Whether the new frame (added, frame) lies wholly outside the layout: nobody sees it.
    public var offScreen = false
    /// Where the new grid was written, when known (for annotations at the new file's lines).
    public var source: Range<Int>?
    /// Where the new grid stands in the layout's own text (``FlatGrids/placeInLayout(of:)``):
    /// for a template's cell, the cell that uses the template.
    public var placeInLayout: Range<Int>?
    /// view: the grid it lands in reads as the one it left (tag, action, action-data) and
    /// gives it the same frame at the first viewport, so nobody can tell it moved.
    public var readsAlike = false
    /// The grid's index in the old and the new layout (pre-order), where it has one.
    var oldGrid: Int?
    var newGrid: Int?
}

/// The changes of one layout at one viewport: the layout's grids added and removed (with
/// their frames here), views moved and keys read differently, then its frames, size and
/// settling.
public struct ViewportChanges: Sendable {
    public var viewport: Viewport
    public var changes: [ScreenChange]
    /// Both versions as laid out here, when asked for and something differs.
    public var pictures: Pictures?

    /// A layout's versions laid out at one viewport (nil: a layout only the other has).
    public struct Pictures: Sendable {
        public var before: LayoutResult?
        public var after: LayoutResult?

        public init(before: LayoutResult?, after: LayoutResult?) {
            (self.before, self.after) = (before, after)
        }
    }

    public init(viewport: Viewport, changes: [ScreenChange], pictures: Pictures? = nil) {
        (self.viewport, self.changes, self.pictures) = (viewport, changes, pictures)
    }
}

/// What changes on the screen between two versions of a layout: its grids added and removed,
/// the views that land in another grid, the keys read differently (the same at every
/// viewport), and at each viewport the frames, size and settling.
public struct LayoutChanges: Sendable {
    /// Which versions have the layout.
    public enum Status: String, Sendable {
        /// In both versions.
        case both
        /// Only in the new version, or only in the old.
        case added, removed
    }

    public var name: String
    /// The file it is in, when several files are compared (`trellis diff REV`).
    public var file: String?
    /// The file's old path, when it was renamed.
    public var beforeFile: String?
    public var status: Status
    /// Grids added and removed, views moved, keys read differently.
    public var structure: [ScreenChange]
    public var viewports: [ViewportChanges]

    public init(name: String, file: String? = nil, status: Status, structure: [ScreenChange], viewports: [ViewportChanges]) {
        (self.name, self.file, self.status, self.structure, self.viewports) = (name, file, status, structure, viewports)
    }

    /// Whether nothing differs that the runtime reads.
    public var isEmpty: Bool { status == .both && structure.isEmpty && viewports.allSatisfy { $0.changes.isEmpty } }
}

extension ScreenChange {
    /// A change of `kind` with nothing else said (a layout added or removed as a whole).
    public init(kind: Kind) {
        self.init(kind: kind, path: nil, beforePath: nil)
    }
}
