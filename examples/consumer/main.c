/* The smallest program using an installed libstickanim: solve a leg and check it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/stickanim.h>

int main(void) {
    const sa_vec2 hip = {0.0f, 0.0f}, foot = {10.0f, 60.0f};
    const sa_vec2 knee = sa_ik_two_bone(hip, foot, 37.0f, 37.0f, -1.0f);
    const float thigh = hypotf(knee.x - hip.x, knee.y - hip.y);
    const float shin = hypotf(foot.x - knee.x, foot.y - knee.y);
    printf("stickanim %s (header %s): knee (%.2f, %.2f), thigh %.3f, shin %.3f\n", sa_version(),
           SA_VERSION_STRING, (double)knee.x, (double)knee.y, (double)thigh, (double)shin);
    if (strcmp(sa_version(), SA_VERSION_STRING) != 0) return 1;
    return (fabsf(thigh - 37.0f) < 1e-3f && fabsf(shin - 37.0f) < 1e-3f) ? 0 : 1;
}
