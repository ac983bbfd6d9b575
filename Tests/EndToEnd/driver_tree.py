"""Reading the app's accessibility tree over AT-SPI: the helpers raypets_driver's RayPets and
a11y_check.py use to find windows, pages, controls and their names (see raypets_driver's
docstring for how pages are told apart)."""
import time

import pyatspi


class DriverError(AssertionError):
    pass


def wait_for(condition, what, timeout=8.0):
    """Polls condition() until it returns something truthy; fails naming `what`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except DriverError:
            raise
        except Exception as error:  # the tree changes under us while pages slide
            last_error = error
        time.sleep(0.05)
    raise DriverError(f"timed out waiting for {what}" + (f" (last error: {last_error})" if last_error else ""))


def walk(node):
    """Every accessible under node, depth first."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        yield current
        try:
            count = current.childCount
        except Exception:
            continue
        for index in range(count - 1, -1, -1):
            try:
                stack.append(current.getChildAtIndex(index))
            except Exception:
                pass


def children_of(node):
    """The node's children (none for a node that went while read)."""
    try:
        return [node.getChildAtIndex(i) for i in range(node.childCount)]
    except Exception:
        return []


def role_of(node):
    """The node's role, or None for a node whose widget has just been freed (a page that
    left while the tree was being read: AT-SPI then says "The application no longer exists")."""
    try:
        return node.getRole()
    except Exception:
        return None


def name_of(node):
    """The node's name, or None for a node whose widget has just been freed (as role_of: a
    deleted pet's row, read while its list removes it)."""
    try:
        return node.name
    except Exception:
        return None


def role_name(node):
    """The node's role by the name AT-SPI 2.46 (Debian 12) gives it: 2.56 (Debian 13) calls
    ROLE_PUSH_BUTTON "button", the same role, so tests compare the role, not the words."""
    return "push button" if role_of(node) == pyatspi.ROLE_PUSH_BUTTON else node.getRoleName()


def still_in_tree(node):
    """Whether `node`'s parent still lists it. A page being torn down can leave a list item
    that its list no longer has (seen on GTK 4.18, about one run in five: a nameless list item
    under a list with no children, the pet picker's, read as its page went): no user can reach
    it, so it is not a control without a name."""
    try:
        parent = node.parent
        return any(parent.getChildAtIndex(i) == node for i in range(parent.childCount))
    except Exception:
        return False


def has_state(node, state):
    try:
        return node.getState().contains(state)
    except Exception:
        return False


def window_pattern(title):
    """An xdotool --name pattern (POSIX extended regex) matching exactly `title`."""
    return "^" + "".join("\\" + c if c in ".[]()*+?{}|^$\\" else c for c in title) + "$"


def selected_tabs(window):
    """Names of the selected tabs of every tab switcher (GtkStackSwitcher) in `window`."""
    names = set()
    for node in walk(window):
        if role_of(node) == pyatspi.ROLE_PAGE_TAB and has_state(node, pyatspi.STATE_SELECTED):
            names.add(node.name)
    return names


def all_tabs(window):
    return {node.name for node in walk(window) if role_of(node) == pyatspi.ROLE_PAGE_TAB}


def page_title(page):
    """A stack page's title, or None if the page went while it was read (a page that leaves, or
    a list row replaced, frees its accessible between two reads). The navigation hosts add
    their pages with a title, which names the stack page's accessible on every GTK version;
    GTK 4.8 names an untitled page "GtkStackPage" (4.18: ""), and then its root's name is used."""
    try:
        if page.name and page.name != "GtkStackPage":
            return page.name
        return page.getChildAtIndex(0).name if page.childCount else None
    except Exception:
        return None


class Reader:
    """Reads accessibles for one look at the app, each property at most once.

    Every property is a D-Bus call to the app (about 0.2 ms, more on a busy machine), and
    libatspi caches nothing without a main loop, so a walk that asks a node's role three times
    pays three times. A Reader remembers what it read; make a new one for each look, as the
    tree changes between looks. A node whose widget is freed while it is read (a page that
    leaves) reads as None (role, name) or as having no children: gone, not broken."""

    def __init__(self):
        self._roles, self._names, self._children, self._states = {}, {}, {}, {}

    def role(self, node):
        if node not in self._roles:
            self._roles[node] = role_of(node)
        return self._roles[node]

    def name(self, node):
        if node not in self._names:
            self._names[node] = name_of(node)
        return self._names[node]

    def children(self, node):
        if node not in self._children:
            try:
                found = [node.getChildAtIndex(i) for i in range(node.childCount)]
            except Exception:
                found = []  # freed while read
            self._children[node] = [c for c in found if c is not None]
        return self._children[node]

    def states(self, node):
        """The node's state set, or None if it went."""
        if node not in self._states:
            try:
                self._states[node] = node.getState()
            except Exception:
                self._states[node] = None
        return self._states[node]

    def has_state(self, node, state):
        states = self.states(node)
        return states is not None and states.contains(state)

    def page_title(self, page):
        """As page_title(), from what was read."""
        name = self.name(page)
        if name and name != "GtkStackPage":
            return name
        children = self.children(page)
        return self.name(children[0]) if children else None


