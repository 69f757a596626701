// Generated from examples/moves/*.json by embed_moves.cmake (the web_sync target): do not
// edit; change the JSON files and rebuild web_sync.
window.STICKANIM_MOVES = {
"flinch": {
  "comment": "A hurt flinch: the upper body snaps back, the arms come up in front of the face, then it recovers.",
  "name": "flinch",
  "duration": 0.7,
  "loop": false,
  "parts": ["spine", "head", "arm near", "arm far"],
  "fade in": 0.05,
  "fade out": 0.35,
  "tracks": {
    "lean": [[0, 0.1], [0.15, -0.3, "out cubic"], [0.5, -0.15], [1, 0.05]],
    "head tilt": [[0, 0.0], [0.15, -0.4, "out cubic"], [0.6, -0.1], [1, 0.0]],
    "arm angle near": [[0, 0.5], [0.15, 1.7, "out cubic"], [0.6, 1.5], [1, 0.5]],
    "arm flex near": [[0, 0.5], [0.15, 1.4, "out cubic"], [0.6, 1.3], [1, 0.6]],
    "arm angle far": [[0, 0.3], [0.15, 1.5, "out cubic"], [0.6, 1.3], [1, 0.3]],
    "arm flex far": [[0, 0.5], [0.15, 1.5, "out cubic"], [0.6, 1.3], [1, 0.6]]
  },
  "events": [{"name": "hurt", "time": 0.0}]
},
"sword_combo": {
  "comment": "A three-hit sword combo for the near hand: an overhead chop, a level slash, a thrust. Played as a layer over the walk or the run: the legs keep the gait.",
  "name": "sword combo",
  "duration": 1.6,
  "loop": false,
  "parts": ["spine", "head", "arm near", "arm far", "prop"],
  "fade in": 0.12,
  "fade out": 0.25,
  "tracks": {
    "arm angle near": [[0, 0.5], [0.12, 2.1, "out cubic"], [0.22, 1.1], [0.3, 0.5],
                       [0.4, 1.0, "out cubic"], [0.5, 1.6], [0.58, 1.8], [0.68, -0.3, "out cubic"],
                       [0.8, 1.45], [0.88, 1.45], [1, 0.5]],
    "arm flex near": [[0, 1.3], [0.12, 1.25, "out cubic"], [0.22, 0.15], [0.3, 0.4],
                      [0.4, 2.1, "out cubic"], [0.5, 0.05], [0.58, 0.2], [0.68, 1.3, "out cubic"],
                      [0.8, 0.0], [0.88, 0.05], [1, 1.3]],
    "blade": [[0, 1], [1, 1]],
    "blade angle": [[0, -0.9], [0.12, -0.3, "out cubic"], [0.22, -0.1], [0.3, 0.2],
                    [0.4, 0.4, "out cubic"], [0.5, -0.05], [0.58, -0.2], [0.68, -1.2, "out cubic"],
                    [0.8, 0.0], [0.88, 0.0], [1, -0.9]],
    "arm angle far": [[0, 0.2], [0.12, 0.7], [0.22, -0.5], [0.4, 0.5], [0.5, -0.4], [0.68, 0.6],
                      [0.8, -0.6], [0.88, -0.6], [1, 0.2]],
    "arm flex far": [[0, 0.9], [0.12, 1.0], [0.22, 0.6], [0.4, 1.0], [0.5, 0.6], [0.68, 1.0],
                     [0.8, 0.5], [1, 0.9]],
    "lean": [[0, 0.15], [0.12, 0.02, "out cubic"], [0.22, 0.35], [0.4, 0.1, "out cubic"],
             [0.5, 0.3], [0.68, 0.05, "out cubic"], [0.8, 0.4], [0.88, 0.38], [1, 0.15]],
    "head tilt": [[0, 0.05], [0.12, -0.1], [0.22, 0.15], [0.4, 0.0], [0.5, 0.12], [0.68, -0.05],
                  [0.8, 0.1], [1, 0.05]]
  },
  "events": [
    {"name": "hit 1", "time": 0.22},
    {"name": "hit 2", "time": 0.5},
    {"name": "hit 3", "time": 0.8}
  ]
},
"wave": {
  "comment": "Waving hello with the near arm while the rest of the body goes on with what it does.",
  "name": "wave",
  "duration": 2.0,
  "loop": false,
  "parts": ["arm near", "head"],
  "fade in": 0.3,
  "fade out": 0.35,
  "tracks": {
    "arm angle near": [[0, 2.0], [1, 2.0]],
    "arm flex near": [[0, 0.6], [0.15, 1.25], [0.3, 0.5], [0.45, 1.25], [0.6, 0.5], [0.75, 1.25],
                      [0.9, 0.6], [1, 0.6]],
    "head tilt": [[0, -0.1], [1, -0.1]]
  },
  "events": [{"name": "hello", "time": 0.15}]
},
};
