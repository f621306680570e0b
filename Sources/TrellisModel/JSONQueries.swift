/// Queries on the JSON syntax for editor features: the chain of values holding an offset,
/// and the member whose key is at an offset. Each walks one path down the tree, stepping
/// over the siblings before the one that holds the offset (nothing is copied).
public enum JSONQueries {
    /// The values whose ranges hold `offset`, outermost first.
    public static func chain(in root: JSONNode, at offset: Int) -> [JSONNode] {
        var result: [JSONNode] = []
        var current: JSONNode? = root
        while let node = current, node.range.contains(offset) || node.range.upperBound == offset {
            result.append(node)
            switch node.type {
            case .array: current = child(of: node, at: offset) { $0.range }
            case .object: current = child(of: node, at: offset, span: span(ofMember:))
            default: current = nil
            }
            if result.count > 10_000 { break }
        }
        return result
    }

    /// The member whose key holds `offset`, with the object it belongs to.
    public static func member(in root: JSONNode, keyAt offset: Int) -> (member: JSONNode.Member, object: JSONNode)? {
        for node in chain(in: root, at: offset).reversed() where node.type == .object {
            for child in node.children where node.syntax.keyRange(child).contains(offset) {
                return (JSONNode.Member(value: JSONNode(node.syntax, child)), node)
            }
        }
        return nil
    }

    /// The member of an object whose whole span (key to value) holds `offset`.
    public static func member(of object: JSONNode, at offset: Int) -> JSONNode.Member? {
        guard object.type == .object else { return nil }
        return child(of: object, at: offset, span: span(ofMember:)).map { JSONNode.Member(value: $0) }
    }

    /// The last member named `name` of an object (the one a dictionary keeps).
    public static func member(of object: JSONNode, named name: String) -> JSONNode.Member? {
        object.member(name)
    }

    /// A member's span: from its key to the end of its value.
    static func span(ofMember value: JSONNode) -> Range<Int> {
        value.syntax.keyRange(value.index).lowerBound..<value.range.upperBound
    }

    /// The first child whose span ends at `offset` or later, if its span holds `offset`
    /// (spans of siblings are in written order).
    static func child(of node: JSONNode, at offset: Int, span: (JSONNode) -> Range<Int>) -> JSONNode? {
        for index in node.children {
            let child = JSONNode(node.syntax, index)
            let range = span(child)
            guard range.upperBound >= offset else { continue }
            return range.lowerBound <= offset ? child : nil
        }
        return nil
    }
}
