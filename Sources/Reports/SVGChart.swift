/// Charts as inline SVG: no script, no font or image fetched, readable without CSS. Every chart
/// says what it holds in data attributes (`data-chart`, `data-series`, `data-points`), and every
/// series is a `<g class="series" data-name=…>` with one `<polyline>` or a set of `<rect>`s, so
/// tests (and screen readers, through `<title>`) can tell what is drawn.
enum SVGChart {
    struct Series {
        var name: String
        var values: [Int]
        var color: String
    }

    static let palette = ["#d1495b", "#edae49", "#00798c", "#30638e", "#003d5b", "#8f2d56", "#66a182", "#9c6644",
                          "#6a4c93", "#e07a5f", "#3d405b", "#81b29a"]

    static func color(_ i: Int) -> String { palette[i % palette.count] }

    static let width = 760.0
    static let height = 280.0
    static let left = 56.0, right = 16.0, top = 16.0, bottom = 40.0

    /// A line chart of `series` over `labels` (one label per point).
    static func line(id: String, title: String, labels: [String], series: [Series]) -> String {
        let points = labels.count
        let maximum = max(1, series.flatMap(\.values).max() ?? 1)
        let (scaleMax, step) = niceScale(maximum)
        let plotW = width - left - right, plotH = height - top - bottom
        func x(_ i: Int) -> Double { points <= 1 ? left + plotW / 2 : left + plotW * Double(i) / Double(points - 1) }
        func y(_ v: Int) -> Double { top + plotH * (1 - Double(v) / Double(scaleMax)) }
        var out = "<svg class=\"chart\" data-chart=\"\(id)\" data-series=\"\(series.count)\" data-points=\"\(points)\" "
            + "viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" role=\"img\" "
            + "aria-label=\"\(HTML.escape(title))\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>\(HTML.escape(title))</title>\n"
        out += axes(scaleMax: scaleMax, step: step, y: { y($0) })
        let shown = labelIndexes(points)
        for i in shown {
            let anchor = points > 1 && i == 0 ? "start" : points > 1 && i == points - 1 ? "end" : "middle"
            out += "<text class=\"x-label\" x=\"\(fmt(x(i)))\" y=\"\(fmt(height - bottom + 18))\" text-anchor=\"\(anchor)\">\(HTML.escape(labels[i]))</text>\n"
        }
        for s in series {
            let coordinates = s.values.enumerated().map { "\(fmt(x($0.offset))),\(fmt(y($0.element)))" }.joined(separator: " ")
            out += "<g class=\"series\" data-name=\"\(HTML.escape(s.name))\"><title>\(HTML.escape(s.name))</title>"
                + "<polyline fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\" stroke-linejoin=\"round\" points=\"\(coordinates)\"/>"
            if points <= 40 {
                for (i, v) in s.values.enumerated() {
                    out += "<circle cx=\"\(fmt(x(i)))\" cy=\"\(fmt(y(v)))\" r=\"2.5\" fill=\"\(s.color)\"/>"
                }
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// A bar chart with one bar per item; one series.
    static func bars(id: String, title: String, items: [(label: String, value: Int, color: String)]) -> String {
        let maximum = max(1, items.map(\.value).max() ?? 1)
        let (scaleMax, step) = niceScale(maximum)
        let plotW = width - left - right, plotH = height - top - bottom
        let slot = plotW / Double(max(1, items.count))
        func y(_ v: Int) -> Double { top + plotH * (1 - Double(v) / Double(scaleMax)) }
        var out = "<svg class=\"chart\" data-chart=\"\(id)\" data-series=\"1\" data-points=\"\(items.count)\" "
            + "viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" role=\"img\" "
            + "aria-label=\"\(HTML.escape(title))\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>\(HTML.escape(title))</title>\n"
        out += axes(scaleMax: scaleMax, step: step, y: { y($0) })
        out += "<g class=\"series\" data-name=\"\(HTML.escape(title))\">"
        for (i, item) in items.enumerated() {
            let x0 = left + slot * Double(i) + slot * 0.15
            let top = y(item.value)
            out += "<rect x=\"\(fmt(x0))\" y=\"\(fmt(top))\" width=\"\(fmt(slot * 0.7))\" height=\"\(fmt(height - bottom - top))\" "
                + "fill=\"\(item.color)\"><title>\(HTML.escape(item.label)): \(item.value)</title></rect>"
            out += "<text class=\"bar-value\" x=\"\(fmt(x0 + slot * 0.35))\" y=\"\(fmt(top - 4))\" text-anchor=\"middle\">\(item.value)</text>"
        }
        out += "</g>\n"
        for (i, item) in items.enumerated() {
            out += "<text class=\"x-label\" x=\"\(fmt(left + slot * (Double(i) + 0.5)))\" y=\"\(fmt(height - bottom + 18))\" "
                + "text-anchor=\"middle\">\(HTML.escape(item.label))</text>\n"
        }
        return out + "</svg>\n"
    }

    /// A legend for line charts, as HTML beside the SVG.
    static func legend(_ series: [Series]) -> String {
        "<ul class=\"legend\">" + series.map {
            "<li><span class=\"swatch\" style=\"background:\($0.color)\"></span>\(HTML.escape($0.name))</li>"
        }.joined() + "</ul>\n"
    }

    static func axes(scaleMax: Int, step: Int, y: (Int) -> Double) -> String {
        var out = ""
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

    /// At most six evenly spread label positions, always the first and the last.
    static func labelIndexes(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        if count <= 6 { return Array(0..<count) }
        return (0..<6).map { $0 * (count - 1) / 5 }
    }

    static func fmt(_ d: Double) -> String {
        let r = (d * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
