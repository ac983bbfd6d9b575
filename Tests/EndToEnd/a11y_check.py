"""An accessibility check of what a user can see, run by the driver after every user action.

The rules follow GTK Inspector's accessibility overlay (gtk/inspector/a11yoverlay.c, GTK 4.14+):
roles whose name is *required* (dialog, alert dialog, img, text box, spin button, slider, tab
panel, ...) must have a label or a labelled-by relation; *conditional* roles (button, toggle
button, check box, radio, link, menu item, tab, combo box, ...) need text content or a label;
presentation/none must not be labelled. AT-SPI shows only the resulting name, not whether it
came from a label, a relation or the text inside, so from here the first two come down to "the
name is not empty", and the third (a label on a role that must have none) cannot be told from a
name read from content: it is left to the in-process check (GtkTestDriver.accessibilityFindings).
To these are added the navigation rules of this app (rules 2, 3, 4, 6 and 7 below): the shown
page is named by its title once, a dialog is a named dialog, the focus is on what is shown, and
one page has no two buttons of one name.

Each rule is a pure function over one look at the app (`Look`: the windows' visible trees, as
driver_tree.visible_tree reads them, every property read once) returning findings (strings
that name the window, the page and the control, and the rule). A node that raises while read
(a page that slides away frees its accessibles) reads as gone and is never a finding.

GTK 4.8 names a nameless accessible after its type ("GtkButton", "GtkImage", "GtkStackPage");
GTK 4.18 leaves it empty. Both count as no name (`unnamed`).
"""
import re

import pyatspi

from driver_tree import still_in_tree, visible_tree, walk

# Rule 1's controls: what a user operates, so what a screen reader must be able to name.
CONTROL_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_PASSWORD_TEXT,
    pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_SLIDER, pyatspi.ROLE_LINK,
}
IMAGE_ROLES = {pyatspi.ROLE_IMAGE, pyatspi.ROLE_ICON}
DIALOG_ROLES = {pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT}
# AT-SPI 2.46 (Debian 12) calls GTK's group a panel, 2.56 (Debian 13) a grouping.
PAGE_ROOT_ROLES = {pyatspi.ROLE_PANEL, pyatspi.ROLE_GROUPING, pyatspi.ROLE_SCROLL_PANE}

_TYPE_NAME = re.compile(r"^Gtk[A-Z][A-Za-z0-9]*$")


def unnamed(name):
    """Whether an accessible name says nothing: none, blank, or GTK 4.8's type-name stand-in."""
    return name is None or not name.strip() or bool(_TYPE_NAME.match(name.strip()))


# GTK's own windows, which GTK 4.8 builds with unnamed controls (the Keyboard Shortcuts window's
# search entry and icon buttons, the About dialog's text views and logo, its role *filler*): not
# the app's to name, so not checked (the app's own windows are). GTK 4.18 names most of them.
GTK_OWN_WINDOWS = ("Keyboard Shortcuts", "About RayPets")


class Look:
    """One look at the app: for each of its windows (GTK Inspector's and GTK's own aside), the
    visible tree and whether the window is active and modal. `frames` is what RayPets.frames()
    returns."""

    def __init__(self, frames):
        self.windows = []
        for frame in frames:
            if frame is None:
                continue
            tree = visible_tree(frame)
            if tree.title is None or tree.title in GTK_OWN_WINDOWS:  # gone while read, or GTK's
                continue
            self.windows.append(tree)

    def active(self, tree):
        return tree.reader.has_state(tree.window, pyatspi.STATE_ACTIVE)

    def modal(self, tree):
        return tree.reader.has_state(tree.window, pyatspi.STATE_MODAL)


def page_of(tree, node):
    """The nearest stack page (a panel taken for a page, see visible_tree) around `node`, or
    None for the window's own parts (its header bar)."""
    parent = tree.parents.get(node)
    while parent is not None:
        if parent in tree.pages:
            return parent
        parent = tree.parents.get(parent)
    return None


def where(tree, node):
    """'window › page › role 'name'' for a finding."""
    reader = tree.reader
    page = page_of(tree, node)
    page_title = reader.page_title(page) if page is not None else None
    place = f"'{tree.title}'" + (f" › page '{page_title}'" if not unnamed(page_title) else "")
    if node is tree.window:
        return place
    try:
        role = node.getRoleName()
    except Exception:
        role = "?"
    return f"{place} › {role} '{reader.name(node) or ''}'"


def actionable(node):
    """Whether the node offers at least one AT-SPI action (a button's "click")."""
    try:
        return node.queryAction().nActions > 0
    except Exception:  # no Action interface, or gone
        return False


