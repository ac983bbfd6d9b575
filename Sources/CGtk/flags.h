/* CGtk: the GLib flag values the Swift code uses, as constants Swift imports the same way on
 * every GLib. GLib 2.87+ marks its flag types G_GNUC_FLAG_ENUM, and Swift imports such a type as
 * an option set without the global constants (G_APPLICATION_HANDLES_OPEN is not in scope, and
 * GConnectFlags(0) does not compile); before, it imports them as a struct with the constants.
 * A `static const` of the flag type compiles against both imports, so Swift code names these,
 * never GLib's constants. To use another flag value: add its constant here, and a test that
 * reaches it (ARCHITECTURE.md, "Code that depends on the GTK version"). */
#ifndef RAYPETS_CGTK_FLAGS_H
#define RAYPETS_CGTK_FLAGS_H

#include <gtk/gtk.h>

static const GConnectFlags RP_CONNECT_DEFAULT = (GConnectFlags)0;
static const GApplicationFlags RP_APPLICATION_DEFAULT_FLAGS = G_APPLICATION_DEFAULT_FLAGS;
static const GApplicationFlags RP_APPLICATION_HANDLES_OPEN = G_APPLICATION_HANDLES_OPEN;
static const GOptionFlags RP_OPTION_FLAG_NONE = G_OPTION_FLAG_NONE;
static const GLogLevelFlags RP_LOG_LEVEL_DEBUG = G_LOG_LEVEL_DEBUG;
static const GLogLevelFlags RP_LOG_LEVEL_WARNING = G_LOG_LEVEL_WARNING;
static const GFileTest RP_FILE_TEST_EXISTS = G_FILE_TEST_EXISTS;
static const GResourceLookupFlags RP_RESOURCE_LOOKUP_FLAGS_NONE = G_RESOURCE_LOOKUP_FLAGS_NONE;

#endif
