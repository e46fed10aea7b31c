import ScanEngine

/// Charts as inline SVG: no script, no font or image fetched, readable without CSS. Every chart
/// says what it holds in data attributes (`data-chart`, `data-series`, `data-points`), and every
/// series is a `<g class="series" data-name=…>` with one `<polyline>`, one `<polygon>` (a band of
/// a stacked area) or a set of `<rect>`s, so tests (and screen readers, through `<title>`) can
/// tell what is drawn. Time runs left to right by date, never by commit index; a deadline is a
/// dashed vertical line the axis reaches.
enum SVGChart {
    struct Series {
        var name: String
        var values: [Int]
        var color: String
    }

    /// Eight colours told apart in print and by most colour-blind readers (Okabe–Ito, with
    /// black swapped for a dark blue); "other" is grey.
    static let palette = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#1b2a49", "#f0e442"]
    static let otherColor = "#9e9e9e"
    /// The most series a chart draws; beyond it the smallest are summed into "other".
    static let maxSeries = 8

    static func color(_ i: Int) -> String { palette[i % palette.count] }

    /// `named` (largest first) as at most `maxSeries` series: the first seven, and "other" summing the rest.
    static func limited(_ named: [(name: String, values: [Int])]) -> [Series] {
        if named.count <= maxSeries { return named.enumerated().map { Series(name: $0.element.name, values: $0.element.values, color: color($0.offset)) } }
        var out = named.prefix(maxSeries - 1).enumerated().map { Series(name: $0.element.name, values: $0.element.values, color: color($0.offset)) }
        var other = Array(repeating: 0, count: named.first?.values.count ?? 0)
        for s in named.dropFirst(maxSeries - 1) { for (i, v) in s.values.enumerated() where i < other.count { other[i] += v } }
        out.append(Series(name: "other (\(plural(named.count - maxSeries + 1, "rule")))", values: other, color: otherColor))
        return out
    }

    /// A dashed line from a count now to zero on its projected day (cut where the axis ends).
    struct Projection {
        var from: Int64
        var value: Int
        var to: Int64
        var color: String
    }

    static let width = 760.0
    static let height = 280.0
    static let left = 56.0, right = 16.0, top = 16.0, bottom = 40.0

    /// The time axis: `times` (seconds, ascending) from the first to the last or the deadline.
    struct TimeAxis {
        let start: Int64
        let end: Int64
        let deadline: Int64?

        /// `reach`: a later time the axis must show too (a projection).
        init(_ times: [Int64], deadline: Int64?, reach: Int64? = nil) {
            start = min(times.first ?? 0, deadline ?? Int64.max)
            end = max(times.last ?? start, deadline ?? Int64.min, reach ?? Int64.min, start)
            self.deadline = deadline
        }

        func x(_ t: Int64) -> Double {
            let plotW = SVGChart.width - SVGChart.left - SVGChart.right
            guard end > start else { return SVGChart.left + plotW / 2 }
            return SVGChart.left + plotW * Double(t - start) / Double(end - start)
        }

        /// Six dates spread evenly over the axis, the first and last included.
        func labels() -> Markup {
            var out: Markup = ""
            let ticks = end > start ? 6 : 1
            for k in 0..<ticks {
                let t = ticks == 1 ? start : start + (end - start) * Int64(k) / Int64(ticks - 1)
                let anchor = ticks > 1 && k == 0 ? "start" : ticks > 1 && k == ticks - 1 ? "end" : "middle"
                out += "<text class=\"x-label\" x=\"\(fmt(x(t)))\" y=\"\(fmt(height - bottom + 18))\" text-anchor=\"\(anchor)\">\(ISODate.day(t))</text>\n"
            }
            return out
        }

        /// A dotted grey line at `today` with its label, when the axis reaches it.
        func todayMark(_ today: Int64?) -> Markup {
            guard let today, today >= start, today <= end else { return "" }
            let x = fmt(self.x(today))
            return "<g class=\"today\" data-today=\"\(ISODate.day(today))\"><title>today, \(ISODate.day(today))</title>"
                + "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(fmt(top))\" y2=\"\(fmt(height - bottom))\" stroke=\"#6e6e73\" stroke-width=\"1\" stroke-dasharray=\"1 3\"/>"
                + "<text x=\"\(x)\" y=\"\(fmt(top + 22))\" text-anchor=\"end\" dx=\"-4\" fill=\"#6e6e73\">today</text></g>\n"
        }

        func deadlineMark() -> Markup {
            guard let deadline else { return "" }
            let x = fmt(self.x(deadline))
            return "<g class=\"deadline\" data-deadline=\"\(ISODate.day(deadline))\"><title>deadline \(ISODate.day(deadline))</title>"
                + "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(fmt(top))\" y2=\"\(fmt(height - bottom))\" stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"5 4\"/>"
                + "<text x=\"\(x)\" y=\"\(fmt(top + 10))\" text-anchor=\"end\" dx=\"-4\" fill=\"#b00020\">deadline \(ISODate.day(deadline))</text></g>\n"
        }
    }

