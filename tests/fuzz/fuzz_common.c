#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

const char *sa_fuzz_current_input = NULL;

void sa_fuzz_fail(const char *file, int line, const char *what, double a, double b) {
    fprintf(stderr, "%s:%d: fuzz check failed: %s", file, line, what);
    if (a != 0.0 || b != 0.0) fprintf(stderr, " (%.9g, %.9g)", a, b);
    if (sa_fuzz_current_input) fprintf(stderr, " [input %s]", sa_fuzz_current_input);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}
