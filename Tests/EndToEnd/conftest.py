"""The end-to-end tier under pytest: its options, the app the tests with an `app` argument share,
the Wayland subset, the artifacts of a failure and the run's last lines.

    scripts/with-display /usr/bin/python3 -m pytest Tests/EndToEnd [--raypets BINARY]
        [--artifacts FOLDER] [--shard K/N] [-k PART]

--raypets: the raypets binary (the test app, raypets-test-app, is beside it); --artifacts: where
screenshots, accessibility trees and the app's log go; --shard K/N: only every N-th test from
the K-th on, so that N runs on N displays share the tests out. A test with an `app` argument
runs in the one app they share, started past the welcome page; the others start their own.
The shared ones run first, in the order of their files (test_navigation.py, then
test_navigation_keys.py and test_navigation_links.py) and, in a file, as written: each starts
where the one before left the app. Under scripts/with-wayland only the tests marked `wayland`
are collected. The run ends with the accessibility check's counts and `e2e: N passed, M
failed` (`e2e-wayland: ...`), the line scripts/test reads; PASS and FAIL lines say each test's
outcome as it ends.
"""
import pytest

import raypets_driver as driver
from e2e_helpers import Build, config_dir, launch
from raypets_driver import ON_WAYLAND

# Each test's reports (setup, call, teardown), for the `app` fixture to see whether the test failed.
REPORTS = pytest.StashKey()


def pytest_addoption(parser):
    group = parser.getgroup("raypets", "RayPets end-to-end tests")
    group.addoption("--raypets", default=".build/debug/raypets", metavar="BINARY",
                    help="the raypets binary to test; the test app, raypets-test-app, is beside it "
                         "(default: .build/debug/raypets)")
    group.addoption("--artifacts", default="test-output/e2e", metavar="FOLDER",
                    help="where screenshots, the trees of failures and app.log go (default: test-output/e2e)")
    group.addoption("--shard", default=None, metavar="K/N",
                    help="run only every N-th test, from the K-th on (K from 1 to N)")


def pytest_configure(config):
    shard = config.getoption("shard")
    if shard is not None:
        try:
            k, n = (int(part) for part in shard.split("/"))
        except ValueError:
            raise pytest.UsageError(f"--shard {shard}: K/N wanted, such as 1/2") from None
        if not 1 <= k <= n:
            raise pytest.UsageError(f"--shard {shard}: K from 1 to N wanted")
        shard = (k, n)
    config.pluginmanager.register(EndToEnd(config, shard), "raypets-end-to-end")


class SharedApp:
    """The app the tests with an `app` argument share (see `app`). It is started for the first
    of them, and again for the next after one failed; the run's first test without one quits it,
    since an app started then would hand its command line to this one (one instance a session)."""

    def __init__(self, build):
        self.build, self.app, self.failed = build, None, False

    def get(self):
        if self.failed:
            self.quit()  # start the next test from a fresh app
        if self.app is None:
            self.app = launch(self.build, config_dir(welcome_done=True))
        return self.app

    def quit(self):
        app, self.app, self.failed = self.app, None, False
        if app is not None:
            app.quit(check=False)  # its last check ran after its last test (or that test failed)


