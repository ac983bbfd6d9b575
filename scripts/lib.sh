# Shared by scripts/run and scripts/test. Source it; don't run it.

# Installs the Debian packages in "$@" that are not installed yet (apt-get, as root or via sudo).
install_missing_packages() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; return 1; }
        sudo="sudo"
    fi
    echo "Installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

require_swift() {
    command -v swift >/dev/null || {
        echo "Swift 6 is not on PATH. Install it from swift.org (Linux, Debian 12) and try again." >&2
        return 1
    }
}

# What building and running the app needs.
APP_PACKAGES=(libgtk-4-dev libsqlite3-dev pkg-config gettext)
# What the test suite needs on top: a private X server, a headless Wayland compositor (weston)
# and session bus, AT-SPI from Python, the locales the German runs use (de_DE.UTF-8: glibc 2.41
# ignores LANGUAGE=de under LANG=C.UTF-8, 2.36 did not), Orca (the end-to-end tier hears
# the app through it, Tests/EndToEnd/test_orca.py), ImageMagick's `import` for screenshots of
# failures, and gdb with binutils' nm, which trace the walks (scripts/check-walks).
TEST_PACKAGES=(locales-all weston xvfb xauth x11-utils dbus at-spi2-core python3-pyatspi python3-pytest gir1.2-atspi-2.0 python3-gi orca imagemagick xdotool desktop-file-utils appstream meson ninja-build valgrind libglib2.0-bin gdb binutils)

# What swift-format lints (scripts/test) and formats: every Swift file of the project.
FORMATTED_PATHS="Package.swift Sources Tests Benchmarks/RayPetsBench Benchmarks/StartupBench Examples/RecipeBox/Package.swift Examples/RecipeBox/Sources Examples/RecipeBox/Tests Fuzz"
