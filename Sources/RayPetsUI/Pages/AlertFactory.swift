import Gtk
import Navigation
import RayPets

/// Builds the alert of an alert route's page (for `GtkAlertHost`).
@MainActor
enum AlertFactory {
    /// The alert for `page`: "Discard changes?" with *Keep editing* (safe, focused),
    /// *Discard* (destructive) and, where offered, *Save* (suggested).
    static func makeAlert(for page: Page<AppRoute>) -> Alert {
        guard let model = page.model as? DiscardQuestionModel else {
            preconditionFailure("no alert for \(page.route)")  // only alert routes reach this host
        }
        let responses = model.answers.map { answer in
            Alert.Response(
                id: answer.rawValue, label: model.label(of: answer),
                appearance: answer == .discard ? .destructive : answer == .save ? .suggested : .normal)
        }
        let alert = Alert(
            heading: model.title, body: model.body, responses: responses, safeResponse: model.safeAnswer.rawValue)
        alert.onResponse = { [weak model] id in
            if let answer = DiscardAnswer(rawValue: id) { model?.answer(answer) }
        }
        return alert
    }
}
