"""What a screen reader user hears in one flow, step by step, checked two ways (issue 60):

- against the rules every transcript must pass, whatever the flow and the platform (`rules`);
- against the transcript kept in the repository for this platform
  (Tests/EndToEnd/transcripts/PLATFORM/FLOW.txt), read and reviewed like code when it changes.

A transcript is plain text: a comment line, then for each step a line `> what was done` and
the utterances Orca spoke for it, one a line. RAYPETS_WRITE_TRANSCRIPTS=1 writes what was heard
as the expected transcript instead of comparing (the rules still apply): review the diff.
No pytest here: the rules are pure functions over steps, tested on their own
(test_orca_rules.py).
"""
import difflib
import os
import re
from dataclasses import dataclass, field

TRANSCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "transcripts")

# The words Orca puts after a name for a role (Orca 43 and 48), for the rule that no role is
# said without a name: an utterance that is only one of these said nothing about what it is.
ROLE_WORDS = {
    "panel", "grouping", "push button", "toggle button", "page tab", "page tab list", "list", "list item",
    "dialog", "alert", "frame", "label", "filler", "scroll pane", "text", "entry", "menu", "menu item",
    "check box", "radio button", "table", "tree", "link", "image", "heading", "section", "tool bar",
    "notification", "status bar", "separator", "combo box", "spin button", "slider",
}
_GTK_TYPE = re.compile(r"\bGtk[A-Z][A-Za-z0-9]*")


@dataclass
class Step:
    """One thing the user did (`done`, as the transcript says it) and what Orca said for it.
    What the step must make Orca say, for the rules: `page`, the title of a page that comes
    (said once, as the name of what the focus enters); `message`, a message that appears
    (a toast, an error: said once in the whole flow, in this step); `question`, a question that
    opens: (heading, explanation, focused answer), said in that order. `announced`: the
    message reaches a screen reader only through GTK's announcement API (a toast, which takes
    no focus), which GTK has from 4.14 on; before, GTK emits no event for an alert that shows
    (tried with a bare GTK 4.8 window: neither showing it nor its hidden state reaches Orca),
    so there the message may go unsaid, never said twice."""
    done: str
    said: list
    page: str = None
    message: str = None
    question: tuple = None
    announced: bool = False
    title_twice: str = None  # why the page's title may be said twice here (a platform's quirk)


@dataclass
class Transcript:
    flow: str
    title: str
    steps: list = field(default_factory=list)

    def text(self):
        lines = [f"# {self.title}"]
        for step in self.steps:
            lines.append(f"> {step.done}")
            lines.extend(step.said)
        return "\n".join(lines) + "\n"


# The roles of what a page is said as, when the focus enters it.
PAGE_ROLE_WORDS = ("panel", "grouping", "dialog", "page tab", "section", "landmark")


def _said_as_page(utterance, name):
    """Whether `utterance` is `name` said as a page's: alone (Orca 48 says a page it enters by
    its name only; Orca 43, a window's new title) or as a container's ("Visit type panel.",
    "Schedule appointment dialog"), not as a button's ("My pets push button.")."""
    roles = "|".join(PAGE_ROLE_WORDS)
    return re.fullmatch(re.escape(name) + r"(?: (?:" + roles + r"))?\.?", utterance) is not None


def rules(transcript, announces=True):
    """Every break of the rules in `transcript`, one line each, naming the step and utterance:
    1. no GTK type name is said ("GtkStackPage panel.");
    2. no role is said without a name ("panel.");
    3. a page that comes has its title said once, as a name (twice only where the step says
       why: `title_twice`);
    4. a message is said once in the flow, in the step where it appears (where GTK cannot
       announce, `announces` false, a message only announcement brings may go unsaid);
    5. a question is said with its explanation, then its focused answer;
    6. nothing is said twice in a row for one step."""
    found = []
    everything = [(step, u) for step in transcript.steps for u in step.said]
    for step in transcript.steps:
        where = f"{transcript.flow}, after '{step.done}'"
        for utterance in step.said:
            if _GTK_TYPE.search(utterance):
                found.append(f"{where}: a GTK type name said: '{utterance}'")
            if utterance.rstrip(".").strip().lower() in ROLE_WORDS:
                found.append(f"{where}: a role said with no name: '{utterance}'")
        if step.page is not None:
            count = sum(1 for u in step.said if _said_as_page(u, step.page))
            if count != 1 and not (count == 2 and step.title_twice):
                found.append(f"{where}: the page '{step.page}' said {count} times, not once: {step.said}")
        if step.message is not None:
            here = sum(1 for u in step.said if step.message in u)
            elsewhere = sum(1 for s, u in everything if s is not step and step.message in u)
            unsaid_allowed = step.announced and not announces
            if (here != 1 and not (unsaid_allowed and here == 0)) or elsewhere:
                found.append(f"{where}: the message '{step.message}' said {here} times when it appeared and "
                             f"{elsewhere} times elsewhere, not once: {step.said}")
        if step.question is not None:
            said, position = " ".join(step.said), 0
            for part in step.question:
                index = said.find(part, position)
                if index < 0:
                    found.append(f"{where}: the question {step.question} not said in order (missing '{part}'): "
                                 f"{step.said}")
                    break
                position = index + len(part)
        for before, after in zip(step.said, step.said[1:]):
            if before == after:
                found.append(f"{where}: '{before}' said twice in a row")
    return found


def platform():
    """The platform's name for its transcripts: debian-12, debian-13, debian-testing (what
    /etc/os-release says; testing has no version)."""
    fields = {}
    try:
        with open("/etc/os-release") as release:
            for line in release:
                key, _, value = line.strip().partition("=")
                fields[key] = value.strip('"')
    except OSError:
        pass
    return f"{fields.get('ID', 'unknown')}-{fields.get('VERSION_ID', 'testing')}"


def compare(transcript, artifacts):
    """Differences between what was heard and the kept transcript, as a unified diff (empty
    when they agree). What was heard is written to `artifacts` either way; with
    RAYPETS_WRITE_TRANSCRIPTS=1 it becomes the kept transcript."""
    heard = transcript.text()
    os.makedirs(artifacts, exist_ok=True)
    with open(os.path.join(artifacts, f"orca-{transcript.flow}.txt"), "w") as out:
        out.write(heard)
    path = os.path.join(TRANSCRIPTS, platform(), f"{transcript.flow}.txt")
    if os.environ.get("RAYPETS_WRITE_TRANSCRIPTS") == "1":
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as out:
            out.write(heard)
        return ""
    if not os.path.exists(path):
        return (f"no kept transcript {os.path.relpath(path)} for this platform: what was heard is in "
                f"{artifacts}/orca-{transcript.flow}.txt (review it, then RAYPETS_WRITE_TRANSCRIPTS=1)")
    with open(path) as kept:
        expected = kept.read()
    return "".join(difflib.unified_diff(expected.splitlines(True), heard.splitlines(True),
                                        f"kept {os.path.relpath(path)}", "heard"))
