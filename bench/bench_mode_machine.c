#include "bench.h"

#include <stickanim/inertial.h>
#include <stickanim/mode_machine.h>

enum { CASES = 1024, JOINTS = 20 };

typedef struct machine_inputs {
    sa_mode_machine machine;
    sa_mode_input input[CASES];
    sa_inertial_quat rec[JOINTS];
    sa_quat to[JOINTS], out[JOINTS];
} machine_inputs;

/* A body that walks, jumps, falls, lands, swims and climbs in turn: every rule gets exercised. */
static void fill(machine_inputs *in) {
    sa_mode_machine_init(&in->machine, NULL);
    sa_mode_input b = sa_mode_input_default();
    for (int i = 0; i < CASES; ++i) {
        const int phase = (i / 64) % 8;
        b.speed = bench_random(0, 3);
        b.in_water = phase == 5;
        b.on_ladder = phase == 6;
        b.ladder_direction = (i & 32) ? 1.0f : -1.0f;
        b.knocked_down = phase == 7 && (i % 64) < 32;
        if (i % 64 == 0) ++b.jump;
        b.grounded = (i % 64) > 40 || phase >= 5;
        b.vertical_velocity = b.grounded ? 0.0f : 6.0f - (float)(i % 64) * 0.4f;
        b.landing_speed = (i % 64) == 41 ? bench_random(2, 14) : 0.0f;
        in->input[i] = b;
    }
    for (int j = 0; j < JOINTS; ++j) {
        const sa_vec3 axis = sa_v3(bench_random(-1, 1), bench_random(-1, 1), bench_random(-1, 1));
        in->to[j] = sa_quat_from_axis_angle(axis, bench_random(-2, 2));
        const sa_quat from = sa_quat_from_axis_angle(axis, bench_random(-2, 2));
        in->rec[j] = sa_inertial_quat_record(from, sa_v3(0, 0, 0), in->to[j], sa_v3(0, 0, 0));
    }
}

static void run_update(void *ctx, size_t i) {
    machine_inputs *in = (machine_inputs *)ctx;
    const sa_mode mode = sa_mode_machine_update(&in->machine, &in->input[i % CASES], 1.0f / 60.0f);
    bench_sink(&mode, sizeof mode);
}

static void run_update_and_read(void *ctx, size_t i) {
    machine_inputs *in = (machine_inputs *)ctx;
    sa_mode_machine_update(&in->machine, &in->input[i % CASES], 1.0f / 60.0f);
    const size_t n = sa_mode_machine_layer_count(&in->machine);
    float acc = 0.0f;
    for (size_t k = 0; k < n; ++k) {
        const sa_mode_layer l = sa_mode_machine_layer(&in->machine, k);
        acc += l.weight * l.play_time;
    }
    bench_sink(&acc, sizeof acc);
}

static void run_inertial_pose(void *ctx, size_t i) {
    machine_inputs *in = (machine_inputs *)ctx;
    const float t = (float)(i % 30) * (1.0f / 60.0f);
    sa_inertial_quats_apply(in->rec, in->to, JOINTS, 0.1f, t, in->out, JOINTS);
    bench_sink(in->out, sizeof in->out);
}

void bench_mode_machine(void) {
    static machine_inputs in;
    fill(&in);
    bench_report("sa_mode_machine_update", bench_run(run_update, &in, 200000));
    bench_report("sa_mode_machine_update + read layers",
                 bench_run(run_update_and_read, &in, 200000));
    bench_report("sa_inertial_quats_apply (20 joints)", bench_run(run_inertial_pose, &in, 100000));
}
