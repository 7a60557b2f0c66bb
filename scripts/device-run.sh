#!/usr/bin/env bash
# The GPU run. On the build machine:
#     scripts/device-run.sh --prepare      # builds dist/ks-bundle.tar.xz
# then, on the GPU machine, in a copy of the repo with dist/ carried along:
#     scripts/device-run.sh                # logs under $OUT (or ./device-out)
# It unpacks the bundle, compiles the corpus and the example for the GPU's
# chip with the bundled ks-opt (ptxas-verified), loads every PTX module with
# the CUDA driver, runs each input with ks-run (GPU result against the CPU
# reference, KernelBench-style timing), runs the lit tests marked
# REQUIRES: cuda-gpu when lit is available, and prints a table last.
set -uo pipefail
cd "$(dirname "$0")/.."

# The precision policy the benchmark's tuning runs under (KS_PRECISION,
# default tf32x3: 3xTF32 tensor-core GEMMs and convolutions at about fp32's
# accuracy; exact for f32 operations only, ks's own default).
precision=${KS_PRECISION:-tf32x3}

if [ "${1:-}" = "--prepare" ]; then
  # The bundle, and the problems imported through Torch-MLIR (which the GPU
  # machine does not have) for the 'torch' part.
  scripts/make-bundle.sh || exit
  # ... and a plan per problem from ks-tune with the cost model (no GPU here),
  # under the benchmark's precision policy.
  rm -rf dist/torch-imports dist/torch-plans
  export PYTHONPATH=python
  .venv/bin/python -W ignore -m ks_torch import bench/problems -o dist/torch-imports || exit
  exec .venv/bin/python -W ignore -m ks_torch tune dist/torch-imports -o dist/torch-plans \
    --precision="$precision"
fi

if [ "${1:-}" = "--prepare-blind" ]; then
  # The blind set (bench/blind): imported at full size, then planned by
  # `ks_torch tune` alone, with the cost model and its default budget (no
  # hand plan exists for a blind problem); the tune report keeps each
  # problem's tuning time. On the GPU machine, part 'blind' benches them.
  rm -rf dist/blind-imports dist/blind-plans
  export PYTHONPATH=python
  .venv/bin/python -W ignore -m ks_torch import bench/blind -o dist/blind-imports
  exec .venv/bin/python -W ignore -m ks_torch tune dist/blind-imports -o dist/blind-plans \
    --precision="$precision"
fi

if [ "${1:-}" = "--prepare-holdout" ]; then
  # The holdout set (bench/holdout): problems written after the tuner's last
  # change, imported and planned as the blind set is; part 'holdout'
  # benches them on the GPU machine.
  rm -rf dist/holdout-imports dist/holdout-plans
  export PYTHONPATH=python
  .venv/bin/python -W ignore -m ks_torch import bench/holdout -o dist/holdout-imports
  exec .venv/bin/python -W ignore -m ks_torch tune dist/holdout-imports -o dist/holdout-plans \
    --precision="$precision"
fi