def rule_1_unnamed_controls(look):
    """Rule 1: a control a user can reach (focusable, or with at least one action) and whose
    role is a control's (CONTROL_ROLES) has a name. Conditional and required naming in GTK's
    overlay: a button, tab, menu item or list row needs text content or a label; an entry,
    spin button or slider needs a label."""
    findings = []
    for tree in look.windows:
        reader = tree.reader
        for node in tree.nodes:
            if reader.role(node) not in CONTROL_ROLES or not unnamed(reader.name(node)):
                continue
            if not (reader.has_state(node, pyatspi.STATE_FOCUSABLE) or actionable(node)):
                continue
            if still_in_tree(node):
                findings.append(f"rule 1, control without a name: {where(tree, node)}")
    return findings


def under(tree, node):
    """The visible nodes inside `node`."""
    found, stack = [], list(tree.reader.children(node))
    while stack:
        current = stack.pop()
        if current in tree.parents:
            found.append(current)
            stack.extend(tree.reader.children(current))
    return found


def rule_2_page_root(look):
    """Rule 2: the shown page is named by its title, once. The stack page whose title is the
    window's (visible_tree's shown pages) is what a screen reader announces as the page when
    the focus enters it ("Clinic info panel."); its child, the page's own widget, does not
    repeat the name while the focus is on a control inside it: Orca 43 takes a container
    whose one child has its name for layout and says neither (a dialog's new page went
    unannounced so). Of shown pages nested in each
    other, the innermost is the page: a tab page titled as its tab ("Learn", around the Learn
    tab's own root page "Learn") is the tab's, and the root page (a shown page right inside the
    shown page of the same title) is what is asked for."""
    findings = []
    for tree in look.windows:
        reader, visible = tree.reader, set(tree.nodes)
        candidates = set()
        for page in tree.shown_pages:
            parent = tree.parents.get(page)
            if page in visible and not (parent in tree.shown_pages and reader.page_title(parent) == tree.title):
                candidates.add(page)
        outer = set()
        for page in candidates:
            ancestor = tree.parents.get(page)
            while ancestor is not None:
                if ancestor in candidates:
                    outer.add(ancestor)
                ancestor = tree.parents.get(ancestor)
        for page in candidates - outer:
            name = reader.name(page)
            children = reader.children(page)
            # The page's widget may carry the name only while it has the focus itself (a page
            # with no control): then its name is what a screen reader says.
            repeated = [c for c in children if reader.name(c) == tree.title
                        and not reader.has_state(c, pyatspi.STATE_FOCUSED)
                        and any(reader.has_state(n, pyatspi.STATE_FOCUSED) for n in under(tree, c))]
            if name == tree.title and not repeated:
                continue
            if not still_in_tree(page):
                continue
            if name != tree.title:
                findings.append(f"rule 2, the page is not named '{tree.title}': '{tree.title}' › "
                                f"{page.getRoleName()} '{name or ''}'")
            else:
                findings.append(f"rule 2, the page's widget repeats its name '{tree.title}' (a screen reader "
                                f"then says neither): '{tree.title}' › {repeated[0].getRoleName()}")
    return findings


def rule_3_dialogs(look):
    """Rule 3: a dialog window (a modal frame) has the role dialog or alert (alert dialog) and a
    name: GTK's overlay requires a label for both roles, and a screen reader announces a
    window by its role and name."""
    findings = []
    for tree in look.windows:
        if not look.modal(tree):
            continue
        role = tree.reader.role(tree.window)
        if role not in DIALOG_ROLES:
            try:
                role_name = tree.window.getRoleName()
            except Exception:
                continue  # gone
            findings.append(f"rule 3, modal window is a {role_name}, not a dialog or alert: '{tree.title}'")
        if unnamed(tree.title):
            findings.append(f"rule 3, dialog without a name: '{tree.title}'")
    return findings


def focus_outside(tree):
    """Where the focus of `tree`'s window is when it is not on a visible node (read only then:
    a walk of the whole window): 'hidden ...' or 'nowhere'."""
    for node in walk(tree.window):
        try:
            if node.getState().contains(pyatspi.STATE_FOCUSED):
                return f"on {node.getRoleName()} '{node.name}' in a hidden page"
        except Exception:
            continue
    return "nowhere"


