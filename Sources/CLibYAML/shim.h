// libyaml for Swift: the header and the table of the functions YAMLAccess calls. Nothing links
// libyaml: YAMLAccess's LibYAML.swift dlopens it when a YAML document is first parsed. A call that
// bypasses the table names a symbol nothing provides and fails to link.
#ifndef FLEETSCAN_CLIBYAML_SHIM_H
#define FLEETSCAN_CLIBYAML_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <yaml.h>

/// Every libyaml function YAMLAccess calls; a new call needs its name here.
#define FLEETSCAN_LIBYAML_FUNCTIONS(X) \
    X(yaml_event_delete) \
    X(yaml_parser_delete) \
    X(yaml_parser_initialize) \
    X(yaml_parser_parse) \
    X(yaml_parser_set_input_string)

/// The functions, each field typed from libyaml's own declaration (`__typeof__` does not
/// reference the symbol, so nothing links it).
typedef struct fleetscan_libyaml {
#define FLEETSCAN_FIELD(name) __typeof__(&name) _Nonnull name;
    FLEETSCAN_LIBYAML_FUNCTIONS(FLEETSCAN_FIELD)
#undef FLEETSCAN_FIELD
} fleetscan_libyaml;

/// Fills `lib` from `library` (what dlopen returned): NULL, or the name of the first function
/// the library lacks.
static inline const char *_Nullable fleetscan_libyaml_load(void *_Nonnull library, fleetscan_libyaml *_Nonnull lib) {
#define FLEETSCAN_LOOK_UP(name) if (!(lib->name = (__typeof__(&name))dlsym(library, #name))) return #name;
    FLEETSCAN_LIBYAML_FUNCTIONS(FLEETSCAN_LOOK_UP)
#undef FLEETSCAN_LOOK_UP
    return NULL;
}
#endif
