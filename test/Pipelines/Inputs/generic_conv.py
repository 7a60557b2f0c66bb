"""Writes convolutions as plain linalg.generic ops (no named op), in 1 to 5
spatial dims, with strides and dilations in the input map (d + k, 2 * d + k,
d + 2 * k), as other frontends write them: generic_conv.py OUT_DIR.
Each file's name says its variant; sizes are small (a CPU emulation runs
each)."""
import itertools
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(spatial, stride, dilation, channels_last):
    # Loops: n, f, o_1..o_S (parallel), c, k_1..k_S (reduction).
    s = spatial
    o = [f"d{2 + i}" for i in range(s)]
    c = f"d{2 + s}"
    k = [f"d{3 + s + i}" for i in range(s)]
    nloops = 3 + 2 * s
    dims = ", ".join(f"d{i}" for i in range(nloops))
    kernel, outs = 2, 3
    ins = [(outs - 1) * stride + (kernel - 1) * dilation + 1] * s
    index = [f"{o[i]} * {stride} + {k[i]} * {dilation}".replace(" * 1", "") for i in range(s)]
    if channels_last:
        x_map = f"(d0, {', '.join(index)}, {c})"
        x_type = "x".join(map(str, [1] + ins + [2]))
    else:
        x_map = f"(d0, {c}, {', '.join(index)})"
        x_type = "x".join(map(str, [1, 2] + ins))
    w_map = f"(d1, {c}, {', '.join(k)})"
    w_type = "x".join(map(str, [2, 2] + [kernel] * s))
    y_map = f"(d0, d1, {', '.join(o)})"
    y_type = "x".join(map(str, [1, 2] + [outs] * s))
    iters = ", ".join(['"parallel"'] * (2 + s) + ['"reduction"'] * (1 + s))
    name = f"conv{s}d_s{stride}_d{dilation}{'_nhwc' if channels_last else ''}"
    text = f"""// {name}: a {s}-d convolution as a plain linalg.generic.
func.func @main(%x: tensor<{x_type}xf32>, %w: tensor<{w_type}xf32>) -> tensor<{y_type}xf32> {{
  %cst = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<{y_type}xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<{y_type}xf32>) -> tensor<{y_type}xf32>
  %2 = linalg.generic {{indexing_maps = [affine_map<({dims}) -> {x_map}>,
      affine_map<({dims}) -> {w_map}>, affine_map<({dims}) -> {y_map}>],
      iterator_types = [{iters}]}}
      ins(%x, %w : tensor<{x_type}xf32>, tensor<{w_type}xf32>) outs(%1 : tensor<{y_type}xf32>) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }} -> tensor<{y_type}xf32>
  return %2 : tensor<{y_type}xf32>
}}
"""
    with open(os.path.join(out, name + ".mlir"), "w") as f:
        f.write(text)


count = 0
for spatial in range(1, 6):
    for stride, dilation in [(1, 1), (2, 1), (1, 2)]:
        write(spatial, stride, dilation, False)
        count += 1
    # Channels last, where loops of one kind sit apart in the input.
    write(spatial, 1, 1, True)
    write(spatial, 2, 2, True)
    count += 2
print(f"{count} convolutions")
