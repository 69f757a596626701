/* The libFuzzer entry of one target: SA_FUZZ_ENTRY names its check function (CMake defines it,
 * one executable per target). Built with clang -fsanitize=fuzzer,address,undefined. */
#include "fuzz.h"

#ifndef SA_FUZZ_ENTRY
#error "define SA_FUZZ_ENTRY as the target's check function, e.g. sa_fuzz_math"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    SA_FUZZ_ENTRY(data, size);
    return 0;
}
