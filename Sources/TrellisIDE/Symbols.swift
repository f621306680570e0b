import TrellisModel
import TrellisSyntax

/// A named thing in a document: a layout or a template, with its whole range and the range of
/// its name.
public struct DocumentSymbol: Sendable, Equatable {
    public enum Kind: Sendable { case layout, template }
    public var name: String
    public var kind: Kind
    public var range: Range<Int>
    public var selectionRange: Range<Int>
}

/// The layouts and templates of a Trellis document, in source order.
public enum Symbols {
    public static func symbols(_ analysis: Analysis) -> [DocumentSymbol] {
        guard let tree = analysis.file.tree else { return [] }
        var result: [DocumentSymbol] = []
        tree.forEachChild(of: 0) { item in
            let kind: DocumentSymbol.Kind
            switch tree.nodes[item].kind {
            case .layoutDecl: kind = .layout
            case .templateDecl: kind = .template
            default: return
            }
            guard let name = tree.node(item).ownTokens.first(where: { $0.kind == .identifier }) else { return }
            result.append(DocumentSymbol(name: tree.text(name), kind: kind, range: tree.range(of: item), selectionRange: name.range))
        }
        return result
    }
}

/// `trellis fmt` for the editor: the whole document's replacement, or nil when it has syntax
/// errors, is already formatted, or the formatter could not keep its meaning.
public enum Formatting {
    public static func format(_ analysis: Analysis) -> String? {
        guard analysis.file.kind == .trellis, case .formatted(let text) = VerifiedFormatting.format(analysis.source),
              Array(text.utf8) != analysis.source.bytes else { return nil }
        return text
    }
}