    static func open(id: String, title: String, series: Int, points: Int) -> Markup {
        "<svg class=\"chart\" data-chart=\"\(id)\" data-series=\"\(series)\" data-points=\"\(points)\" "
            + "viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" role=\"img\" "
            + "aria-label=\"\(title)\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>\(title)</title>\n"
    }

    /// The y axis's name and unit, written up its left side.
    static func yTitle(_ text: String) -> Markup {
        "<text class=\"y-title\" transform=\"translate(14 \(fmt(top + (height - top - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(text)</text>\n"
    }

    /// A line chart of `series` at `times` (one time per point), its y axis named `yLabel`, with
    /// a mark at `today` when given.
    static func line(id: String, title: String, times: [Int64], series: [Series], deadline: Int64? = nil,
                     projections: [Projection] = [], yLabel: String = "findings", today: Int64? = nil) -> Markup {
        // Projections show up to a year past the data (a date further out is cut there).
        let reach = projections.map { min($0.to, (times.last ?? $0.from) + 365 * 86_400) }.max()
        let axis = TimeAxis(times, deadline: deadline, reach: reach)
        let maximum = max(1, series.flatMap(\.values).max() ?? 1)
        let (scaleMax, step) = niceScale(maximum)
        let plotH = height - top - bottom
        func y(_ v: Int) -> Double { top + plotH * (1 - Double(v) / Double(scaleMax)) }
        var out = open(id: id, title: title, series: series.count, points: times.count)
        out += axes(scaleMax: scaleMax, step: step, y: { y($0) }) + axis.labels() + yTitle(yLabel)
        for s in series {
            let coordinates = zip(times, s.values).map { "\(fmt(axis.x($0))),\(fmt(y($1)))" }.joined(separator: " ")
            out += "<g class=\"series\" data-name=\"\(s.name)\"><title>\(s.name)</title>"
                + "<polyline fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"\(coordinates)\"/>"
            if times.count <= 40 {
                for (t, v) in zip(times, s.values) {
                    out += "<circle cx=\"\(fmt(axis.x(t)))\" cy=\"\(fmt(y(v)))\" r=\"2.5\" fill=\"\(s.color)\"/>"
                }
            }
            out += "</g>\n"
        }
        for p in projections where p.to > p.from && p.from <= axis.end {
            // Cut at the axis's end: the value the line has reached there.
            let end = min(p.to, axis.end)
            let left = Double(p.value) * Double(p.to - end) / Double(p.to - p.from)
            out += "<g class=\"projection\"><title>projected zero \(ISODate.day(p.to))</title><line x1=\"\(fmt(axis.x(p.from)))\" y1=\"\(fmt(y(p.value)))\" "
                + "x2=\"\(fmt(axis.x(end)))\" y2=\"\(fmt(top + plotH * (1 - left / Double(scaleMax))))\" stroke=\"\(p.color)\" stroke-width=\"1.5\" "
                + "stroke-dasharray=\"3 3\"/></g>\n"
        }
        return out + axis.todayMark(today) + axis.deadlineMark() + "</svg>\n"
    }

    /// A stacked area of `series` at `times`: each band sits on the ones before it.
    static func stacked(id: String, title: String, times: [Int64], series: [Series], deadline: Int64? = nil,
                        yLabel: String = "repositories", today: Int64? = nil) -> Markup {
        let axis = TimeAxis(times, deadline: deadline)
        var base = Array(repeating: 0, count: times.count)
        var bands: [(Series, [Int], [Int])] = []
        for s in series {
            let topLine = zip(base, s.values).map(+)
            bands.append((s, base, topLine))
            base = topLine
        }
        let (scaleMax, step) = niceScale(max(1, base.max() ?? 1))
        let plotH = height - top - bottom
        func y(_ v: Int) -> Double { top + plotH * (1 - Double(v) / Double(scaleMax)) }
        var out = open(id: id, title: title, series: series.count, points: times.count)
        out += axes(scaleMax: scaleMax, step: step, y: { y($0) }) + axis.labels() + yTitle(yLabel)
        for (s, lower, upper) in bands {
            let upperPoints = zip(times, upper).map { "\(fmt(axis.x($0))),\(fmt(y($1)))" }
            let lowerPoints = zip(times, lower).reversed().map { "\(fmt(axis.x($0))),\(fmt(y($1)))" }
            out += "<g class=\"series\" data-name=\"\(s.name)\"><title>\(s.name)</title>"
                + "<polygon fill=\"\(s.color)\" fill-opacity=\"0.85\" stroke=\"none\" points=\"\((upperPoints + lowerPoints).joined(separator: " "))\"/></g>\n"
        }
        return out + axis.todayMark(today) + axis.deadlineMark() + "</svg>\n"
    }

