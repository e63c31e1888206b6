import Foundation
import SpruceRender

extension VideoOptions {
    /// The settings that decide a part's encoded bytes, added to a film's fingerprint for its part label: parts
    /// encoded differently (another --crf, --preset, --keyint, dither) are not one film's parts either.
    public func addEncoding(to fingerprint: inout Fingerprint, format: OutputFormat, keyframeInterval: Int) {
        fingerprint.add(String(describing: format))
        fingerprint.add(crf)
        fingerprint.add(preset)
        fingerprint.add(vp9CRF)
        fingerprint.add(String(describing: dither))
        fingerprint.add(String(describing: loop))
        fingerprint.add(transparent)
        fingerprint.add(keyframeInterval)
    }
}
