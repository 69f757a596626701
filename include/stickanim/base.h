/**
 * @file base.h
 * @brief Export macro, version and the one status enum every setup function reports.
 *
 * Per-frame functions in libstickanim never fail: for any input they return a finite, documented
 * result. Setup functions that can be misused (NULL pointers, zero counts, unsorted keys, bad
 * parent order, buffers too small) return an ::sa_status, and sa_status_string() says in words
 * what was wrong. The rules every public header follows (names, settings, output arrays, results)
 * are in @ref api_conventions.
 */
#ifndef STICKANIM_BASE_H
#define STICKANIM_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stickanim/version.h>

/**
 * @def SA_API (defined below for each platform)
 * @brief Marks a public symbol. Everything else in the library has hidden visibility.
 *
 * Building the shared library defines `SA_BUILDING_SHARED` (export). A consumer of the shared
 * library on Windows defines `SA_SHARED` (the CMake target does it for you) to import; static
 * use needs nothing, so the macro never defaults to `dllimport`.
 */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(SA_BUILDING_SHARED)
#define SA_API __declspec(dllexport)
#elif defined(SA_SHARED)
#define SA_API __declspec(dllimport)
#else
#define SA_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define SA_API __attribute__((visibility("default")))
#else
#define SA_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Result of a setup function. ::SA_OK is zero; every error is non-zero.
 *
 * Values are stable across versions (new codes are only appended) and the enum is pinned to
 * 32 bits so FFI bindings can treat it as an `int32_t`.
 */
typedef enum sa_status {
    SA_OK = 0,               /**< Success. */
    SA_ERR_NULL = 1,         /**< A required pointer argument was NULL. */
    SA_ERR_COUNT = 2,        /**< A count was zero, negative or otherwise out of range. */
    SA_ERR_UNSORTED = 3,     /**< Keys or markers were not sorted by time (ascending). */
    SA_ERR_NOT_FINITE = 4,   /**< A value was NaN or infinite where a finite one is needed. */
    SA_ERR_PARENT_ORDER = 5, /**< A joint's parent did not come before it (or was out of range). */
    SA_ERR_CAPACITY = 6,     /**< A caller-owned buffer was too small; query the size needed. */
    SA_ERR_TOO_MANY_JOINTS = 7, /**< More joints than the module supports (see its maximum). */
    SA_ERR_RANGE = 8,           /**< A parameter was outside its documented range. */
    SA_ERR_MISMATCH = 9, /**< Inputs that must agree in size (joint counts, channels) did not. */
    SA_STATUS_COUNT_,    /**< Number of codes; not a status. */
    SA_STATUS_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a status. */
} sa_status;

/**
 * @brief A short English description of a status code, e.g. "a required pointer was NULL".
 * @return A static, NUL-terminated string; "unknown status" for a value that is not a code.
 */
SA_API const char *sa_status_string(sa_status status);

/**
 * @brief The library's version as "MAJOR.MINOR.PATCH".
 *
 * Compare with ::SA_VERSION_STRING to detect a header/library mismatch at run time.
 */
SA_API const char *sa_version(void);

#ifdef __cplusplus
}
#endif

#endif
