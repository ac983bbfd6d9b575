# Sourced by the benchmark scripts after they build: from here on, every program they run sees
# a private, empty HOME and XDG folders (only the font and shader caches stay the user's, so a
# run does not rebuild them), so no benchmark reads or writes the user's real RayPets data,
# settings or state. On exit it checks that the user's RayPets folders are as they were, and
# fails the run if not.
real_folders=("${XDG_DATA_HOME:-$HOME/.local/share}/raypets" "${XDG_CONFIG_HOME:-$HOME/.config}/raypets"
              "${XDG_STATE_HOME:-$HOME/.local/state}/raypets")
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$HOME/.cache}"
fingerprint_real_folders() {
    for folder in "${real_folders[@]}"; do
        if [ -e "$folder" ]; then find "$folder" -printf '%p %s %T@\n' | sort; else echo "$folder absent"; fi
    done
}
real_before="$(fingerprint_real_folders)"
private_home="$(mktemp -d /tmp/raypets-bench-home.XXXXXX)"
export HOME="$private_home" XDG_DATA_HOME="$private_home/data" XDG_CONFIG_HOME="$private_home/config" \
    XDG_STATE_HOME="$private_home/state"
check_real_folders() {
    rm -rf "$private_home"
    if [ "$(fingerprint_real_folders)" != "$real_before" ]; then
        echo "benchmarks: the user's RayPets folders changed during the run (a RayPets of the user's" >&2
        echo "own running meanwhile changes them too):" >&2
        diff <(echo "$real_before") <(fingerprint_real_folders) >&2 || true
        exit 1
    fi
}
trap check_real_folders EXIT
