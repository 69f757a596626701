# The examples' shared code, included by each example's CMakeLists.txt (the first include defines
# the target, later ones do nothing): the motion lab driver (lab.c, the only file that talks to
# figure.h), the scene (pose -> ordered shapes built with limb.h), an anti-aliased rasteriser
# (canvas.c) and a compact SVG path writer (svg.c).

# sa_add_drawing_example(<target> <sources>...): an example program on the shared drawing code.
function(sa_add_drawing_example target)
  add_executable(${target} ${ARGN})
  target_link_libraries(${target} PRIVATE stickanim_examples_common)
  target_compile_options(${target} PRIVATE ${SA_WARNINGS})
endfunction()
if(TARGET stickanim_examples_common)
  return()
endif()
add_library(stickanim_examples_common STATIC
  ${CMAKE_CURRENT_LIST_DIR}/lab.c
  ${CMAKE_CURRENT_LIST_DIR}/scene.c
  ${CMAKE_CURRENT_LIST_DIR}/canvas.c
  ${CMAKE_CURRENT_LIST_DIR}/svg.c
  ${CMAKE_CURRENT_LIST_DIR}/output.c
  ${CMAKE_CURRENT_LIST_DIR}/move_json.c)
target_include_directories(stickanim_examples_common PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(stickanim_examples_common PUBLIC ${SA_TEST_TARGET})
target_compile_options(stickanim_examples_common PRIVATE ${SA_WARNINGS})