def window_title(window, reader=None):
    """The title `window`'s header bar shows, which is also its X11 title (what xdotool finds
    it by). It is the window's accessible name, except for a navigation dialog since the
    library names it after its flow (GtkDialogHost.dialogName: "Schedule appointment") while
    its title follows the page shown in it ("Which pet?"): there it is the header bar's title
    label, the label outside the pages (and outside buttons and tabs) whose text is the title
    of one of the dialog's pages."""
    reader = reader or Reader()
    name = reader.name(window)
    if reader.role(window) != pyatspi.ROLE_DIALOG:
        return name
    # In tree order: the header bar's title comes before a tooltip's label (a tooltip shown
    # over Back names the page below, which is a page of the dialog too).
    titles, labels, stack = set(), [], [window]
    while stack:
        node = stack.pop()
        children = reader.children(node)
        for child in children:
            role = reader.role(child)
            if role == pyatspi.ROLE_PANEL and reader.name(child):
                titles.add(reader.page_title(child))  # a page: its title, not what is on it
        for child in reversed(children):
            role = reader.role(child)
            if role == pyatspi.ROLE_PANEL and reader.name(child):
                continue
            if role == pyatspi.ROLE_LABEL:
                stack.append(child)
            elif role not in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PAGE_TAB,
                              pyatspi.ROLE_PAGE_TAB_LIST, pyatspi.ROLE_TOOL_TIP):
                stack.append(child)
        if node is not window and reader.role(node) == pyatspi.ROLE_LABEL:
            labels.append(reader.name(node))  # GTK names a label by its text
    if name in titles:
        return name
    return next((label for label in labels if label in titles), name)


class VisibleTree:
    """What visible_nodes() yields, with what was learnt finding it: each node's parent, which
    panels were taken for stack pages, which of them are shown because their title is the
    window's, and the tab switchers' tabs. `reader` holds every property read."""

    def __init__(self, window, title, nodes, parents, pages, shown_pages, tabs, selected, reader):
        self.window, self.title, self.nodes, self.parents = window, title, nodes, parents
        self.pages, self.shown_pages, self.tabs, self.selected, self.reader = pages, shown_pages, tabs, selected, reader


def visible_tree(window, reader=None):
    """The accessibles of `window` a user can see (see visible_nodes), read once each.

    The tabs that decide which tab page is shown are those of the switchers found in what is
    visible: a group of pages that might be a tab switcher's is looked into only once the
    rest of the visible tree (the header bar with its switcher) has been read. (A switcher in
    a hidden page does not count: its selection does not decide what is seen.)"""
    reader = reader or Reader()
    title = window_title(window, reader)
    tabs, selected = set(), set()
    kept = {}  # node -> its children that are visible
    pages, shown_pages = set(), set()
    stack, waiting = [window], []
    while stack or waiting:
        if not stack:
            # Every group of pages waits for the tabs: resolve them now, with the tabs known.
            for node, children, group in waiting:
                tab_pages = [c for c in children if c in group and reader.name(c) in tabs]
                if tab_pages:
                    children = [c for c in children if c not in tab_pages or reader.name(c) in selected]
                kept[node] = children
                pages.update(c for c in children if c in group)
                stack.extend(children)
            waiting = []
            continue
        current = stack.pop()
        if current in kept:
            continue
        role = reader.role(current)
        if role == pyatspi.ROLE_PAGE_TAB:
            tabs.add(reader.name(current))
            if reader.has_state(current, pyatspi.STATE_SELECTED):
                selected.add(reader.name(current))
        children = reader.children(current)
        group = [c for c in children if reader.role(c) == pyatspi.ROLE_PANEL and reader.name(c)]
        if group:
            shown = [p for p in group if reader.page_title(p) == title]
            if shown:
                children = [c for c in children if c not in group] + shown[-1:]
                group = shown[-1:]
                shown_pages.add(shown[-1])
            waiting.append((current, children, group))
            kept[current] = None  # decided once the tabs are known
            stack.extend(c for c in children if c not in group)
        else:
            kept[current] = children
            stack.extend(children)
    # In visible_nodes' order: depth first, children in the tree's order.
    nodes, parents, order = [], {window: None}, [window]
    while order:
        current = order.pop()
        nodes.append(current)
        children = kept.get(current) or []
        for child in children:
            parents.setdefault(child, current)
        order.extend(reversed(children))
    return VisibleTree(window, title, nodes, parents, pages, shown_pages, tabs, selected, reader)


def visible_nodes(window):
    """The accessibles of `window` a user can see.

    Every GtkStack page is in the tree, shown or not, and with the same states (GTK 4.8 says
    none is showing; 4.18 says a page still sliding out is), so:
    - a stack page (a panel with a title, or GTK 4.8's "GtkStackPage") is visible when its
      title matches the window title; if none of its siblings matches (a stack of sections,
      a split's other side), all are searched;
    - a titled stack page of a tab switcher is visible when its switcher button is selected.
    Read once each (visible_tree): a few hundred D-Bus calls, not thousands.
    """
    return iter(visible_tree(window).nodes)
