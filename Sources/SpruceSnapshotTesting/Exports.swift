// One `import SpruceSnapshotTesting` is enough for the strategies and their values: `assertSnapshot`,
// `Film`, `View` and its animations, `Bitmap` and `ImageComparison`.
@_exported import SnapshotTesting
@_exported import Spruce
@_exported import SpruceFilm
@_exported import SpruceRender
