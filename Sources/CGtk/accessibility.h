/* CGtk: reading a widget's accessible attributes, for the accessibility check of the package's
 * tests (AccessibilityAudit). GTK 4.8 has no public getter for an accessible's name or its
 * relations; its test API (gtk_test_accessible_*, public since 4.0) tells whether one is set and
 * compares it with a value, which is all the check needs. */
#ifndef RAYPETS_CGTK_ACCESSIBILITY_H
#define RAYPETS_CGTK_ACCESSIBILITY_H

#include <gtk/gtk.h>

/* What a role asks of an accessible name, as GTK Inspector's accessibility overlay
 * (gtk/inspector/a11yoverlay.c, GTK 4.14 and later) classifies each role after WAI-ARIA. */
typedef enum {
    RP_NAMING_DISCRETIONARY,
    RP_NAMING_REQUIRED,      /* a label or labelled-by */
    RP_NAMING_RECOMMENDED,
    RP_NAMING_CONDITIONAL,   /* a name, from a label, labelled-by or text content */
    RP_NAMING_NOT_RECOMMENDED,
    RP_NAMING_PROHIBITED     /* no label */
} RpNaming;

static inline RpNaming rp_role_naming(GtkAccessibleRole role) {
    switch (role) {
    case GTK_ACCESSIBLE_ROLE_ALERT_DIALOG: case GTK_ACCESSIBLE_ROLE_DIALOG: case GTK_ACCESSIBLE_ROLE_GRID:
    case GTK_ACCESSIBLE_ROLE_IMG: case GTK_ACCESSIBLE_ROLE_LIST_BOX: case GTK_ACCESSIBLE_ROLE_METER:
    case GTK_ACCESSIBLE_ROLE_PROGRESS_BAR: case GTK_ACCESSIBLE_ROLE_RADIO_GROUP: case GTK_ACCESSIBLE_ROLE_REGION:
    case GTK_ACCESSIBLE_ROLE_SEARCH_BOX: case GTK_ACCESSIBLE_ROLE_SLIDER: case GTK_ACCESSIBLE_ROLE_SPIN_BUTTON:
    case GTK_ACCESSIBLE_ROLE_TABLE: case GTK_ACCESSIBLE_ROLE_TAB_PANEL: case GTK_ACCESSIBLE_ROLE_TEXT_BOX:
    case GTK_ACCESSIBLE_ROLE_TREE: case GTK_ACCESSIBLE_ROLE_TREE_GRID:
        return RP_NAMING_REQUIRED;
    case GTK_ACCESSIBLE_ROLE_BUTTON: case GTK_ACCESSIBLE_ROLE_CELL: case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_COLUMN_HEADER: case GTK_ACCESSIBLE_ROLE_COMBO_BOX: case GTK_ACCESSIBLE_ROLE_GRID_CELL:
    case GTK_ACCESSIBLE_ROLE_HEADING: case GTK_ACCESSIBLE_ROLE_LINK: case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX: case GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO:
    case GTK_ACCESSIBLE_ROLE_OPTION: case GTK_ACCESSIBLE_ROLE_RADIO: case GTK_ACCESSIBLE_ROLE_ROW:
    case GTK_ACCESSIBLE_ROLE_ROW_HEADER: case GTK_ACCESSIBLE_ROLE_SWITCH: case GTK_ACCESSIBLE_ROLE_TAB:
    case GTK_ACCESSIBLE_ROLE_TOOLTIP: case GTK_ACCESSIBLE_ROLE_TREE_ITEM:
#if GTK_CHECK_VERSION(4, 10, 0)
    case GTK_ACCESSIBLE_ROLE_TOGGLE_BUTTON:
#endif
        return RP_NAMING_CONDITIONAL;
    case GTK_ACCESSIBLE_ROLE_CAPTION: case GTK_ACCESSIBLE_ROLE_GENERIC: case GTK_ACCESSIBLE_ROLE_NONE:
    case GTK_ACCESSIBLE_ROLE_PRESENTATION: case GTK_ACCESSIBLE_ROLE_TIME:
        return RP_NAMING_PROHIBITED;
    case GTK_ACCESSIBLE_ROLE_FEED: case GTK_ACCESSIBLE_ROLE_FORM: case GTK_ACCESSIBLE_ROLE_MATH:
    case GTK_ACCESSIBLE_ROLE_MENU: case GTK_ACCESSIBLE_ROLE_MENU_BAR: case GTK_ACCESSIBLE_ROLE_NAVIGATION:
    case GTK_ACCESSIBLE_ROLE_SEARCH: case GTK_ACCESSIBLE_ROLE_TAB_LIST: case GTK_ACCESSIBLE_ROLE_TOOLBAR:
        return RP_NAMING_RECOMMENDED;
    case GTK_ACCESSIBLE_ROLE_LIST_ITEM: case GTK_ACCESSIBLE_ROLE_ROW_GROUP:
        return RP_NAMING_NOT_RECOMMENDED;
    default:
        return RP_NAMING_DISCRETIONARY;
    }
}

