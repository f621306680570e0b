/// Queries on the JSON syntax for editor features: the chain of values holding an offset,
/// and the member whose key is at an offset. Each walks one path down the tree, choosing a
/// child by binary search on the ranges.
public enum JSONQueries {
    /// The values whose ranges hold `offset`, outermost first.
    public static func chain(in root: JSONNode, at offset: Int) -> [JSONNode] {
        var result: [JSONNode] = []
        var current: JSONNode? = root
        while let node = current, node.range.contains(offset) || node.range.upperBound == offset {
            result.append(node)
            current = nil
            switch node.kind {
            case .array(let elements): current = find(elements, offset, \.range)
            case .object(let members):
                if let member = find(members, offset, { $0.keyRange.lowerBound..<$0.value.range.upperBound }) { current = member.value }
            default: break
            }
            if result.count > 10_000 { break }
        }
        return result
    }

    /// The member whose key holds `offset`, with the object it belongs to.
    public static func member(in root: JSONNode, keyAt offset: Int) -> (member: JSONNode.Member, object: JSONNode)? {
        for node in chain(in: root, at: offset).reversed() {
            guard case .object(let members) = node.kind else { continue }
            if let member = members.first(where: { $0.keyRange.contains(offset) }) { return (member, node) }
        }
        return nil
    }

    /// The member of an object whose whole span (key to value) holds `offset`.
    public static func member(of object: JSONNode, at offset: Int) -> JSONNode.Member? {
        guard case .object(let members) = object.kind else { return nil }
        return find(members, offset) { $0.keyRange.lowerBound..<$0.value.range.upperBound }
    }

    /// The last member named `name` of an object (the one a dictionary keeps).
    public static func member(of object: JSONNode, named name: String) -> JSONNode.Member? {
        guard case .object(let members) = object.kind else { return nil }
        return members.last { $0.key == name }
    }

    static func find<T>(_ items: [T], _ offset: Int, _ span: (T) -> Range<Int>) -> T? {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if span(items[middle]).upperBound < offset { low = middle + 1 } else { high = middle }
        }
        guard low < items.count else { return nil }
        let range = span(items[low])
        return range.lowerBound <= offset && offset <= range.upperBound ? items[low] : nil
    }
}
