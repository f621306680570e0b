/// A color name the runtime accepts in a borderline (model spec §6), lower-case, with the
/// RGBA it stands for.
public enum NamedColor: String, CaseIterable, Sendable {
    case black, darkgray, lightgray, white, gray, red, green, cyan, yellow, magenta, orange, purple, brown, clear

    /// The name as written.
    public var name: String { rawValue }

    /// Red, green, blue and alpha, 0–255, as UIKit's named colors give them.
    public var channels: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        switch self {
        case .black: return (0, 0, 0, 255)
        case .darkgray: return (85, 85, 85, 255)
        case .lightgray: return (170, 170, 170, 255)
        case .white: return (255, 255, 255, 255)
        case .gray: return (128, 128, 128, 255)
        case .red: return (255, 0, 0, 255)
        case .green: return (0, 255, 0, 255)
        case .cyan: return (0, 255, 255, 255)
        case .yellow: return (255, 255, 0, 255)
        case .magenta: return (255, 0, 255, 255)
        case .orange: return (255, 128, 0, 255)
        case .purple: return (128, 0, 128, 255)
        case .brown: return (153, 102, 51, 255)
        case .clear: return (0, 0, 0, 0)
        }
    }
}
