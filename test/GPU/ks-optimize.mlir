// REQUIRES: cuda-gpu
// --ks-optimize end to end on the GPU, on a transformer MLP's first layer
// (matmul 512x768 by 768x3072, bias, GELU): every candidate is measured and
// checked against the seed kernels by ks-run, the module comes out compiled
// with the winning plan, and that plan run again matches the CPU
// reference on fresh inputs. The tuning database then answers a second
// compile with no measurement.
// RUN: rm -rf %t.out %t.db.json
// RUN: ks-opt %S/skill-fuse_elementwise_epilogue.mlir --ks-optimize="measure=gpu rounds=3 max-dispatches=2 out=%t.out db=%t.db.json" -o %t.gpu.mlir 2> %t.log
// RUN: grep -q "gpu.binary" %t.gpu.mlir
// RUN: grep -q '"measured_on_gpu": true' %t.out/report.json
// RUN: grep -q '"outcome":"ok"' %t.out/trajectory.jsonl
// RUN: grep -q '"source": "gpu"' %t.db.json
// RUN: ks-run %S/skill-fuse_elementwise_epilogue.mlir --plan=%t.out/plan.json --seed=21 --trials=2 > %t.run.log
// RUN: grep -q "output #0 512x3072xf32: match" %t.run.log
// RUN: ks-opt %S/skill-fuse_elementwise_epilogue.mlir --ks-optimize="measure=gpu out=%t.out2 db=%t.db.json" -o %t.gpu2.mlir 2> %t.log2
// RUN: grep -q "nothing measured" %t.log2
// RUN: not ls %t.out2/seed.run.json
