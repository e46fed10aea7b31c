// libgit2 for Swift: the header, the table of the functions GitAccess calls, and wrappers for
// what Swift cannot call (variadic options). Nothing links libgit2: GitAccess's LibGit2.swift
// dlopens it on first use and fills the table, so a command that reads no repository (`rules`,
// `--version`) never loads it and the ~20 libraries it pulls in (Kerberos, mbedTLS, libssh2…).
// A call that bypasses the table names a symbol nothing provides and fails to link.
#ifndef FLEETSCAN_CLIBGIT2_SHIM_H
#define FLEETSCAN_CLIBGIT2_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

/// Every libgit2 function GitAccess calls; a new call needs its name here. VARIADIC marks the
/// one Swift cannot call, through the wrappers below.
#define FLEETSCAN_LIBGIT2_FUNCTIONS(X, VARIADIC) \
    X(git_blob_free) \
    X(git_blob_lookup) \
    X(git_blob_rawcontent) \
    X(git_blob_rawsize) \
    X(git_buf_dispose) \
    X(git_buf_set) \
    X(git_clone) \
    X(git_clone_options_init) \
    X(git_commit_author) \
    X(git_commit_free) \
    X(git_commit_lookup) \
    X(git_commit_parent_id) \
    X(git_commit_parentcount) \
    X(git_commit_summary) \
    X(git_commit_time) \
    X(git_commit_tree_id) \
    X(git_credential_userpass_plaintext_new) \
    X(git_diff_find_options_init) \
    X(git_diff_find_similar) \
    X(git_diff_free) \
    X(git_diff_get_delta) \
    X(git_diff_num_deltas) \
    X(git_diff_tree_to_tree) \
    X(git_error_clear) \
    X(git_error_last) \
    X(git_error_set_str) \
    X(git_fetch_options_init) \
    X(git_libgit2_init) \
    VARIADIC(git_libgit2_opts) \
    X(git_libgit2_version) \
    X(git_object_free) \
    X(git_object_id) \
    X(git_object_peel) \
    X(git_odb_add_backend) \
    X(git_odb_backend_data_alloc) \
    X(git_odb_backend_pack) \
    X(git_odb_exists) \
    X(git_odb_free) \
    X(git_odb_hash) \
    X(git_odb_init_backend) \
    X(git_odb_new) \
    X(git_odb_read_header) \
    X(git_oid_equal) \
    X(git_reference_dwim) \
    X(git_reference_free) \
    X(git_reference_lookup) \
    X(git_reference_name_to_id) \
    X(git_reference_resolve) \
    X(git_reference_symbolic_target) \
    X(git_reference_target) \
    X(git_remote_add_fetch) \
    X(git_remote_connect) \
    X(git_remote_create_with_fetchspec) \
    X(git_remote_default_branch) \
    X(git_remote_fetch) \
    X(git_remote_free) \
    X(git_remote_lookup) \
    X(git_remote_set_url) \
    X(git_remote_url) \
    X(git_repository_commondir) \
    X(git_repository_free) \
    X(git_repository_init_ext) \
    X(git_repository_init_options_init) \
    X(git_repository_is_empty) \
    X(git_repository_is_shallow) \
    X(git_repository_odb) \
    X(git_repository_open_ext) \
    X(git_repository_path) \
    X(git_repository_set_head) \
    X(git_repository_set_odb) \
    X(git_revparse_single) \
    X(git_tree_entry_byindex) \
    X(git_tree_entry_bypath) \
    X(git_tree_entry_cmp) \
    X(git_tree_entry_filemode) \
    X(git_tree_entry_free) \
    X(git_tree_entry_id) \
    X(git_tree_entry_name) \
    X(git_tree_entrycount) \
    X(git_tree_free) \
    X(git_tree_lookup)