def rule_4_focus(look):
    """Rule 4: the keyboard focus of the active window is on something the user sees: a node of
    its visible tree, not a control of a page that slid away (typing would go there). No focus
    at all is only right while no window of the app is active."""
    findings = []
    for tree in look.windows:
        if not look.active(tree):
            continue
        reader = tree.reader
        if any(reader.has_state(node, pyatspi.STATE_FOCUSED) for node in tree.nodes):
            continue
        findings.append(f"rule 4, the active window's focus is {focus_outside(tree)}: '{tree.title}'")
    return findings


def rule_5_unnamed_images(look):
    """Rule 5: a shown image has a name (GTK's overlay requires a label for the img role),
    unless it is inside a named control: then it is that control's decoration (an icon button
    is named by its accessible label, and its icon says nothing more)."""
    findings = []
    for tree in look.windows:
        reader = tree.reader
        for node in tree.nodes:
            if reader.role(node) not in IMAGE_ROLES or not unnamed(reader.name(node)):
                continue
            if not reader.has_state(node, pyatspi.STATE_VISIBLE):
                continue
            parent = tree.parents.get(node)
            while parent is not None:
                if reader.role(parent) in CONTROL_ROLES and not unnamed(reader.name(parent)):
                    break
                parent = tree.parents.get(parent)
            if parent is None and still_in_tree(node):
                findings.append(f"rule 5, image without a name outside a named control: {where(tree, node)}")
    return findings


def rule_6_duplicate_buttons(look):
    """Rule 6: no two visible push buttons of one page (or of the window's own parts, its header
    bar) have the same name: a screen reader user hears two controls and cannot tell them apart.
    A GtkMenuButton is a named button inside a named button, one control: a button inside a
    button of the same name is not counted. Limit: AT-SPI does not show what a button does, so
    two buttons that do the same (one action, shown twice) are reported too; the in-process
    GTK check, which can compare the buttons' actions, is the one that can let those pass."""
    findings = []
    for tree in look.windows:
        reader = tree.reader
        seen = {}
        for node in tree.nodes:
            if reader.role(node) != pyatspi.ROLE_PUSH_BUTTON or unnamed(reader.name(node)):
                continue
            name = reader.name(node)
            parent, nested = tree.parents.get(node), False
            while parent is not None:
                if reader.role(parent) == pyatspi.ROLE_PUSH_BUTTON and reader.name(parent) == name:
                    nested = True
                    break
                parent = tree.parents.get(parent)
            if nested:
                continue
            key = (page_of(tree, node), name)
            if key in seen:
                if still_in_tree(node) and still_in_tree(seen[key]):
                    findings.append(f"rule 6, two push buttons named '{name}': {where(tree, node)}")
            else:
                seen[key] = node
    return findings


# Containers a screen reader names with their role when the focus enters them, whatever
# their name ("List with 4 items", "dialog"): each needs a name of its own.
READ_CONTAINER_ROLES = {
    pyatspi.ROLE_LIST, pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE, pyatspi.ROLE_TREE_TABLE,
    pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT,
}


def focus_path(tree):
    """The visible nodes from the window down to the focused one (none if nothing shown has
    the focus: rule 4's finding)."""
    reader = tree.reader
    focused = next((n for n in tree.nodes if reader.has_state(n, pyatspi.STATE_FOCUSED)), None)
    path = []
    while focused is not None:
        path.append(focused)
        focused = tree.parents.get(focused)
    return path[::-1]


def rule_7_focus_path(look):
    """Rule 7: what a screen reader says for the path from the window to the focus (Orca reads
    the containers the focus enters, then the focused control) holds no GTK type name and no
    unnamed container whose role is read: no object on the path is named after its GTK type
    (GTK 4.8's stand-in name, which Orca says: "GtkStackPage panel", "GtkListView"), and a list,
    table, tree, dialog or alert on it has a name."""
    findings = []
    for tree in look.windows:
        reader = tree.reader
        for node in focus_path(tree):
            name = (reader.name(node) or "").strip()
            if _TYPE_NAME.match(name):
                problem = f"named after its GTK type '{name}'"
            elif reader.role(node) in READ_CONTAINER_ROLES and unnamed(name):
                problem = "a container a screen reader reads with no name"
            else:
                continue
            if still_in_tree(node):
                findings.append(f"rule 7, on the way to the focus, {problem}: {where(tree, node)}")
    return findings


RULES = [rule_1_unnamed_controls, rule_2_page_root, rule_3_dialogs, rule_4_focus, rule_5_unnamed_images,
         rule_6_duplicate_buttons, rule_7_focus_path]


def check(frames, rules=None):
    """Every finding of `rules` (all of them by default) over one look at `frames`."""
    look = Look(frames)
    findings = []
    for rule in rules or RULES:
        findings += rule(look)
    return findings
