#define _XOPEN_SOURCE 700
#include "output.h"

#include <stdio.h>
#include <stdlib.h>

void ex_print_wrote(const char *path, const char *detail) {
    char *abs = realpath(path, NULL);
    printf("wrote %s%s%s\n", abs ? abs : path, detail && *detail ? " " : "", detail ? detail : "");
    free(abs);
}
