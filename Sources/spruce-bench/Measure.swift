import Foundation

/// Monotonic wall-clock seconds.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Seconds `body` takes.
func timed(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return now() - start
}

/// This process's peak resident set (VmHWM), in MiB.
func peakResidentMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
        return kb / 1024
    }
    return .nan
}

/// The largest peak resident set of any waited-for child (ffmpeg), in MiB.
func childrenPeakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "–"
}

/// User + system CPU seconds of every waited-for child so far (a child's figure includes its own waited-for
/// children, i.e. ffmpeg). Unlike wall time, CPU time barely depends on what else the machine is running.
func childrenCPUSeconds() -> Double { cpuTimes(RUSAGE_CHILDREN).total }

/// User + system seconds of this process (all its threads).
func ownCPUSeconds() -> Double { cpuTimes(RUSAGE_SELF).total }

/// System seconds of this process: the kernel's share (pipe copies, page faults).
func ownSystemSeconds() -> Double { cpuTimes(RUSAGE_SELF).system }

private func cpuTimes(_ who: __rusage_who) -> (total: Double, system: Double) {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return (seconds(usage.ru_utime) + seconds(usage.ru_stime), seconds(usage.ru_stime))
}