class EndToEnd:
    """The run's plugin: what it selects, the shared app, and the PASS, FAIL and summary lines."""

    def __init__(self, config, shard):
        self.config, self.shard = config, shard
        self.build = Build(config.getoption("raypets"), config.getoption("artifacts"))
        self.shared = SharedApp(self.build)
        self.passed, self.failed = 0, 0
        self.reports = {}  # nodeid -> the reports of a test still running
        self.summarized = False

    @pytest.hookimpl(trylast=True)  # after -k and -m deselected theirs
    def pytest_collection_modifyitems(self, config, items):
        kept = [item for item in items if not ON_WAYLAND or item.get_closest_marker("wayland")]
        # The shared app's tests first (sort is stable: they keep their order).
        kept.sort(key=lambda item: "app" not in item.fixturenames)
        if self.shard is not None:
            k, n = self.shard
            kept = kept[k - 1::n]
        chosen = set(kept)
        deselected = [item for item in items if item not in chosen]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
        items[:] = kept

    def pytest_runtest_setup(self, item):
        if "app" not in item.fixturenames:
            self.shared.quit()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        outcome = yield
        report = outcome.get_result()
        item.stash.setdefault(REPORTS, {})[report.when] = report
        app = self.shared.app
        if report.failed and "app" in item.fixturenames and app is not None:
            # What the shared app showed when the test failed (a test with its own app has quit it).
            try:
                app.screenshot(f"FAIL-{item.name}.png")
                app.dump_tree(f"FAIL-{item.name}.tree.txt")
            except Exception as error:
                report.sections.append(("FAIL artifacts", f"could not save the screenshot or the tree: {error}"))

    def pytest_sessionfinish(self):
        self.shared.quit()

    def write(self, text, line=False):
        """Writes `text` on a line of its own: a test's line under its file's name (pytest names a
        file again after a line written with write_line), the summary's with write_line."""
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is None:
            print(text, flush=True)
        elif line:
            reporter.write_line(text)
            reporter.flush()
        else:
            reporter.write("\n" + text, flush=True)

    def pytest_report_teststatus(self, report, config):
        """No progress dots: the PASS and FAIL lines say each test's outcome (pytest -v: its own lines)."""
        if config.getoption("verbose") > 0 or hasattr(report, "wasxfail"):
            return None
        if report.when in ("setup", "teardown") and not report.failed and not report.skipped:
            return "", "", ""
        category = "error" if report.when != "call" and report.failed else report.outcome
        return category, "", category.upper()  # the word: pytest's short summary ("FAILED ...")

    def pytest_runtest_logreport(self, report):
        reports = self.reports.setdefault(report.nodeid, [])
        reports.append(report)
        if report.when != "teardown":
            return
        del self.reports[report.nodeid]
        name = report.nodeid.split("::")[-1]
        printed = report.capstdout.rstrip("\n")  # the teardown's report holds every phase's output
        if printed:  # what the test prints for the log (a measured time, the colours read)
            self.write(printed)
        failed = [r for r in reports if r.failed]  # an error in setup or teardown fails the test too
        if failed:
            self.failed += 1
            self.write(f"FAIL {name}")
            for r in failed:
                self.write(r.longreprtext)
        elif any(r.when == "call" and r.passed for r in reports):
            self.passed += 1
            self.write(f"PASS {name} ({sum(r.duration for r in reports):.1f} s)")
        else:
            self.write(f"SKIP {name}")

    def pytest_collectreport(self, report):
        if report.failed:  # a file that does not import: its tests did not run
            self.failed += 1
            self.write(f"FAIL collecting {report.nodeid}")

    def pytest_terminal_summary(self):
        self.summarize()

    def pytest_unconfigure(self):
        self.summarize()  # if pytest printed no summary (--no-summary, -p no:terminal)

    def summarize(self):
        if self.summarized or self.config.option.collectonly:
            return
        self.summarized = True
        stats = driver.A11Y_STATS
        self.write(f"a11y ({driver.A11Y_MODE}): {stats['checks']} checks after user actions, {stats['looks']} looks, "
                   f"{stats['seconds']:.1f} s", line=True)
        for finding, (count, first) in sorted(driver.A11Y_REPORTED.items()):
            self.write(f"a11y: {count} x {finding} (first after {first})", line=True)
        self.write(f"e2e{'-wayland' if ON_WAYLAND else ''}: {self.passed} passed, {self.failed} failed", line=True)


def end_to_end(config):
    return config.pluginmanager.get_plugin("raypets-end-to-end")


@pytest.fixture
def build(request):
    """The app under test and the artifacts folder (e2e_helpers.Build)."""
    return end_to_end(request.config).build


@pytest.fixture
def app(request):
    """The running app the tests with this argument share, on Home with no dialog open. After the
    test the accessibility check of its last action runs. A test that fails (or whose check
    finds something) leaves FAIL-<test>.png and FAIL-<test>.tree.txt, and the next test gets a
    freshly started app."""
    shared = end_to_end(request.config).shared
    try:
        app = shared.get()
        app.wait_no_dialog()
        app.wait_title("RayPets")
    except Exception:
        shared.failed = True
        raise
    yield app
    call = request.node.stash.get(REPORTS, {}).get("call")
    if call is None or call.failed:
        app.forget_pending_check()  # the app is started again; its state is not the next test's
        shared.failed = True
        return
    try:
        app.check_accessibility()  # after the test's last action (the next test starts here)
    except Exception:
        shared.failed = True
        raise