/* Whether `role` is one of ARIA's abstract roles, which no widget may have. */
static inline gboolean rp_role_is_abstract(GtkAccessibleRole role) {
    switch (role) {
    case GTK_ACCESSIBLE_ROLE_COMMAND: case GTK_ACCESSIBLE_ROLE_COMPOSITE: case GTK_ACCESSIBLE_ROLE_INPUT:
    case GTK_ACCESSIBLE_ROLE_LANDMARK: case GTK_ACCESSIBLE_ROLE_RANGE: case GTK_ACCESSIBLE_ROLE_SECTION:
    case GTK_ACCESSIBLE_ROLE_SECTION_HEAD: case GTK_ACCESSIBLE_ROLE_SELECT: case GTK_ACCESSIBLE_ROLE_STRUCTURE:
        return TRUE;
    default:
        return FALSE;
    }
}

/* The state a role must have (GTK_ACCESSIBLE_STATE_CHECKED for a check box, ...), with its
 * name in `kind`; -1 for a role that needs none (the overlay's required attributes). */
static inline int rp_role_required_state(GtkAccessibleRole role, const char **kind) {
    switch (role) {
    case GTK_ACCESSIBLE_ROLE_CHECKBOX: case GTK_ACCESSIBLE_ROLE_SWITCH:
        *kind = "checked"; return GTK_ACCESSIBLE_STATE_CHECKED;
    case GTK_ACCESSIBLE_ROLE_COMBO_BOX:
        *kind = "expanded"; return GTK_ACCESSIBLE_STATE_EXPANDED;
    default:
        *kind = NULL; return -1;
    }
}

/* Whether a widget of `role` inside widgets of the roles `context` (its ancestors') is in the
 * context the role needs (a list item in a list, ...); if not, `needs` names it. */
static inline gboolean rp_role_has_context(GtkAccessibleRole role, const unsigned *context, long count,
                                           const char **needs) {
    GtkAccessibleRole wanted[4] = {0};
    int n = 0;
    switch (role) {
    case GTK_ACCESSIBLE_ROLE_LIST_ITEM: wanted[n++] = GTK_ACCESSIBLE_ROLE_LIST; *needs = "list"; break;
    case GTK_ACCESSIBLE_ROLE_TAB: wanted[n++] = GTK_ACCESSIBLE_ROLE_TAB_LIST; *needs = "tab-list"; break;
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
        wanted[n++] = GTK_ACCESSIBLE_ROLE_GROUP; wanted[n++] = GTK_ACCESSIBLE_ROLE_MENU;
        wanted[n++] = GTK_ACCESSIBLE_ROLE_MENU_BAR; *needs = "group, menu or menu-bar"; break;
    case GTK_ACCESSIBLE_ROLE_OPTION:
        wanted[n++] = GTK_ACCESSIBLE_ROLE_GROUP; wanted[n++] = GTK_ACCESSIBLE_ROLE_LIST_BOX;
        *needs = "group or list-box"; break;
    case GTK_ACCESSIBLE_ROLE_ROW:
        wanted[n++] = GTK_ACCESSIBLE_ROLE_GRID; wanted[n++] = GTK_ACCESSIBLE_ROLE_ROW_GROUP;
        wanted[n++] = GTK_ACCESSIBLE_ROLE_TABLE; wanted[n++] = GTK_ACCESSIBLE_ROLE_TREE_GRID;
        *needs = "grid, row-group, table or tree-grid"; break;
    default:
        *needs = NULL; return TRUE;
    }
    for (long i = 0; i < count; i++)
        for (int j = 0; j < n; j++)
            if (context[i] == (unsigned)wanted[j]) return TRUE;
    return FALSE;
}

