# Writes moves.js: the example moves of examples/moves/*.json as one JS object
# (window.STICKANIM_MOVES, by file name), so the page has them from file:// too. The JSON files are
# the one source; the browser test checks this copy equals them. Run by the web_sync target:
#   cmake -DMOVES=<examples/moves> -DOUT=<examples/web/moves.js> -P embed_moves.cmake
file(GLOB files ${MOVES}/*.json)
list(SORT files)
set(out "// Generated from examples/moves/*.json by embed_moves.cmake (the web_sync target): do not\n")
string(APPEND out "// edit; change the JSON files and rebuild web_sync.\nwindow.STICKANIM_MOVES = {\n")
foreach(f IN LISTS files)
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(STRIP "${text}" text)
  string(APPEND out "\"${name}\": ${text},\n")
endforeach()
string(APPEND out "};\n")
file(WRITE ${OUT} "${out}")
