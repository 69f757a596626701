/* Replays the fuzz corpus and the regression inputs through the same checks the fuzzers run, so
 * the normal suite (gcc included, no libFuzzer) keeps every finding fixed.
 *
 * usage: sa_fuzz_replay TARGET LIST
 * LIST is a text file naming one input file per line (CMake writes it from
 * tests/fuzz/corpus/TARGET/ and tests/fuzz/regressions/TARGET/). A failed check aborts with the
 * input's name; the exit status is 0 when every input passed. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>

typedef void (*fz_check_fn)(const uint8_t *data, size_t size);

typedef struct fz_target {
    const char *name;
    fz_check_fn check;
} fz_target;

#define SA_FUZZ_ROW(name) {#name, sa_fuzz_##name},
static const fz_target targets[] = {SA_FUZZ_TARGETS(SA_FUZZ_ROW)};
#undef SA_FUZZ_ROW

/* Reads a whole file; NULL when it cannot. */
static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    const int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    *size = n;
    return buf;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s TARGET LIST\n", argv[0]);
        return 2;
    }
    const fz_target *t = NULL;
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; ++i)
        if (strcmp(targets[i].name, argv[1]) == 0) t = &targets[i];
    if (!t) {
        fprintf(stderr, "%s: no fuzz target named %s\n", argv[0], argv[1]);
        return 2;
    }
    FILE *list = fopen(argv[2], "r");
    if (!list) {
        fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[2]);
        return 2;
    }
    char line[4096];
    int inputs = 0, unreadable = 0;
    while (fgets(line, sizeof line, list)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') continue;
        size_t size = 0;
        uint8_t *data = read_file(line, &size);
        if (!data) {
            fprintf(stderr, "%s: cannot read %s\n", argv[0], line);
            ++unreadable;
            continue;
        }
        sa_fuzz_current_input = line;
        t->check(data, size);
        sa_fuzz_current_input = NULL;
        free(data);
        ++inputs;
    }
    fclose(list);
    printf("fuzz replay %s: %d inputs passed\n", t->name, inputs);
    return unreadable ? 1 : 0;
}