/* Whether assistive technologies pass over a widget of `role` to what is around it. */
static inline gboolean rp_role_is_presentational(GtkAccessibleRole role) {
    return role == GTK_ACCESSIBLE_ROLE_NONE || role == GTK_ACCESSIBLE_ROLE_PRESENTATION
        || role == GTK_ACCESSIBLE_ROLE_GENERIC;
}

/* The role's name as GTK spells it ("button", "text-box"). */
static inline const char *rp_role_name(GtkAccessibleRole role) {
    GEnumClass *roles = g_type_class_ref(GTK_TYPE_ACCESSIBLE_ROLE);
    GEnumValue *value = g_enum_get_value(roles, role);
    g_type_class_unref(roles);  /* GTK keeps its enum classes */
    return value != NULL ? value->value_nick : "unknown";
}

static inline GtkAccessibleRole rp_accessible_role(gpointer widget) {
    return gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(widget));
}

/* Whether the accessible label is set and not "". */
static inline gboolean rp_accessible_has_label(gpointer widget) {
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)) return FALSE;
    char *empty = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "");
    gboolean has = empty != NULL;  /* differs from "" */
    g_free(empty);
    return has;
}

/* Whether the accessible label is exactly `text`. */
static inline gboolean rp_accessible_label_is(gpointer widget, const char *text) {
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)) return FALSE;
    char *differs = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text);
    gboolean same = differs == NULL;
    g_free(differs);
    return same;
}

/* Whether the accessible description is exactly `text`. */
static inline gboolean rp_accessible_description_is(gpointer widget, const char *text) {
    if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
        return FALSE;
    char *differs = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text);
    gboolean same = differs == NULL;
    g_free(differs);
    return same;
}

static inline gboolean rp_accessible_has_labelled_by(gpointer widget) {
    return gtk_test_accessible_has_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

/* Whether `widget` is labelled by exactly `target` (and nothing else). */
static inline gboolean rp_accessible_labelled_by_is(gpointer widget, gpointer target) {
    char *differs = gtk_test_accessible_check_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                                       GTK_ACCESSIBLE(target), NULL);
    gboolean same = differs == NULL;
    g_free(differs);
    return same;
}

/* Whether the state `state` is set (GTK_ACCESSIBLE_STATE_CHECKED, ...). */
static inline gboolean rp_accessible_has_state(gpointer widget, GtkAccessibleState state) {
    return gtk_test_accessible_has_state(GTK_ACCESSIBLE(widget), state);
}

/* Whether the invalid state is "true" (set, and not false). */
static inline gboolean rp_accessible_invalid_is_true(gpointer widget) {
    char *differs = gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                                                    GTK_ACCESSIBLE_INVALID_TRUE);
    gboolean same = differs == NULL;
    g_free(differs);
    return same;
}

static inline gboolean rp_accessible_has_property(gpointer widget, GtkAccessibleProperty property) {
    return gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), property);
}

static inline gboolean rp_accessible_has_relation(gpointer widget, GtkAccessibleRelation relation) {
    return gtk_test_accessible_has_relation(GTK_ACCESSIBLE(widget), relation);
}

static inline gboolean rp_is_stack(gpointer p) { return GTK_IS_STACK(p); }

/* The title of the GtkStack page of `child`, or NULL. */
static inline const char *rp_stack_child_title(gpointer stack, gpointer child) {
    GtkStackPage *page = gtk_stack_get_page(GTK_STACK(stack), GTK_WIDGET(child));
    return page != NULL ? gtk_stack_page_get_title(page) : NULL;
}

static inline gpointer rp_stack_visible_child(gpointer stack) {
    return gtk_stack_get_visible_child(GTK_STACK(stack));
}

/* The action a control runs ("app.quit", "win.new-window"), or NULL. */
static inline const char *rp_actionable_action(gpointer widget) {
    return GTK_IS_ACTIONABLE(widget) ? gtk_actionable_get_action_name(GTK_ACTIONABLE(widget)) : NULL;
}

/* The action's target as text (newly allocated), or NULL. */
static inline char *rp_actionable_target(gpointer widget) {
    if (!GTK_IS_ACTIONABLE(widget)) return NULL;
    GVariant *target = gtk_actionable_get_action_target_value(GTK_ACTIONABLE(widget));
    return target != NULL ? g_variant_print(target, FALSE) : NULL;
}

#endif