if [ "${1:-}" = "--prepare-iree" ]; then
  # Part 'iree': the example and the corpus exported with the bundle's
  # ks-opt --ks-export-iree and compiled with IREE's compiler (the venv's
  # iree-base-compiler, which the GPU machine does not have) into
  # dist/iree/NAME.vmfb; and IREE's runtime as wheels in .whl/ for the GPU
  # machine's Python (no network there), as lit travels.
  [ -f dist/ks-bundle.tar.xz ] || { echo "device-run: run 'scripts/make-bundle.sh' first" >&2; exit 2; }
  root=$(mktemp -d /tmp/ks-bundle.XXXXXX)
  tar -C "$root" -xJf dist/ks-bundle.tar.xz
  rm -rf dist/iree && mkdir -p dist/iree
  for f in examples/*.mlir test/corpus/*.mlir; do
    name=$(basename "$f" .mlir)
    if "${KS_OPT:-$root/ks/bin/ks-opt}" "$f" --ks-export-iree -o "dist/iree/$name.iree.mlir" 2>"dist/iree/$name.log" &&
       .venv/bin/iree-compile --iree-hal-target-device=cuda "dist/iree/$name.iree.mlir" \
         -o "dist/iree/$name.vmfb" 2>>"dist/iree/$name.log"; then
      echo "exported $name"
    else
      echo "NOT exported $name: $(grep -m1 error "dist/iree/$name.log")"
    fi
  done
  # The GPU machine's Python (KS_GPU_PYTHON, default 3.12): one wheel, not
  # one per version, within what a device call carries.
  for py in ${KS_GPU_PYTHON:-3.12}; do
    .venv/bin/python -m pip download -q --no-deps --only-binary=:all: --python-version "$py" \
      --platform manylinux_2_28_x86_64 -d .whl iree-base-runtime==3.13.0 ||
      echo "device-run: no iree-base-runtime wheel for Python $py" >&2
  done
  exit 0
fi

if [ "${1:-}" = "--prepare-torch-compile" ]; then
  # The cache of part 'torch-compile': ResNet-18's and the encoder layer's
  # partitions imported (Torch-MLIR, which the GPU machine lacks), planned
  # and compiled with the bundle's ks, so that the GPU machine finds them
  # (the cache key holds the bundle's build).
  [ -f dist/ks-bundle.tar.xz ] || { echo "device-run: run 'scripts/make-bundle.sh' first" >&2; exit 2; }
  root=$(mktemp -d /tmp/ks-bundle.XXXXXX)
  tar -C "$root" -xJf dist/ks-bundle.tar.xz
  rm -rf dist/torch-compile-cache
  PATH="$root/ks/bin:$PATH" KS_LIB="$root/ks/lib/libKernelSkill.so" KS_TUNE="$root/ks/bin/ks-tune" \
    PYTHONPATH=python exec .venv/bin/python -W ignore -m ks_torch.compile_check --cpu \
    --cache-dir dist/torch-compile-cache \
    --options '{"device": "h200", "precision": "tf32x3", "budget": 20}'
fi

out=${OUT:-$PWD/device-out}
mkdir -p "$out"
bundle=dist/ks-bundle.tar.xz
if [ ! -f "$bundle" ]; then
  echo "device-run: $bundle not found; run 'scripts/device-run.sh --prepare' on the build machine and carry dist/" >&2
  exit 2
fi
root=$(mktemp -d /tmp/ks-bundle.XXXXXX)
tar -C "$root" -xJf "$bundle"
bin=$root/ks/bin
export PATH=$bin:$PATH
echo "device-run: bundle $(cat "$root/ks/REVISION"), $(du -m "$bundle" | cut -f1) MB"

gpu=$(nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>/dev/null | head -1)
echo "device-run: GPU: ${gpu:-none found}"
cap=$(echo "$gpu" | awk -F', ' '{print $3}' | tr -d .)
chip=${KS_CHIP:-sm_${cap:-90}}

# The parts to run (KS_DEVICE_PARTS, default all): corpus, lit, bench, gemm
# (tensor-core GEMMs against cuBLAS), tune, sweep (plan variants of bench
# problems, dist/sweep; not in the default),
# jobs (the loop with one candidate at a time vs a batch of 6, same rounds),
# torch (the KernelBench-style harness on bench/problems; KS_TORCH_BENCH_ARGS
# are passed on, e.g. "--filter level2 level3"; it starts no problem after
# KS_TORCH_DEADLINE seconds, default 480, so one call of 10 minutes ends with
# its table; to go on in a next call, carry the events log back as
# dist/torch-resume.jsonl), ab (plan folders side by side on those problems;
# not in the default, see below), iree (ks's kernels run by IREE's runtime;
# not in the default, see below).
# One device call may be too short for all of them: split them over calls.
part() { [[ " ${KS_DEVICE_PARTS:-corpus lit bench gemm tune} " == *" $1 "* ]]; }
echo "device-run: parts: ${KS_DEVICE_PARTS:-corpus lit bench gemm tune}"
ptx=$(mktemp -d /tmp/ks-ptx.XXXXXX)
runs=$(mktemp -d /tmp/ks-runs.XXXXXX)
bench=$(mktemp -d /tmp/ks-bench.XXXXXX)
plans=$(mktemp -d /tmp/ks-plans.XXXXXX)
tune=$(mktemp -d /tmp/ks-tune.XXXXXX)
declare -A compiled
shopt -s nullglob
inputs=(examples/*.mlir test/corpus/*.mlir)
load_rc=0
lit_summary="not run"
bench_table="not run"
plan_table="not run"
cublas_table="not run"
tune_table="not run"
jobs_table=""

if part corpus; then
# 1. Compile the corpus and the example with the bundled ks-opt.
: > "$out/compile.log"
for f in "${inputs[@]}"; do
  name=$(basename "$f" .mlir)
  if ks-opt "$f" --ks-compile="chip=$chip ptx-dir=$ptx/$name report=$ptx/$name.json" \
       -o /dev/null >>"$out/compile.log" 2>&1; then
    compiled[$name]=ok
  else
    compiled[$name]=FAILED
    echo "compile FAILED: $f" >>"$out/compile.log"
  fi
done

# 2. Load every PTX module with the CUDA driver, one line per file.
ks-load-ptx "$ptx" >"$out/load.log" 2>&1
load_rc=$?
cat "$out/load.log"

# 3. Run every input on the GPU and check it against the CPU reference.
# Integer inputs are drawn from [1, 6): valid indices into the corpus's
# tables and never a zero divisor.
: > "$out/run.log"
for f in "${inputs[@]}"; do
  name=$(basename "$f" .mlir)
  fn=$(grep -m1 -o 'func.func @[A-Za-z0-9_]*' "$f" | sed 's/func.func @//')
  timeout 120 ks-run "$f" --entry="$fn" --chip="$chip" --int-low=1 --int-high=6 --timeout=60 \
    --warmup=2 --trials=10 --json="$runs/$name.json" >>"$out/run.log" 2>&1
  echo "$name exit $?" >>"$out/run.log"
done

fi

# 4. The lit tests that need a GPU, where lit is available (KS_LIT_TESTS:
# some of them, by path; default all of test/GPU). KS_LIT_SHARD=I/N runs
# the I-th of N shares of them (lit's own sharding), so that all of them
# fit in calls of limited time: I/N in one call, the next share in the next.
if part lit; then
lit_summary="not run (no lit here)"
shard=()
if [[ -n "${KS_LIT_SHARD:-}" ]]; then
  if [[ ! "$KS_LIT_SHARD" =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] ||
     (( BASH_REMATCH[1] > BASH_REMATCH[2] )); then
    echo "device-run: KS_LIT_SHARD must be I/N with 1 <= I <= N, got '$KS_LIT_SHARD'" >&2
    exit 2
  fi
  shard=(--run-shard "${BASH_REMATCH[1]}" --num-shards "${BASH_REMATCH[2]}")
fi
# The GPU machine has no network: lit travels as a wheel in .whl/ (see docs/gpu-machine.md).
if ! python3 -c "import lit" 2>/dev/null && ls .whl/lit-*.whl >/dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --target /tmp/ks-site .whl/lit-*.whl &&
    export PYTHONPATH=/tmp/ks-site${PYTHONPATH:+:$PYTHONPATH}
fi
if python3 -c "import lit" 2>/dev/null; then
  KS_CUDA_GPU=1 python3 -c 'import sys; from lit.main import main; sys.argv[0] = "lit"; main()' \
    -sv -j1 "${shard[@]}" ${KS_LIT_TESTS:-test/GPU} --param ks_device_bin="$bin" >"$out/lit-gpu.log" 2>&1
  lit_summary="$(grep -E '^ *(Passed|Failed|Unsupported)' "$out/lit-gpu.log" | tr -s ' ' | paste -sd, -)"
  tail -5 "$out/lit-gpu.log"
fi


fi

# 5. The benchmark: the seed kernels at realistic sizes (bench/seed) against
# the ceilings measured now (D2D copy and SGEMM through PyTorch). The CPU
# reference is skipped where it would take more than a few seconds.
if part bench; then
: > "$out/bench.log"
bench_table="benchmark not run: bench/ceilings.py failed (see bench.log)"
if python3 bench/ceilings.py > "$out/ceilings.json" 2>>"$out/bench.log"; then
  for f in bench/seed/*.mlir; do
    name=$(basename "$f" .mlir)
    ref=--reference=cpu
    case $name in matmul_2048|bmm|conv2d|matvec) ref=--reference=none ;; esac
    timeout 150 ks-run "$f" --chip="$chip" $ref --warmup=5 --trials=50 --timeout=120 \
      --json="$bench/$name.json" >>"$out/bench.log" 2>&1
    echo "$name exit $?" >>"$out/bench.log"
  done
  bench_table=$(python3 bench/seed_table.py "$out/ceilings.json" "$bench"/*.json 2>&1)
fi
# Skills by hand-written plans (bench/plans/INPUT.LABEL.json), each checked
# against the seed kernels on the GPU on the same inputs and timed.
for p in bench/plans/*.json; do
  name=$(basename "$p" .json)
  input=bench/seed/${name%%.*}.mlir
  timeout 150 ks-run "$input" --chip="$chip" --plan="$p" --reference=gpu:"$input" \
    --warmup=5 --trials=50 --timeout=120 --json="$plans/$name.json" >>"$out/bench.log" 2>&1
  echo "$name exit $?" >>"$out/bench.log"
done
plan_table=$(python3 bench/plan_table.py "$bench" "$plans"/*.json 2>&1)
fi

# Tensor-core GEMMs at the issue's sizes (bench/gemm: fp32 4096^3 with
# 3xTF32, bf16 8192^3 with wgmma and TMA) against cuBLAS (bench/ceilings.py,
# the same call), their numerics checked at a smaller size against the CPU.
if part gemm; then
[ -s "$out/ceilings.json" ] || python3 bench/ceilings.py > "$out/ceilings.json" 2>>"$out/bench.log"
gemm="$out/gemm" && mkdir -p "$gemm"
# NAME.plan.json is the plan of NAME.mlir; NAME-VARIANT.plan.json another
# (other parameters, side by side in the table).
for p in bench/gemm/*.plan.json; do
  name=$(basename "$p" .plan.json)
  input=${name%%-*}
  timeout 200 ks-run "bench/gemm/$input.mlir" --chip="$chip" --plan="$p" \
    --check-at="bench/gemm/$input.check.mlir" --warmup=3 --trials=20 --timeout=150 \
    --json="$gemm/$name.json" >>"$out/bench.log" 2>&1
  echo "$name exit $?" >>"$out/bench.log"
done
cublas_table=$(python3 bench/cublas_table.py "$out/ceilings.json" "$gemm"/*.json 2>&1)
fi

# Plan variants side by side (dist/sweep/LEVEL__PROBLEM--VARIANT.json, made
# on the build machine): each bench problem imported by ks_torch
# (dist/torch-imports; dist/sweep/SET/ for dist/SET-imports, the blind set's
# or the holdout's) run under each variant, timed only (the torch and blind
# parts check the chosen plans against eager); bench/sweep_table.py prints
# them. KS_SWEEP_JOBS runs at once (default 4, spread over the GPUs; ks-run's
# GPU lock keeps two measurements off one GPU); none starts after
# KS_SWEEP_DEADLINE seconds (default 480).
sweep_table="not run"
if part sweep; then
sweep=$(mktemp -d /tmp/ks-sweep.XXXXXX)
sweep_deadline=$(( $(date +%s) + ${KS_SWEEP_DEADLINE:-480} ))
gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
sweep_one() { # PLAN INDEX
  local p=$1 name set imports problem
  [ "$(date +%s)" -lt "$sweep_deadline" ] || { echo "$p not started: deadline"; return; }
  set=$(basename "$(dirname "$p")")
  [ "$set" = sweep ] && set=torch
  imports=dist/$set-imports
  name=$(basename "$p" .json)
  problem=${name%%--*}
  CUDA_VISIBLE_DEVICES=$(( $2 % (gpus > 0 ? gpus : 1) )) timeout 150 \
    ks-run "$imports/${problem%%__*}/${problem#*__}.mlir" --chip="$chip" --plan="$p" \
    --reference=none --warmup=2 --trials=10 --timeout=120 \
    --json="$sweep/$set.$name.json" >"$sweep/$set.$name.log" 2>&1
  echo "$set.$name exit $?"
}
export -f sweep_one
export chip sweep sweep_deadline gpus
ls dist/sweep/*--*.json dist/sweep/*/*--*.json 2>/dev/null | awk '{print $0, NR}' |
  xargs -P "${KS_SWEEP_JOBS:-4}" -n 2 bash -c 'sweep_one "$0" "$1"' >>"$out/sweep.log" 2>&1
