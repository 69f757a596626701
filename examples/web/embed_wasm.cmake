# cmake -DBASE64=<base64 program> -DIN=<file.wasm> -DOUT=<file.js> [-DCOMMITTED=<file.js>] -P embed_wasm.cmake
# Writes a classic script that puts the module's bytes, base64, on window.STICKANIM_WASM_BASE64:
# a page loaded from file:// cannot fetch() a .wasm in Chromium, but it can load a <script>.
execute_process(COMMAND ${BASE64} -w 0 ${IN} OUTPUT_VARIABLE b64 RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "base64 failed on ${IN}")
endif()
string(STRIP "${b64}" b64)
file(WRITE ${OUT} "/* Generated from stickanim.wasm by embed_wasm.cmake; do not edit. */\n"
                  "window.STICKANIM_WASM_BASE64 = \"${b64}\";\n")

# The committed copy (what file:// users open without building) should match the fresh build.
if(COMMITTED)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT} ${COMMITTED} RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(STATUS "note: examples/web/stickanim_wasm.js differs from this build; after a library "
                   "change run `cmake --build <dir> --target web_sync` and commit both files")
  endif()
endif()
