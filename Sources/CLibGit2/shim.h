// libgit2 for Swift: the header, plus wrappers for what Swift cannot call (variadic options).
#ifndef FLEETSCAN_CLIBGIT2_SHIM_H
#define FLEETSCAN_CLIBGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

/// git_libgit2_opts(GIT_OPT_SET_MWINDOW_FILE_LIMIT, n): how many pack files one process keeps open.
static inline int fleetscan_git_set_mwindow_file_limit(size_t limit) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_FILE_LIMIT, limit);
}

/// git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, n): bytes of pack files mapped at once.
static inline int fleetscan_git_set_mwindow_mapped_limit(size_t limit) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, limit);
}

/// git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, on): check object ids on read,
/// so a corrupt object is an error rather than wrong bytes.
static inline int fleetscan_git_set_strict_hash_verification(int on) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, on);
}
/// git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, n): objects of `type` up to `n` bytes
/// stay in the object cache (trees over 4 KiB are not cached by default, so a big folder's
/// tree would be parsed again for every diff that touches it).
static inline int fleetscan_git_set_cache_object_limit(git_object_t type, size_t limit) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, type, limit);
}

/// git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, n): bytes the object cache holds in all.
static inline int fleetscan_git_set_cache_max_size(ssize_t size) {
    return git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, size);
}

/// git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, ""): no configuration file at this level
/// (system, global, XDG, program data) is read.
static inline int fleetscan_git_clear_config_search_path(git_config_level_t level) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, "");
}

/// git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path): the certificate authorities
/// https fetches trust (a company's own CA, `SSL_CERT_FILE` / `SSL_CERT_DIR` as git honours them).
static inline int fleetscan_git_set_ssl_cert_locations(const char *file, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}
#endif
