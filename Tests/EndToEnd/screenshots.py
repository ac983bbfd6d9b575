"""Takes the screenshots of the README and docs/APP.md from the real app (run under scripts/with-display):
    scripts/with-display /usr/bin/python3 Tests/EndToEnd/screenshots.py .build/debug/raypets docs/screenshots
Xvfb has no window manager, so windows sit at the top-left corner and have no decorations
beyond GTK's own client-side ones; dialogs open inside their window."""
import os
import signal
import subprocess
import sys
import tempfile

# Pictures, not a test: the accessibility check after each action (raypets_driver, a11y_check)
# is the end-to-end tier's job; E2E_A11Y=fail here makes the pictures wait for it.
os.environ.setdefault("E2E_A11Y", "off")
from raypets_driver import RayPets, wait_for  # noqa: E402  (reads E2E_A11Y)

binary, target = sys.argv[1], sys.argv[2]


def shoot(app, name, width=560, height=620):
    raw = app.screenshot(f"raw-{name}")
    subprocess.run(["convert", raw, "-crop", f"{width}x{height}+0+0", "+repage", f"{target}/{name}"], check=True)


app = RayPets(binary, tempfile.mkdtemp(), env={"XDG_CONFIG_HOME": tempfile.mkdtemp()})
try:
    app.wait_title("Welcome to RayPets")
    shoot(app, "welcome.png")
    app.click("Get started")
    app.wait_title("RayPets")
    shoot(app, "home.png")
    for answers in (["Well"], ["Sick", "Moderate"]):  # two requests in Whiskers' history
        app.click("Schedule appointment")
        app.wait_title("Which pet?", dialog=True)
        app.choose_row("Whiskers")
        app.wait_title("Visit type", dialog=True)
        for answer in answers:
            app.click(answer)
        app.wait_title("No appointment required", dialog=True)
        app.click("Okay")
        app.wait_no_dialog()
    app.click("My pets")
    app.wait_title("My pets")
    shoot(app, "pets.png")
    app.choose_row("Whiskers")
    app.wait_title("Whiskers")
    shoot(app, "pet-detail.png")
    app.click("Edit")
    app.wait_title("Edit Whiskers")
    app.keys("ctrl+a")
    app.type_text("Rex")  # another pet's name: the rule shows at the field, Save is disabled
    wait_for(lambda: "Another pet is already called Rex." in app.labels(), "the problem at the name")
    shoot(app, "pet-editor.png")
    app.keys("ctrl+a")
    app.type_text("Whiskers the Brave")
    app.click("Back")  # kept for Forward: a toast, no question
    app.wait_title("Whiskers")
    wait_for(lambda: "Changes to Whiskers kept" in app.labels(), "the toast")
    shoot(app, "changes-kept.png")
    app.click("Delete")
    app.wait_title("My pets")
    wait_for(lambda: "Whiskers deleted" in app.labels(), "the toast")
    shoot(app, "toast.png")
    app.click("Undo")
    wait_for(lambda: any(row.startswith("Whiskers") for row in app.rows()), "Whiskers back")
    app.click("Back")
    app.wait_title("RayPets")
    app.click("Schedule appointment")
    app.wait_title("Which pet?", dialog=True)
    shoot(app, "pet-picker.png")
    app.choose_row("Rex")
    app.wait_title("Visit type", dialog=True)
    app.click("Sick")
    app.wait_title("Pain level", dialog=True)
    # Narrow, as a phone is: the dialog becomes a sheet at the bottom (through 515 px, as a
    # drag would: see e2e_helpers.resize).
    for width in (515, 360, 515, 560):
        subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name", "^.+$",
                        "windowsize", "%@", str(width), "620"], check=True, timeout=10)
        if width == 360:
            app.wait_title("Pain level", dialog=True)
            shoot(app, "appointment-narrow.png", width=360)
    app.click("Cancel")  # kept, with Undo
    app.wait_no_dialog()
    app.select_tab("Learn")
    app.click("How to code")
    app.wait_title("I wake up")
    shoot(app, "how-to-code.png")
finally:
    app.quit()


def configured(welcome_done=True):
    folder = tempfile.mkdtemp()
    os.makedirs(folder + "/raypets")
    with open(folder + "/raypets/settings", "w") as settings:
        settings.write("welcome-completed=true\n")
    return folder


# The shortcuts window (Ctrl+?).
app = RayPets(binary, tempfile.mkdtemp(), env={"XDG_CONFIG_HOME": configured()})
try:
    app.wait_title("RayPets")
    app.keys("ctrl+question")
    wait_for(lambda: app.frame_named("Keyboard Shortcuts"), "the shortcuts window")
    shoot(app, "shortcuts.png", width=760, height=620)
finally:
    app.quit()

# The German UI.
app = RayPets(binary, tempfile.mkdtemp(), env={"XDG_CONFIG_HOME": configured(), "LANG": "de_DE.UTF-8", "LANGUAGE": "de"})
try:
    app.wait_title("RayPets")
    app.click("Termin vereinbaren")
    app.wait_title("Welches Tier?", dialog=True)
    app.choose_row("Rex")
    app.wait_title("Art des Besuchs", dialog=True)
    shoot(app, "german.png")
finally:
    app.quit()

# The dark variant, as the desktop asks for it through the settings portal.
portal = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "fake_portal.py"), "1"],
                          stdout=subprocess.PIPE, text=True)
try:
    portal.stdout.readline()
    app = RayPets(binary, tempfile.mkdtemp(), env={"XDG_CONFIG_HOME": configured()})
    try:
        app.wait_title("RayPets")
        app.select_tab("Learn")
        app.click("How to code")
        app.wait_title("I wake up")
        app.click("Next")
        app.wait_title("I go out")
        shoot(app, "dark.png")
    finally:
        app.quit()
finally:
    portal.send_signal(signal.SIGTERM)
    portal.wait(timeout=5)
