# Fails unless README contains SNIPPET verbatim as a fenced C block.
file(READ ${SNIPPET} snippet)
file(READ ${README} readme)
string(FIND "${readme}" "```c\n${snippet}```\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${README} has no ```c block identical to ${SNIPPET}: copy the file into "
                      "the README's hello block")
endif()
message(STATUS "the README's hello block is ${SNIPPET}")
