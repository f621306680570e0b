import Foundation

/// The grid dictionaries compiled from this target's `.trellis` files, as the app hands them
/// to `MyGridLayout` (`gridDictionary`).
public enum Layouts {
    /// The JSON of the layout `name` (`home`, `card`, `banner`…), or nil.
    public static func json(named name: String) -> Data? {
        Bundle.module.url(forResource: name, withExtension: "json").flatMap { try? Data(contentsOf: $0) }
    }
}
