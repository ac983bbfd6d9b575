"""Takes the README's screenshots from the real app (run under scripts/with-display):
    scripts/with-display /usr/bin/python3 Tests/EndToEnd/screenshots.py .build/debug/raypets docs/screenshots
Xvfb has no window manager, so windows sit at the top-left corner and have no decorations
beyond GTK's own client-side ones."""
import subprocess
import sys
import tempfile

from raypets_driver import RayPets

binary, target = sys.argv[1], sys.argv[2]


def shoot(app, name, width=560, height=520):
    raw = app.screenshot(f"raw-{name}")
    subprocess.run(["convert", raw, "-crop", f"{width}x{height}+0+0", "+repage", f"{target}/{name}"], check=True)


app = RayPets(binary, tempfile.mkdtemp())
try:
    app.wait_title("RayPets")
    shoot(app, "home.png")
    app.click("Schedule appointment")
    app.wait_title("Visit type", dialog=True)
    app.click("Sick")
    app.wait_title("Pain level", dialog=True)
    shoot(app, "appointment.png")
    app.click("Cancel")
    app.wait_no_dialog()
    app.click("How to code")
    app.wait_title("I wake up")
    shoot(app, "how-to-code.png")
finally:
    app.quit()
