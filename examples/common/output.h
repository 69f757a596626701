/* How the examples report their output: "wrote <absolute path> <detail>", so a user can open the
 * file from anywhere. */
#ifndef STICKANIM_EXAMPLES_OUTPUT_H
#define STICKANIM_EXAMPLES_OUTPUT_H

void ex_print_wrote(const char *path, const char *detail);

#endif