    /// A bar chart with one bar per item; one series.
    static func bars(id: String, title: String, items: [(label: String, value: Int, color: String)], yLabel: String = "repositories") -> Markup {
        let maximum = max(1, items.map(\.value).max() ?? 1)
        let (scaleMax, step) = niceScale(maximum)
        let plotW = width - left - right, plotH = height - top - bottom
        let slot = plotW / Double(max(1, items.count))
        func y(_ v: Int) -> Double { top + plotH * (1 - Double(v) / Double(scaleMax)) }
        var out = open(id: id, title: title, series: 1, points: items.count)
        out += axes(scaleMax: scaleMax, step: step, y: { y($0) }) + yTitle(yLabel)
        out += "<g class=\"series\" data-name=\"\(title)\">"
        for (i, item) in items.enumerated() {
            let x0 = left + slot * Double(i) + slot * 0.15
            let top = y(item.value)
            out += "<rect x=\"\(fmt(x0))\" y=\"\(fmt(top))\" width=\"\(fmt(slot * 0.7))\" height=\"\(fmt(height - bottom - top))\" "
                + "fill=\"\(item.color)\"><title>\(item.label): \(item.value)</title></rect>"
            out += "<text class=\"bar-value\" x=\"\(fmt(x0 + slot * 0.35))\" y=\"\(fmt(top - 4))\" text-anchor=\"middle\">\(item.value)</text>"
        }
        out += "</g>\n"
        for (i, item) in items.enumerated() {
            out += "<text class=\"x-label\" x=\"\(fmt(left + slot * (Double(i) + 0.5)))\" y=\"\(fmt(height - bottom + 18))\" "
                + "text-anchor=\"middle\">\(item.label)</text>\n"
        }
        return out + "</svg>\n"
    }

    /// A small line of `values` for a table row (no axes; the last value marked).
    static func sparkline(_ values: [Int], label: String) -> Markup {
        let w = 120.0, h = 24.0
        guard values.count > 1 else { return "<span class=\"spark-none\">–</span>" }
        let top = Double(max(1, values.max() ?? 1))
        func x(_ i: Int) -> Double { 1 + (w - 2) * Double(i) / Double(values.count - 1) }
        func y(_ v: Int) -> Double { 2 + (h - 4) * (1 - Double(v) / top) }
        let points = values.enumerated().map { "\(fmt(x($0.offset))),\(fmt(y($0.element)))" }.joined(separator: " ")
        return "<svg class=\"spark\" width=\"\(fmt(w))\" height=\"\(fmt(h))\" viewBox=\"0 0 \(fmt(w)) \(fmt(h))\" role=\"img\" "
            + "aria-label=\"\(label)\" xmlns=\"http://www.w3.org/2000/svg\"><title>\(label)</title>"
            + "<polyline fill=\"none\" stroke=\"#0072b2\" stroke-width=\"1.5\" points=\"\(points)\"/>"
            + "<circle cx=\"\(fmt(x(values.count - 1)))\" cy=\"\(fmt(y(values.last!)))\" r=\"2\" fill=\"#0072b2\"/></svg>"
    }

    /// A legend for line charts, as HTML beside the SVG.
    static func legend(_ series: [Series]) -> Markup {
        "<ul class=\"legend\">" + series.map {
            "<li><span class=\"swatch\" style=\"background:\($0.color)\"></span>\($0.name)</li>"
        }.joined() + "</ul>\n"
    }

    static func axes(scaleMax: Int, step: Int, y: (Int) -> Double) -> Markup {
        var out: Markup = ""
        var v = 0
        while v <= scaleMax {
            out += "<line class=\"grid\" x1=\"\(fmt(left))\" x2=\"\(fmt(width - right))\" y1=\"\(fmt(y(v)))\" y2=\"\(fmt(y(v)))\" stroke=\"#ddd\"/>"
                + "<text class=\"y-label\" x=\"\(fmt(left - 6))\" y=\"\(fmt(y(v) + 4))\" text-anchor=\"end\">\(v)</text>\n"
            v += step
        }
        return out
    }

    /// A round upper bound and tick step for values up to `maximum`.
    static func niceScale(_ maximum: Int) -> (Int, Int) {
        let rough = Double(maximum) / 4
        var magnitude = 1
        while Double(magnitude * 10) <= rough { magnitude *= 10 }
        let step = [1, 2, 5, 10].map { $0 * magnitude }.first { Double($0) >= rough } ?? magnitude * 10
        return ((maximum + step - 1) / step * step, step)
    }

    static func fmt(_ d: Double) -> String {
        let r = (d * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