/// The functions, each field typed from libgit2's own declaration (`__typeof__` does not
/// reference the symbol, so nothing links it). A variadic function is stored untyped as
/// `name_untyped`: Swift imports no variadic function type (and a struct holding one would not
/// be Sendable); the wrappers below cast it back to its declared type.
typedef void (*fleetscan_untyped_function)(void);
typedef struct fleetscan_libgit2 {
#define FLEETSCAN_FIELD(name) __typeof__(&name) _Nonnull name;
#define FLEETSCAN_UNTYPED_FIELD(name) fleetscan_untyped_function _Nonnull name##_untyped;
    FLEETSCAN_LIBGIT2_FUNCTIONS(FLEETSCAN_FIELD, FLEETSCAN_UNTYPED_FIELD)
#undef FLEETSCAN_UNTYPED_FIELD
#undef FLEETSCAN_FIELD
} fleetscan_libgit2;

/// Fills `lib` from `library` (what dlopen returned): NULL, or the name of the first function
/// the library lacks.
static inline const char *_Nullable fleetscan_libgit2_load(void *_Nonnull library, fleetscan_libgit2 *_Nonnull lib) {
#define FLEETSCAN_LOOK_UP(name) if (!(lib->name = (__typeof__(&name))dlsym(library, #name))) return #name;
#define FLEETSCAN_LOOK_UP_UNTYPED(name) if (!(lib->name##_untyped = (fleetscan_untyped_function)dlsym(library, #name))) return #name;
    FLEETSCAN_LIBGIT2_FUNCTIONS(FLEETSCAN_LOOK_UP, FLEETSCAN_LOOK_UP_UNTYPED)
#undef FLEETSCAN_LOOK_UP_UNTYPED
#undef FLEETSCAN_LOOK_UP
    return NULL;
}

/// git_libgit2_opts as libgit2 declares it.
#define FLEETSCAN_GIT_OPTS(lib) ((__typeof__(&git_libgit2_opts))(lib)->git_libgit2_opts_untyped)

/// git_libgit2_opts(GIT_OPT_SET_MWINDOW_FILE_LIMIT, n): how many pack files one process keeps open.
static inline int fleetscan_git_set_mwindow_file_limit(const fleetscan_libgit2 *_Nonnull lib, size_t limit) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_MWINDOW_FILE_LIMIT, limit);
}

/// git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, n): bytes of a pack file one window maps.
static inline int fleetscan_git_set_mwindow_size(const fleetscan_libgit2 *_Nonnull lib, size_t size) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_MWINDOW_SIZE, size);
}

/// git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, n): bytes of pack files mapped at once.
static inline int fleetscan_git_set_mwindow_mapped_limit(const fleetscan_libgit2 *_Nonnull lib, size_t limit) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, limit);
}

/// git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, on): whether libgit2 hashes every
/// object it reads to check its id (GitAccess turns it off and checks the blobs whose analyses
/// are shared itself: `GitRepository.verifyBlob`).
static inline int fleetscan_git_set_strict_hash_verification(const fleetscan_libgit2 *_Nonnull lib, int on) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, on);
}
/// git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, n): objects of `type` up to `n` bytes
/// stay in the object cache (trees over 4 KiB are not cached by default, so a big folder's
/// tree would be parsed again for every diff that touches it).
static inline int fleetscan_git_set_cache_object_limit(const fleetscan_libgit2 *_Nonnull lib, git_object_t type, size_t limit) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, limit);
}

/// git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, n): bytes the object cache holds in all.
static inline int fleetscan_git_set_cache_max_size(const fleetscan_libgit2 *_Nonnull lib, ssize_t size) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_CACHE_MAX_SIZE, size);
}

/// git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, ""): no configuration file at this level
/// (system, global, XDG, program data) is read.
static inline int fleetscan_git_clear_config_search_path(const fleetscan_libgit2 *_Nonnull lib, git_config_level_t level) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_SEARCH_PATH, level, "");
}

/// git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path): the certificate authorities
/// https fetches trust (a company's own CA, `SSL_CERT_FILE` / `SSL_CERT_DIR` as git honours them).
static inline int fleetscan_git_set_ssl_cert_locations(const fleetscan_libgit2 *_Nonnull lib, const char *_Nullable file, const char *_Nullable path) {
    return FLEETSCAN_GIT_OPTS(lib)(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}
#endif
