#!/usr/bin/env python3
"""The installed app as a user gets it (scripts/check-installed-app runs this in a clean
Debian 13 or Debian testing system, with `meson install`'s tree copied to /): started from its desktop file's
Exec line, Home, My pets and a pet's page, a raypets:// link to a pet handed to the running
app as the desktop hands it, and the German interface from the installed translations.

Usage: installed_app.py BINARY ARTIFACTS-FOLDER (BINARY: /usr/bin/raypets)."""
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e_helpers as helpers  # noqa: E402  (the tests' steps, without pytest)
from raypets_driver import RayPets  # noqa: E402

DESKTOP = "/usr/share/applications/io.github.raypets.RayPets.desktop"


def desktop_exec(argument):
    """The desktop file's Exec command with %U as a launcher fills it (one link)."""
    entry = dict(line.split("=", 1) for line in open(DESKTOP, encoding="utf-8").read().splitlines()
                 if "=" in line and not line.startswith("#"))
    words = shlex.split(entry["Exec"])
    return [argument if word in ("%U", "%u") else word for word in words if not word.startswith("%") or
            word in ("%U", "%u")]


def check(name, step):
    step()
    print(f"installed: {name}", flush=True)


def main():
    build = helpers.Build(sys.argv[1], sys.argv[2])
    icon = "/usr/share/icons/hicolor/scalable/apps/io.github.raypets.RayPets.svg"
    assert os.path.exists(icon), f"the desktop file's icon is not installed at {icon}"
    command = desktop_exec("raypets://clinic/pets/whiskers")
    assert command[0] == "raypets", command
    command[0] = build.binary

    config = helpers.config_dir(welcome_done=True)
    app = RayPets(build.binary, build.artifacts, env={"XDG_CONFIG_HOME": config})
    try:
        check("Home shown", lambda: helpers.check_home(app))
        check("My pets, then Whiskers' page, then Back twice", lambda: helpers.check_pets_list_detail_back(app))

        def link():
            done = subprocess.run(command, env=dict(os.environ, XDG_CONFIG_HOME=config), capture_output=True,
                                  timeout=20)
            assert done.returncode == 0, done.stderr
            app.wait_title("Whiskers")
            assert "Cat" in app.labels(), app.labels()
            app.screenshot("installed-pet-from-a-link.png")
        check("a link to a pet, run by the desktop file's Exec line, opens the pet's page in the running app", link)
    finally:
        app.quit()
    check("the German interface from the installed translations (LANG=de_DE.UTF-8)",
          lambda: helpers.check_german_ui(build))
    print("installed: all checks passed", flush=True)


if __name__ == "__main__":
    main()
