/* CGettext: GNU gettext from glibc (libintl.h), which Swift's Glibc module does not export.
 * Used by RayPets (pure Swift, no GTK) to translate its strings. */
#ifndef RAYPETS_CGETTEXT_SHIM_H
#define RAYPETS_CGETTEXT_SHIM_H
#include <libintl.h>
#include <locale.h>
#endif
