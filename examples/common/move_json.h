/* A motion definition (sa_figure_move) read from the JSON the examples ship under
 * examples/moves/: the one source of the example moves for the frames and SDL examples and the
 * tests (the web lab parses the same files in JS). The library never does I/O; this is the
 * example side.
 *
 *   {
 *     "name": "sword combo", "duration": 1.8, "loop": false, "additive": false,
 *     "parts": ["spine", "head", "arm near", "arm far", "prop"],
 *     "fade in": 0.08, "fade out": 0.2, "travel": 0,
 *     "tracks": { "arm angle near": [[0, 0.1], [0.2, 2.6, "out cubic"], [1, 0.1]], ... },
 *     "events": [ { "name": "hit 1", "time": 0.22 }, ... ]
 *   }
 *
 * Track names are sa_figure_param_name()'s; a key is [time, value] (smooth) or
 * [time, value, "ease"], the ease one of "linear", "smooth", "in quad", "out quad",
 * "in out quad", "in cubic", "out cubic", "in out cubic", "out back". Parts: "legs", "spine",
 * "head", "arm near", "arm far", "prop", "all". Omitted numbers are 0, flags false, parts all. */
#ifndef EX_MOVE_JSON_H
#define EX_MOVE_JSON_H

#include <stddef.h>
#include <stickanim/figure.h>

enum { EX_MOVE_MAX_KEYS = 64, EX_MOVE_NAME = 48 };

/* The definition and the storage it points into: not copyable (ex_move_parse again instead). */
typedef struct ex_move {
    sa_figure_move move;
    sa_figure_move_track tracks[SA_FIGURE_MOVE_MAX_TRACKS];
    sa_track_key keys[SA_FIGURE_MOVE_MAX_TRACKS][EX_MOVE_MAX_KEYS];
    sa_figure_move_event events[SA_FIGURE_MOVE_MAX_EVENTS];
    char event_names[SA_FIGURE_MOVE_MAX_EVENTS][EX_MOVE_NAME];
    char name[EX_MOVE_NAME];
} ex_move;

/* Parses JSON text into *out; 0 on success, else 1 with a message in err (err_size bytes). The
 * definition is then checked with sa_figure_move_validate() (its status in the message). */
int ex_move_parse(const char *json, ex_move *out, char *err, size_t err_size);
/* The same from a file. */
int ex_move_load(const char *path, ex_move *out, char *err, size_t err_size);

#endif
