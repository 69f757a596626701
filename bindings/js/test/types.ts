// Type-checks a small program against the generated declarations (bindings/js/stickanim.d.ts):
// CTest js_binding_types runs tsc --noEmit --strict on it (typescript from examples/web npm ci).
import { load, SaFigureMotion, SA_FIGURE_BONE_COUNT, StickAnim, SaFigurePose, AbiMismatch } from '../stickanim';
async function main(bytes: Uint8Array): Promise<number> {
  const sa: StickAnim = await load(bytes);
  const fig = new sa.SaFigure();
  const input = sa.sa_figure_input_default();
  input.motion = SaFigureMotion.WALK;
  sa.sa_figure_init(fig, null);
  sa.sa_figure_update(fig, input, 1 / 60);
  const pose: SaFigurePose | null = sa.sa_figure_get_pose(fig);
  const bones = sa.SaFigureBone.array(SA_FIGURE_BONE_COUNT);
  sa.sa_figure_bones(null, bones, bones.length);
  const knee = sa.sa_ik_two_bone({ x: 0, y: 0 }, new sa.SaVec2({ x: 1 }), 37, 37, -1);
  const name: string | null = sa.sa_figure_joint_name(3);
  const e = new AbiMismatch('x');
  return (pose ? pose.joints[0] : 0) + knee.x + bones.get(0).length + (name ? name.length : 0) + e.message.length;
}
main(new Uint8Array(1));