sweep_table=$(python3 bench/sweep_table.py "$sweep"/*.json 2>&1)
echo "$sweep_table" >"$out/sweep.txt"
fi

# The loop: ks-tune on the benchmark inputs at realistic sizes (all of
# bench/seed unless KS_TUNE_INPUTS names some), measured on the GPU, each
# with a time budget (KS_TUNE_BUDGET seconds); bench/tune_table.py prints one
# line per tuned dispatch (seed time, tuned time, speedup, rounds, winning
# skill, speed of light) and the geometric means.
if part tune; then
# An input named LEVEL/PROBLEM is a PyTorch problem imported in
# dist/torch-imports (its results under LEVEL__PROBLEM); KS_TUNE_ROUNDS and
# KS_TUNE_DISPATCHES widen the search (defaults 4 and 3).
tune_inputs=${KS_TUNE_INPUTS:-$(ls bench/seed/*.mlir | xargs -n1 basename | sed 's/\.mlir$//')}
tune_names=""
for input in $tune_inputs; do
  name=${input//\//__}
  src=bench/seed/$input.mlir
  [[ $input == */* ]] && src=dist/torch-imports/$input.mlir
  tune_names+=" $name"
  timeout $(( ${KS_TUNE_BUDGET:-40} + 120 )) ks-tune "$src" --chip="$chip" \
    --precision="$precision" --out="$tune/$name" --measure=gpu --rounds="${KS_TUNE_ROUNDS:-4}" \
    --max-dispatches="${KS_TUNE_DISPATCHES:-3}" --trials=20 \
    --budget="${KS_TUNE_BUDGET:-40}" --quiet >"$tune/$name.log" 2>&1
  echo "$name exit $?" >>"$tune/exits.log"
