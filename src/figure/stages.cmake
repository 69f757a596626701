# The stick figure's stages (one file per motion), relative to the repository root; the top
# CMakeLists.txt includes this file when src/figure.c exists.
set(SA_FIGURE_STAGES
  src/figure/idle.c
  src/figure/locomotion.c
  src/figure/throw.c
  src/figure/jump.c
  src/figure/spear_form.c
  src/figure/spear_form_poses.c
  src/figure/spear_run.c
)
