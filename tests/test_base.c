#include "test_support.h"

#include <string.h>

#include <stickanim/abi.h>
#include <stickanim/base.h>
#include <stickanim/figure.h>

/* Bad input first: a value that is not a status still gets a string, never NULL. */
static void test_base_unknown_status_has_a_string(void **state) {
    (void)state;
    assert_string_equal(sa_status_string((sa_status)12345), "unknown status");
    assert_string_equal(sa_status_string(SA_STATUS_COUNT_), "unknown status");
    assert_string_equal(sa_status_string((sa_status)-1), "unknown status");
}

static void test_base_every_status_says_what_is_wrong(void **state) {
    (void)state;
    assert_string_equal(sa_status_string(SA_OK), "ok");
    for (int s = 1; s < (int)SA_STATUS_COUNT_; ++s) {
        const char *text = sa_status_string((sa_status)s);
        assert_non_null(text);
        assert_true(strlen(text) > 8);
        assert_string_not_equal(text, "unknown status");
        for (int t = 1; t < s; ++t)
            assert_string_not_equal(text, sa_status_string((sa_status)t));
    }
}

static void test_base_version_matches_header(void **state) {
    (void)state;
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", SA_VERSION_MAJOR, SA_VERSION_MINOR,
             SA_VERSION_PATCH);
    assert_string_equal(sa_version(), expected);
    assert_string_equal(sa_version(), SA_VERSION_STRING);
    assert_int_equal(SA_VERSION_NUMBER,
                     SA_VERSION_MAJOR * 10000 + SA_VERSION_MINOR * 100 + SA_VERSION_PATCH);
}

static void test_base_enums_are_32_bits(void **state) {
    (void)state;
    assert_int_equal(sizeof(sa_status), 4);
    assert_int_equal(sizeof(sa_abi_type), 4);
    assert_int_equal(sizeof(sa_figure_side), 4);
    assert_int_equal(sizeof(sa_figure_joint), 4);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_unknown_status_has_a_string),
        cmocka_unit_test(test_base_every_status_says_what_is_wrong),
        cmocka_unit_test(test_base_version_matches_header),
        cmocka_unit_test(test_base_enums_are_32_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
