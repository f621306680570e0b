import TrellisModel
import TrellisSyntax

/// A color written in a document: where (the bytes of `#RRGGBB` or a name, without JSON
/// quotes) and what the runtime reads.
public struct DocumentColor: Sendable, Equatable {
    public var range: Range<Int>
    public var color: RGBA
}

/// Borderline colors, for the editor's color swatches and picker.
public enum Colors {
    public static func colors(_ analysis: Analysis) -> [DocumentColor] {
        var result: [DocumentColor] = []
        if let tree = analysis.tree {
            for node in tree.descendants(of: 0, .attribute) {
                guard let name = AttributeSyntax(tree, node)?.name, name.gridKey?.info.valueKind == .borderline else { continue }
                let arguments = AttributeSyntax(tree, node)?.arguments ?? []
                for (position, token) in arguments.enumerated() {
                    let afterColorKey = position > 0 && BorderlineField(name: tree.text(arguments[position - 1])) == .color
                    guard token.kind == .color || (afterColorKey && token.kind == .identifier) else { continue }
                    var text = tree.text(token)
                    if token.kind == .string { text = String(text.dropFirst().dropLast()) }
                    if let color = RGBA.parse(text) { result.append(DocumentColor(range: token.range, color: color)) }
                }
            }
        } else if let root = analysis.file.jsonRoot {
            var stack = [root]
            while let node = stack.popLast() {
                switch node.type {
                case .object:
                    node.forEachMember { member in
                        if let key = member.gridKey, key.info.valueKind == .borderline,
                            let color = JSONQueries.member(of: member.value, named: BorderlineField.color.name),
                            let text = color.value.string, let rgba = RGBA.parse(text), color.value.range.count >= 2
                        {
                            result.append(DocumentColor(range: color.value.range.lowerBound + 1..<color.value.range.upperBound - 1, color: rgba))
                        }
                        stack.append(member.value)
                    }
                case .array: node.forEachElement { stack.append($0) }
                default: break
                }
            }
        }
        return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
