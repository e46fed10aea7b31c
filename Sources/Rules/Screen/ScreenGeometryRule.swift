import RuleKit
import SourceLexing

/// The four rules about reading the main screen share one check: find the geometry site at
/// a `UIScreen` token or an alias name, and report it if it is this rule's.
protocol ScreenGeometryRule: Rule {}

extension ScreenGeometryRule {
    var triggers: Set<Word> { [.UIScreen] }
    var nameTriggers: NameTriggers { .aliases }

    func check(at site: Int, in file: CodeFile, model: RepositoryModel, into sink: inout FindingSink) {
        guard let g = GeometrySite.at(site, in: file, model: model), g.rule == description.id else { return }
        sink.report(description, at: g.token, facet: g.facet, message: g.message)
    }
}