done
tune_inputs=$tune_names
tune_table="$(python3 bench/tune_table.py "$tune" $tune_inputs 2>&1)"$'\n'"$(cat "$tune/exits.log")"
fi
# Parallel candidates: the same 6 rounds on the 2048^3 matmul, one candidate
# at a time and then six at once (built in parallel, measured in turns).
if part jobs; then
  for j in 1 6; do
    start=$(date +%s.%N)
    ks-tune bench/seed/matmul_2048.mlir --chip="$chip" --precision="$precision" \
      --out="$tune/jobs-$j" --measure=gpu \
      --rounds=6 --max-dispatches=1 --trials=20 --jobs=$j --quiet >"$tune/jobs-$j.log" 2>&1
    rc=$?
    end=$(date +%s.%N)
    jobs_table+="$(printf "jobs=%s: %6.1f s wall for 6 rounds (exit %s); %s" "$j" \
      "$(python3 -c "print($end - $start)")" "$rc" "$(grep -o 'whole program: .*x' "$tune/jobs-$j.log")")"$'\n'
  done
fi

# A problem set through the harness (python/ks_torch): ks against eager
# and torch.compile. bench_set NAME (torch: bench/problems, blind:
# bench/blind) benches dist/NAME-imports with the plans in dist/NAME-plans
# (made on the build machine by --prepare / --prepare-blind; with
# KS_<NAME>_TUNE=1, made here first on this machine's CPU cores: the same
# cost model, no GPU, the cost model's device the GPU at hand), with
# KS_<NAME>_BENCH_ARGS passed on, e.g. "--filter level2 level3". The
# problems are shared among the GPUs (KS_BENCH_GPUS, default all), one
# bench process each; none starts a problem after KS_TORCH_DEADLINE
# seconds (480), so a call ends with its table; carried back as
# dist/NAME-resume.jsonl, a shard's events log lets the next call go on.
# torch.compile's cold compiles do not fit a call: "--compile-workers N" in
# KS_<NAME>_BENCH_ARGS compiles the problems first in N processes (no
# timing; until --compile-warmup-deadline, default 40% of the deadline) into
# Inductor's cache (--compile-cache, default /tmp/ks-inductor-cache, kept
# while the machine is), then times as usual; the table's torch.compile rows.
# Prints the table (with the tuning times where there was a tune).
# The GPUs a set's problems are shared among: KS_BENCH_GPUS, else all.
bench_gpus() {
  local gpus=${KS_BENCH_GPUS:-$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')}
  (( gpus > 0 )) || gpus=1
  echo "$gpus"
}

bench_set() {
  local name=$1 upper=${1^^}
  local imports=dist/$name-imports plans=dist/$name-plans
  if [ ! -f "$imports/import-report.json" ]; then
    local prepare=--prepare
    [ "$name" = torch ] || prepare=--prepare-$name
    echo "$imports not found: run 'scripts/device-run.sh $prepare' on the build machine"
    return
  fi
  local tune_var=KS_${upper}_TUNE args_var=KS_${upper}_BENCH_ARGS
  if [ "${!tune_var:-0}" = 1 ]; then
    rm -rf "$plans"
    local tune_start=$(date +%s)
    KS_TUNE="$bin/ks-tune" PYTHONPATH="$PWD/python" python3 -W ignore -m ks_torch tune \
      "$imports" -o "$plans" --precision="$precision" --device auto \
      --parallel "$(( $(nproc) / 4 > 0 ? $(nproc) / 4 : 1 ))" > "$out/$name-tune.log" 2>&1
    echo "device-run: $name tune exit $?, $(( $(date +%s) - tune_start )) s on $(nproc) cores" >&2
  fi
  local gpus
  gpus=$(bench_gpus)
  local shards=() i
  for ((i = 1; i <= gpus; i++)); do
    local shard_out="$out/$name-bench$( (( gpus > 1 )) && echo ".$i").json"
    shards+=("$shard_out")
    # shellcheck disable=SC2086
    CUDA_VISIBLE_DEVICES=$((i - 1)) KS_LIB="$root/ks/lib/libKernelSkill.so" PYTHONPATH="$PWD/python" \
      python3 -W ignore -m ks_torch bench "$imports" -o "$shard_out" --chip="$chip" \
      --shard "$i/$gpus" \
      $([ -d "$plans" ] && echo --plans "$plans") \
      $([ -f "dist/$name-resume.jsonl" ] && echo --resume "dist/$name-resume.jsonl") \
      --deadline "${KS_TORCH_DEADLINE:-480}" ${!args_var:-} \
      > "${shard_out%.json}.log" 2>&1 &
  done
  wait
  echo "device-run: $name bench on $gpus GPU(s) done" >&2
  PYTHONPATH="$PWD/python" python3 -m ks_torch report "${shards[@]}" \
    $([ -f "$plans/tune-report.json" ] && echo --tune-report "$plans/tune-report.json") 2>&1
}

# ks kernels in IREE (not in the default): each module of dist/iree (made
# by --prepare-iree) run by IREE's runtime (iree-run-module --device=cuda,
# from the iree-base-runtime wheel in .whl/) and by ks-run on the same
# inputs (.npy), outputs compared at 1e-4, times side by side
# (scripts/iree_check.py; iree-benchmark-module's median).
iree_table="not run"
if part iree; then
  iree_table="not run: no dist/iree (run 'scripts/device-run.sh --prepare-iree' on the build machine)"
  if ! command -v iree-run-module >/dev/null && ls .whl/iree_base_runtime-*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --find-links .whl --target /tmp/ks-iree-site \
      iree-base-runtime==3.13.0 &&
      export PYTHONPATH=/tmp/ks-iree-site${PYTHONPATH:+:$PYTHONPATH} PATH=/tmp/ks-iree-site/bin:$PATH
  fi
  vmfbs=(dist/iree/*.vmfb)
  if (( ${#vmfbs[@]} > 0 )); then
    : > "$out/iree.jsonl"
    for v in "${vmfbs[@]}"; do
      name=$(basename "$v" .vmfb)
      src=examples/$name.mlir
      [ -f "$src" ] || src=test/corpus/$name.mlir
      timeout 300 python3 scripts/iree_check.py "$src" "dist/iree/$name.iree.mlir" "$v" \
        "$out/iree/$name" --chip="$chip" >>"$out/iree.jsonl" 2>>"$out/iree.log"
    done
    iree_table=$(python3 - "$out/iree.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
f = lambda v, spec: "-" if v is None else spec % v
print("%-32s %-9s %-10s %-12s %-12s %s" % ("module", "vs ks-run", "max abs err", "ks-run ms", "IREE ms", "error"))
for r in rows:
    print("%-32s %-9s %-10s %-12s %-12s %s" % (r["name"], "match" if r["match"] else "MISMATCH",
          f(r["max_abs_err"], "%.1e"), f(r["ks_ms"], "%.4f"), f(r["iree_ms"], "%.4f"), r["error"] or ""))
print("modules: %d, matched ks-run at 1e-4: %d" % (len(rows), sum(r["match"] for r in rows)))
PY
)
  fi
fi

torch_table="not run"
if part torch; then
  torch_table=$(bench_set torch)
fi

# The blind set (not in the default): bench/blind, which no plan was ever
# written for by hand; its table adds the tuning times.
blind_table="not run"
if part blind; then
  blind_table=$(bench_set blind)
fi

# The holdout set (not in the default): bench/holdout, problems nobody
# tuned anything on, benched as the blind set is.
holdout_table="not run"
if part holdout; then
  holdout_table=$(bench_set holdout)
fi

# Measured refinement (not in the default): the blind problems that
# KS_REFINE_PROBLEMS names (ks_torch bench --filter) tuned again here with
# `ks_torch tune --refine` (the cost model's search, then each signature's
# KS_REFINE_N best-estimated candidates and its seed kernel measured on this
# GPU, KS_REFINE_BUDGET seconds a problem; one problem a GPU at a time, so
# that no two measure on one GPU), stopped after KS_REFINE_DEADLINE seconds;
# then the problems that got a refined plan benched with the build
# machine's plans and with the refined ones, side by side.
refine_table="not run"
if part refine && [ -n "${KS_REFINE_PROBLEMS:-}" ]; then
  refine_start=$(date +%s)
  # shellcheck disable=SC2086
  KS_TUNE="$bin/ks-tune" PYTHONPATH="$PWD/python" timeout "${KS_REFINE_DEADLINE:-300}" \
    python3 -W ignore -m ks_torch tune \
    dist/blind-imports -o "$out/blind-refined-plans" --filter $KS_REFINE_PROBLEMS \
    --precision="$precision" --device auto --refine "${KS_REFINE_N:-3}" \
    --refine-budget "${KS_REFINE_BUDGET:-60}" --gpus all > "$out/refine-tune.log" 2>&1
  echo "device-run: refine tune exit $?, $(( $(date +%s) - refine_start )) s" >&2
  # The problems with a refined plan, as bench filters (level1/28_).
  refined_problems=$(cd "$out/blind-refined-plans" 2>/dev/null && ls ./*.plan.json 2>/dev/null |
    sed -E 's|^\./(level[0-9]+)__([0-9]+_).*|\1/\2|')
  refined=()
  for plans_dir in dist/blind-plans "$out/blind-refined-plans"; do
    [ -n "$refined_problems" ] || break
    result="$out/refine_$(basename "$plans_dir").json"
    # shellcheck disable=SC2086
    KS_LIB="$root/ks/lib/libKernelSkill.so" PYTHONPATH="$PWD/python" timeout 300 python3 -W ignore \
      -m ks_torch bench dist/blind-imports -o "$result" --chip="$chip" --plans "$plans_dir" \
      --filter $refined_problems --no-compile > "${result%.json}.log" 2>&1
    refined+=("$result")
  done
  refine_table=$(PYTHONPATH="$PWD/python" python3 -m ks_torch report --side-by-side "${refined[@]}" 2>&1)
fi

# torch.compile(backend="ks") on whole models (ks_torch.compile_check: a
# ResNet-18 and a transformer encoder layer with weights of their own,
# against eager at 1e-4 on 5 inputs, timed beside eager and Inductor, then
# compiled again from the cache in a second process). This machine has no
# torch-mlir: the partitions are imported and planned on the build machine
# into the cache that KS_TORCH_COMPILE_CACHE names (default
# dist/torch-compile-cache; `scripts/device-run.sh --prepare-torch-compile`).
compile_table="not run"
if part torch-compile; then
  KS_LIB="$root/ks/lib/libKernelSkill.so" KS_TUNE="$bin/ks-tune" PYTHONPATH="$PWD/python" \
    timeout 500 python3 -W ignore -m ks_torch.compile_check -o "$out/torch-compile.json" \
    --cache-dir "${KS_TORCH_COMPILE_CACHE:-dist/torch-compile-cache}" \
    --options '{"device": "h200", "precision": "tf32x3"}' > "$out/torch-compile.log" 2>&1
  echo "device-run: torch-compile exit $?" >&2
  compile_table=$(cat "$out/torch-compile.log")
fi

# The cost model's ranking checked on the GPU (not in the default): every
# candidate ks-tune built for the blind set (dist/blind-plans/runs, so
# tuned with KS_BLIND_TUNE=1 in this call or carried) run with CUPTI, and,
# for the problems of this call's blind bench under 0.8x eager, where their
# time goes dispatch by dispatch. Shared among the GPUs like the bench;
# KS_RANK_DEADLINE (default 240) seconds. The measured kernels are written
# to $out/calibration-db.json as calibration samples.
rank_table="not run"
if part rank && [ -d dist/blind-plans/runs ]; then
  gpus=$(bench_gpus)
  rank_shards=() where_shards=()
  benches=("$out"/blind-bench*.json)
  for ((i = 1; i <= gpus; i++)); do
    rank_shards+=("$out/rank.$i.json")
    where_shards+=("$out/where.$i.json")
    (
      export CUDA_VISIBLE_DEVICES=$((i - 1)) KS_RUN="$bin/ks-run" PYTHONPATH="$PWD/python"
      if (( ${#benches[@]} > 0 )); then
        python3 -W ignore -m ks_torch where "${benches[@]}" --plans dist/blind-plans \
          -o "$out/where.$i.json" --shard "$i/$gpus" --deadline "${KS_RANK_DEADLINE:-240}" \
          > "$out/where.$i.log" 2>&1
      fi
      python3 -W ignore -m ks_torch rank-check dist/blind-plans -o "$out/rank.$i.json" \
        --shard "$i/$gpus" --deadline "${KS_RANK_DEADLINE:-240}" > "$out/rank.$i.log" 2>&1
    ) &
  done
  wait
  # Every kernel measured becomes a calibration sample of a tuning
  # database (ks_torch tune --calibration), and the table is printed again
  # with each problem calibrated from the others' samples.
  rank_table=$(PYTHONPATH="$PWD/python" python3 -m ks_torch rank-report "${rank_shards[@]}" \
    --calibrated --db "$out/calibration-db.json" 2>&1)
  cat "$out"/where.*.log > "$out/where.log" 2>/dev/null
fi

# Plan folders side by side on the PyTorch problems (not in the default):
# KS_AB_PLANS names folders of plans carried in dist/ (the first is the
# baseline), each timed in turn, KS_AB_ROUNDS times (default 2), on the
# problems KS_AB_PROBLEMS names (ks_torch bench --filter) of the imports
# in KS_AB_IMPORTS (default dist/torch-imports; dist/blind-imports for the
# blind set), torch.compile skipped; no run starts after KS_AB_DEADLINE
# seconds (default 300). What a plan change buys, measured in one call
# against the plans it replaces.
ab_table="not run"
if part ab; then
  ab_table=""
  ab_deadline=$(( $(date +%s) + ${KS_AB_DEADLINE:-300} ))
  for round in $(seq 1 "${KS_AB_ROUNDS:-2}"); do
    for plans_dir in ${KS_AB_PLANS:-dist/torch-plans}; do
      [ "$(date +%s)" -lt "$ab_deadline" ] || { ab_table+=$'\n'"(deadline reached)"; break 2; }
      name=$(basename "$plans_dir")_$round
      # shellcheck disable=SC2086
      KS_LIB="$root/ks/lib/libKernelSkill.so" PYTHONPATH="$PWD/python" timeout 300 python3 -W ignore \
        -m ks_torch bench "${KS_AB_IMPORTS:-dist/torch-imports}" -o "$out/ab_$name.json" --chip="$chip" \
        --plans "$plans_dir" --filter ${KS_AB_PROBLEMS:-level2} --no-compile \
        > "$out/ab_$name.log" 2>&1
      ab_table+=$'\n'"-- $name"$'\n'"$(PYTHONPATH="$PWD/python" python3 -m ks_torch report \
        "$out/ab_$name.json" 2>&1 | sed -n '1,/^$/p')"
    done
  done
fi
echo "$bench_table" > "$out/bench-table.txt"

# What was compiled and measured comes back as two archives (PTX with the
# ptxas reports; ks-run's JSON per input).
tar -C "$ptx" -cJf "$out/ptx.tar.xz" .
tar -C "$runs" -cJf "$out/runs.tar.xz" .
tar -C "$bench" -cJf "$out/bench.tar.xz" .
tar -C "$plans" -cJf "$out/plans.tar.xz" .
tar -C "$tune" -cJf "$out/tune.tar.xz" .

# 6. The tables, last: the seed baseline, then the corpus.
echo
echo "== seed kernels at realistic sizes (bench/seed) =="
echo "$bench_table"
echo
echo "== skills by plan (bench/plans) against the seed =="
echo "$plan_table"
echo
echo "== tensor-core GEMMs against cuBLAS (bench/gemm) =="
echo "$cublas_table"
echo
echo "== plan variants side by side (dist/sweep) =="
echo "$sweep_table"
echo
echo "== ks-tune (the loop) on benchmark inputs =="
echo "$tune_table"
echo
echo "== parallel candidates (ks-tune --jobs) =="
echo -n "$jobs_table"
echo
echo "== PyTorch problems: ks vs eager vs torch.compile (bench/problems) =="
echo "$torch_table"
echo
echo "== blind set: ks_torch tune's own plans vs eager vs torch.compile (bench/blind) =="
echo "$blind_table"
echo "== holdout set: ks_torch tune's own plans vs eager vs torch.compile (bench/holdout) =="
echo "$holdout_table"
echo "== the cost model's ranking against the GPU's (blind set candidates) =="
echo "$rank_table"
echo
echo "== measured refinement: the build machine's plans vs refined on this GPU =="
echo "$refine_table"
echo
echo "== torch.compile(backend=\"ks\") on whole models =="
echo "$compile_table"
echo
echo "== plan folders side by side (KS_AB_PLANS) =="
echo "$ab_table"
echo
echo "== ks kernels in IREE: iree-run-module vs ks-run (dist/iree) =="
echo "$iree_table"
echo
if ! part corpus; then
  echo "device-run: lit GPU tests: $lit_summary"
  exit 0
fi
echo "== ks device run: $chip on ${gpu:-?} =="
printf "%-32s %-8s %-8s %-14s %-9s %-10s %s\n" "input" "compile" "kernels" "driver load" "vs CPU" "max abs err" "GPU time (median ms)"
fails=0
for f in "${inputs[@]}"; do
  name=$(basename "$f" .mlir)
  n=$(ls "$ptx/$name" 2>/dev/null | grep -c '\.ptx$')
  loaded=$(grep -c "^loaded $ptx/$name/" "$out/load.log")
  failed=$(grep -c "^FAILED $ptx/$name/" "$out/load.log")
  status="$loaded/$n loaded"
  [ "$failed" -gt 0 ] && status="$status, $failed FAILED"
  [ "${compiled[$name]}" = ok ] && [ "$failed" -eq 0 ] || fails=$((fails + 1))
  check=error; err=-; ms=-
  if [ -f "$runs/$name.json" ]; then
    read -r check err ms < <(python3 - "$runs/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
outs = r.get("outputs", [])
ok = all(o.get("passed") for o in outs)
err = max((o.get("max_abs_error", 0) for o in outs), default=0)
print("match" if ok else "MISMATCH", "%.1e" % err, "%.4f" % r.get("time_ms", {}).get("median", float("nan")))
PY
)
  fi
  [ "$check" = match ] || fails=$((fails + 1))
  printf "%-32s %-8s %-8s %-14s %-9s %-10s %s\n" "$name" "${compiled[$name]}" "$n" "$status" "$check" "$err" "$ms"
done
echo "inputs: ${#inputs[@]}, with a failure: $fails; driver: $(tail -1 "$out/load.log"); ks-run: $(grep -c ' exit 0$' "$out/run.log") of ${#inputs[@]} matched the CPU reference; lit GPU tests: $lit_summary"
[ $fails -eq 0 ] && [ $load_rc -eq 0 ]
