#include "move_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A small reader for the subset of JSON the move files use: objects, arrays, strings without
 * escapes but \" and \\, numbers, true and false. */
typedef struct reader {
    const char *p;
    char *err;
    size_t err_size;
    int failed;
} reader;

static int fail(reader *r, const char *fmt, ...) {
    if (!r->failed && r->err && r->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err, r->err_size, fmt, ap);
        va_end(ap);
    }
    r->failed = 1;
    return 1;
}

static void skip_ws(reader *r) {
    while (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t')
        ++r->p;
}

static int take(reader *r, char c) {
    skip_ws(r);
    if (*r->p != c) return 0;
    ++r->p;
    return 1;
}

static int expect(reader *r, char c) {
    if (take(r, c)) return 0;
    return fail(r, "expected '%c' near \"%.20s\"", c, r->p);
}

static int read_string(reader *r, char *out, size_t size) {
    if (expect(r, '"')) return 1;
    size_t n = 0;
    while (*r->p && *r->p != '"') {
        char c = *r->p++;
        if (c == '\\' && *r->p) c = *r->p++;
        if (n + 1 < size) out[n++] = c;
    }
    if (size) out[n] = '\0';
    return expect(r, '"');
}

static int read_number(reader *r, float *out) {
    skip_ws(r);
    char *end = NULL;
    const double v = strtod(r->p, &end);
    if (end == r->p) return fail(r, "expected a number near \"%.20s\"", r->p);
    r->p = end;
    *out = (float)v;
    return 0;
}

static int read_bool(reader *r, bool *out) {
    skip_ws(r);
    if (strncmp(r->p, "true", 4) == 0) {
        r->p += 4;
        *out = true;
        return 0;
    }
    if (strncmp(r->p, "false", 5) == 0) {
        r->p += 5;
        *out = false;
        return 0;
    }
    return fail(r, "expected true or false near \"%.20s\"", r->p);
}

static const char *const EASES[] = {"linear",    "smooth",       "in quad",
                                    "out quad",  "in out quad",  "in cubic",
                                    "out cubic", "in out cubic", "out back"};

static int read_key(reader *r, sa_track_key *k) {
    if (expect(r, '[') || read_number(r, &k->t) || expect(r, ',') || read_number(r, &k->v))
        return 1;
    k->ease = SA_EASE_SMOOTH;
    if (take(r, ',')) {
        char name[32];
        if (read_string(r, name, sizeof name)) return 1;
        size_t e = 0;
        while (e < sizeof EASES / sizeof EASES[0] && strcmp(EASES[e], name) != 0)
            ++e;
        if (e == sizeof EASES / sizeof EASES[0]) return fail(r, "unknown ease \"%s\"", name);
        k->ease = (sa_ease)e;
    }
    return expect(r, ']');
}

static int read_track(reader *r, ex_move *m, const char *param) {
    if (m->move.track_count >= SA_FIGURE_MOVE_MAX_TRACKS) return fail(r, "too many tracks");
    int id = 0;
    while (id < SA_FIGURE_PARAM_COUNT_ && strcmp(sa_figure_param_name((sa_figure_param)id), param))
        ++id;
    if (id == SA_FIGURE_PARAM_COUNT_) return fail(r, "unknown parameter \"%s\"", param);
    const size_t t = m->move.track_count++;
    m->tracks[t].param = (sa_figure_param)id;
    m->tracks[t].keys = m->keys[t];
    m->tracks[t].count = 0;
    if (expect(r, '[')) return 1;
    if (take(r, ']')) return 0;
    do {
        if (m->tracks[t].count >= EX_MOVE_MAX_KEYS)
            return fail(r, "too many keys in \"%s\"", param);
        if (read_key(r, &m->keys[t][m->tracks[t].count++])) return 1;
    } while (take(r, ','));
    return expect(r, ']');
}

static int read_tracks(reader *r, ex_move *m) {
    if (expect(r, '{')) return 1;
    if (take(r, '}')) return 0;
    do {
        char param[32];
        if (read_string(r, param, sizeof param) || expect(r, ':') || read_track(r, m, param))
            return 1;
    } while (take(r, ','));
    return expect(r, '}');
}

static int read_event(reader *r, ex_move *m) {
    if (m->move.event_count >= SA_FIGURE_MOVE_MAX_EVENTS) return fail(r, "too many events");
    const size_t e = m->move.event_count++;
    m->events[e].name = m->event_names[e];
    m->events[e].time = 0.0f;
    m->event_names[e][0] = '\0';
    if (expect(r, '{')) return 1;
    if (take(r, '}')) return 0;
    do {
        char key[16];
        if (read_string(r, key, sizeof key) || expect(r, ':')) return 1;
        if (strcmp(key, "name") == 0) {
            if (read_string(r, m->event_names[e], EX_MOVE_NAME)) return 1;
        } else if (strcmp(key, "time") == 0) {
            if (read_number(r, &m->events[e].time)) return 1;
        } else {
            return fail(r, "unknown event field \"%s\"", key);
        }
    } while (take(r, ','));
    return expect(r, '}');
}

static int read_events(reader *r, ex_move *m) {
    if (expect(r, '[')) return 1;
    if (take(r, ']')) return 0;
    do {
        if (read_event(r, m)) return 1;
    } while (take(r, ','));
    return expect(r, ']');
}

static const char *const PARTS[] = {"legs", "spine", "head", "arm near", "arm far", "prop"};

static int read_parts(reader *r, ex_move *m) {
    m->move.parts = 0u;
    if (expect(r, '[')) return 1;
    if (take(r, ']')) return 0;
    do {
        char name[16];
        if (read_string(r, name, sizeof name)) return 1;
        if (strcmp(name, "all") == 0) {
            m->move.parts |= (uint32_t)SA_FIGURE_PART_ALL;
            continue;
        }
        size_t i = 0;
        while (i < sizeof PARTS / sizeof PARTS[0] && strcmp(PARTS[i], name) != 0)
            ++i;
        if (i == sizeof PARTS / sizeof PARTS[0]) return fail(r, "unknown part \"%s\"", name);
        m->move.parts |= 1u << i;
    } while (take(r, ','));
    return expect(r, ']');
}

static int read_field(reader *r, ex_move *m, const char *key) {
    sa_figure_move *d = &m->move;
    if (strcmp(key, "name") == 0) return read_string(r, m->name, sizeof m->name);
    if (strcmp(key, "duration") == 0) return read_number(r, &d->duration);
    if (strcmp(key, "loop") == 0) return read_bool(r, &d->loop);
    if (strcmp(key, "additive") == 0) return read_bool(r, &d->additive);
    if (strcmp(key, "fade in") == 0) return read_number(r, &d->fade_in);
    if (strcmp(key, "fade out") == 0) return read_number(r, &d->fade_out);
    if (strcmp(key, "travel") == 0) return read_number(r, &d->travel);
    if (strcmp(key, "parts") == 0) return read_parts(r, m);
    if (strcmp(key, "tracks") == 0) return read_tracks(r, m);
    if (strcmp(key, "events") == 0) return read_events(r, m);
    if (strcmp(key, "comment") == 0) {
        char skip[512];
        return read_string(r, skip, sizeof skip);
    }
    return fail(r, "unknown field \"%s\"", key);
}

int ex_move_parse(const char *json, ex_move *out, char *err, size_t err_size) {
    memset(out, 0, sizeof *out);
    out->move.name = out->name;
    out->move.tracks = out->tracks;
    out->move.events = out->events;
    out->move.parts = (uint32_t)SA_FIGURE_PART_ALL;
    reader r = {json ? json : "", err, err_size, 0};
    if (err && err_size) err[0] = '\0';
    if (expect(&r, '{')) return 1;
    if (!take(&r, '}')) {
        do {
            char key[32];
            if (read_string(&r, key, sizeof key) || expect(&r, ':') || read_field(&r, out, key))
                return 1;
        } while (take(&r, ','));
        if (expect(&r, '}')) return 1;
    }
    size_t bad = SA_TRACK_NO_KEY;
    const sa_status st = sa_figure_move_validate(&out->move, &bad);
    if (st != SA_OK) {
        if (bad != SA_TRACK_NO_KEY)
            return fail(&r, "%s: track \"%s\": %s", out->name,
                        sa_figure_param_name(out->tracks[bad].param), sa_status_string(st));
        return fail(&r, "%s: %s", out->name, sa_status_string(st));
    }
    return 0;
}

int ex_move_load(const char *path, ex_move *out, char *err, size_t err_size) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (err && err_size) snprintf(err, err_size, "cannot open %s", path);
        return 1;
    }
    static char text[1 << 16];
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return ex_move_parse(text, out, err, err_size);
}
