# cmake -DFROM=<build dir> -DTO=<examples/web> -P sync_wasm.cmake
# Copies the fresh stickanim.wasm and stickanim_wasm.js over the committed ones (mode 644: the
# linker marks the .wasm executable, which git would record).
file(COPY ${FROM}/stickanim.wasm ${FROM}/stickanim_wasm.js DESTINATION ${TO}
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
message(STATUS "Updated ${TO}/stickanim.wasm and stickanim_wasm.js; commit them")
