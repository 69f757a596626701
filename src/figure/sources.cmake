# The stick figure's sources, relative to the repository root: the frame (figure.c), the
# pipeline's stages, the motion table and one file per motion. The top CMakeLists.txt includes this file.
set(SA_FIGURE_SOURCES
  src/figure/figure.c
  src/figure/state.c
  src/figure/blend.c
  src/figure/feet.c
  src/figure/solve.c
  src/figure/bones.c
  src/figure/secondary.c
  src/figure/motions.c
  src/figure/idle.c
  src/figure/locomotion.c
  src/figure/throw.c
  src/figure/jump.c
  src/figure/spear_form.c
  src/figure/spear_form_poses.c
  src/figure/spear_run.c
  src/figure/wave.c
  src/figure/body.c
  src/figure/air.c
  src/figure/land.c
  src/figure/swim.c
  src/figure/climb.c
  src/figure/ragdoll.c
  src/figure/getup.c
  src/figure/moves.c
)
