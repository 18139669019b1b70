/* test_run.c - placeholder */
#include "unit.h"
START_TEST(placeholder) { ck_assert_int_eq(1, 1); }
END_TEST
void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("run");
    TCase *tc = tcase_create("placeholder");
    tcase_add_test(tc, placeholder);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
