"""The rules every Orca transcript must pass (orca_transcript.rules) and the reading of Orca's
debug log (driver_orca.utterances), each shown to fail on what it is there to catch. No app and
no Orca: these are pure functions."""
from driver_orca import utterances
from orca_transcript import Step, Transcript, rules


def transcript(*steps):
    return Transcript("flow", "a flow", list(steps))


def test_a_gtk_type_name_or_a_role_without_a_name_is_named():
    found = rules(transcript(Step("Tab", ["RayPets frame.", "GtkStackPage panel.", "My pets push button."]),
                             Step("Return", ["panel.", "GtkListView.", "List with 4 items."])))
    assert found == [
        "flow, after 'Tab': a GTK type name said: 'GtkStackPage panel.'",
        "flow, after 'Return': a role said with no name: 'panel.'",
        "flow, after 'Return': a GTK type name said: 'GtkListView.'",
    ], found


def test_a_page_is_said_once_as_a_page():
    said_once = Step("Return", ["My pets panel.", "Pets.", "List with 4 items."], page="My pets")
    assert rules(transcript(said_once)) == []
    as_button_only = Step("Return", ["My pets push button."], page="My pets")
    twice = Step("Alt+Left", ["My pets panel.", "My pets panel."], page="My pets")
    found = rules(transcript(as_button_only, twice))
    assert found[0] == "flow, after 'Return': the page 'My pets' said 0 times, not once: ['My pets push button.']"
    assert found[1].startswith("flow, after 'Alt+Left': the page 'My pets' said 2 times"), found
    assert "'My pets panel.' said twice in a row" in found[2], found


def test_a_message_is_said_once_when_it_appears():
    assert rules(transcript(Step("BackSpace", ["R", "Enter a name."], message="Enter a name"))) == []
    found = rules(transcript(Step("BackSpace", ["R"], message="Enter a name"),
                             Step("Tab", ["Enter a name."])))
    assert found == ["flow, after 'BackSpace': the message 'Enter a name' said 0 times when it appeared and "
                     "1 times elsewhere, not once: ['R']"], found
    toast = Step("Delete", ["My pets panel."], message="Rex deleted", announced=True)
    assert rules(transcript(toast), announces=False) == [], "GTK 4.8 cannot announce a toast"
    assert rules(transcript(toast), announces=True), "GTK 4.14 and later can: unsaid is a finding"


def test_a_question_is_said_with_its_explanation_then_its_answer():
    question = ("Discard answers?", "is not finished", "Keep editing")
    good = Step("link", ["Discard answers? dialog The request is not finished.", "Keep editing push button."],
                question=question)
    assert rules(transcript(good)) == []
    title_only = Step("link", ["Discard answers? dialog", "Keep editing push button."], question=question)
    found = rules(transcript(title_only))
    assert len(found) == 1 and "missing 'is not finished'" in found[0], found


def test_nothing_is_said_twice_in_a_row_and_a_title_twice_only_with_a_reason():
    step = Step("Tab", ["Clinic page tab.", "Clinic page tab."])
    assert rules(transcript(step)) == ["flow, after 'Tab': 'Clinic page tab.' said twice in a row"]
    twice = Step("Delete", ["My pets", "My pets panel."], page="My pets")
    assert len(rules(transcript(twice))) == 1
    twice.title_twice = "the platform's reason"
    assert rules(transcript(twice)) == []


def test_key_echo_is_left_out_of_what_was_said():
    log = "\n".join([
        "vvvvv PROCESS ATSPI_KEY_PRESSED_EVENT: 'Tab' (23) vvvvv",
        "15:18:49.119642 - SPEECH OUTPUT: 'tab ' {'established': False}",
        "^^^^^ PROCESS ATSPI_KEY_PRESSED_EVENT: 'Tab' (23) ^^^^^",
        "vvvvv PROCESS OBJECT EVENT object:state-changed:focused vvvvv",
        "15:18:49.291102 - SPEECH OUTPUT: 'Clinic info push button.'{'established': False}",
        "15:18:49.291200 - SPEECH OUTPUT: 'Rex\\'s page panel.'{'established': False}",
        "^^^^^ PROCESS OBJECT EVENT object:state-changed:focused ^^^^^",
    ])
    assert utterances(log) == ["Clinic info push button.", "Rex's page panel."]
