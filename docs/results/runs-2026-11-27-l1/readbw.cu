// Read-bandwidth microbenchmark: how fast can a pure read-and-reduce go on
// this GPU at the sizes of level1/41 (16384 rows of 784 f32, 51 MB) and
// level1/37 (64 MB flat sum), against a same-bytes D2D copy, L2 flushed.
#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do{cudaError_t e=(x); if(e){printf("err %s line %d\n",cudaGetErrorString(e),__LINE__); return 1;}}while(0)

template <int LOADHINT>
__device__ __forceinline__ float4 ld4(const float4* p) {
  float4 v;
  if (LOADHINT == 0) asm volatile("ld.global.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  else if (LOADHINT == 1) asm volatile("ld.global.nc.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  else if (LOADHINT == 4) asm volatile("ld.global.nc.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  else if (LOADHINT == 5) asm volatile("ld.global.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  else if (LOADHINT == 6) asm volatile("ld.global.L1::evict_first.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  else if (LOADHINT == 7) asm volatile("ld.global.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p) : "memory");
  else if (LOADHINT == 2) asm volatile("ld.global.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  else asm volatile("ld.global.L1::evict_first.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x),"=f"(v.y),"=f"(v.z),"=f"(v.w) : "l"(p));
  return v;
}
template <int HINT>
__device__ __forceinline__ float ld1(const float* p) {
  float v;
  if (HINT == 0) asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(p));
  else if (HINT == 5) asm volatile("ld.global.L1::no_allocate.f32 %0, [%1];" : "=f"(v) : "l"(p));
  else asm volatile("ld.global.nc.L1::no_allocate.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}
// Scalar loads, a warp per row of 784, 25 loads a lane.
template <int HINT>
__global__ void gap_scalar(const float* x, float* out, int rows) {
  int r = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
  if (r >= rows) return;
  const float* row = x + (size_t)r * 784;
  float v[25];
#pragma unroll
  for (int i = 0; i < 25; ++i) { int c = lane + 32 * i; v[i] = c < 784 ? ld1<HINT>(row + c) : 0.f; }
  float s = 0;
#pragma unroll
  for (int i = 0; i < 25; ++i) s += v[i];
  for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
  if (lane == 0) out[r] = s / 784.f;
}
// Elementwise y = 2x, one float4 a thread.
template <int HINT>
__global__ void scale2(const float4* x, float4* y, size_t n4) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) { float4 v = ld4<HINT>(x + i); y[i] = make_float4(2 * v.x, 2 * v.y, 2 * v.z, 2 * v.w); }
}
__device__ __forceinline__ float warpsum(float s) {
  for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
  return s;
}
// A warp per row of 784 (196 float4), WR rows a warp (all loads first), R warps a block.
template <int WR, int HINT>
__global__ void gap_rows(const float* x, float* out, int rows) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
  int r0 = warp * WR;
  if (r0 >= rows) return;
  float4 v[WR][7];
#pragma unroll
  for (int w = 0; w < WR; ++w) {
    const float4* row = reinterpret_cast<const float4*>(x + (size_t)(r0 + w) * 784);
#pragma unroll
    for (int i = 0; i < 7; ++i) {
      int c = lane + 32 * i;
      v[w][i] = c < 196 ? ld4<HINT>(row + c) : make_float4(0, 0, 0, 0);
    }
  }
#pragma unroll
  for (int w = 0; w < WR; ++w) {
    float s = 0;
#pragma unroll
    for (int i = 0; i < 7; ++i) s += v[w][i].x + v[w][i].y + v[w][i].z + v[w][i].w;
    s = warpsum(s);
    if (lane == 0) out[r0 + w] = s / 784.f;
  }
}
// Persistent: a grid of G blocks, warps stride over rows.
template <int HINT>
__global__ void gap_persist(const float* x, float* out, int rows) {
  int lane = threadIdx.x & 31;
  int nw = gridDim.x * blockDim.x / 32;
  for (int r = (blockIdx.x * blockDim.x + threadIdx.x) >> 5; r < rows; r += nw) {
    const float4* row = reinterpret_cast<const float4*>(x + (size_t)r * 784);
    float4 v[7];
#pragma unroll
    for (int i = 0; i < 7; ++i) { int c = lane + 32 * i; v[i] = c < 196 ? ld4<HINT>(row + c) : make_float4(0,0,0,0); }
    float s = 0;
#pragma unroll
    for (int i = 0; i < 7; ++i) s += v[i].x + v[i].y + v[i].z + v[i].w;
    s = warpsum(s);
    if (lane == 0) out[r] = s / 784.f;
  }
}
// Flat sum of n float4: each thread U float4 at a time, grid-stride; one atomic a block.
template <int U, int HINT>
__global__ void flat_sum(const float4* x, size_t n4, float* out) {
  __shared__ float part[32];
  float s = 0;
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i + (U - 1) * stride < n4; i += U * stride) {
    float4 v[U];
#pragma unroll
    for (int u = 0; u < U; ++u) v[u] = ld4<HINT>(x + i + u * stride);
#pragma unroll
    for (int u = 0; u < U; ++u) s += v[u].x + v[u].y + v[u].z + v[u].w;
  }
  for (; i < n4; i += stride) { float4 v = ld4<HINT>(x + i); s += v.x + v.y + v.z + v.w; }
  s = warpsum(s);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) { s = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0; s = warpsum(s); if (!threadIdx.x) atomicAdd(out, s); }
}

char* flushbuf; size_t flushbytes = 256u << 20;
template <class F> float timeit(F f, float* med) {
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  float t[50];
  for (int k = 0; k < 3; ++k) f();
  for (int k = 0; k < 50; ++k) {
    cudaMemsetAsync(flushbuf, k, flushbytes);
    cudaEventRecord(a); f(); cudaEventRecord(b); cudaEventSynchronize(b);
    cudaEventElapsedTime(&t[k], a, b);
  }
  float m = 0; for (int k = 0; k < 50; ++k) m += t[k];
  for (int i = 0; i < 50; ++i) for (int j = i + 1; j < 50; ++j) if (t[j] < t[i]) { float z = t[i]; t[i] = t[j]; t[j] = z; }
  *med = t[25] * 1000; return m / 50 * 1000;
}
int main() {
  CK(cudaMalloc(&flushbuf, flushbytes));
  const int rows = 16384; size_t gapn = (size_t)rows * 784;
  size_t flatn = 16u << 20;  // 64 MB of f32
  float *x, *out, *dst;
  CK(cudaMalloc(&x, flatn * 4)); CK(cudaMalloc(&out, rows * 4)); CK(cudaMalloc(&dst, flatn * 4));
  cudaMemset(x, 0, flatn * 4);
  float med;
  auto rep = [&](const char* name, double mb, float mean) { printf("%-44s mean %7.2f us  median %7.2f us  %6.0f GB/s (median)\n", name, mean, med, mb * 1e3 / med); };
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  double gapmb = gapn * 4 / 1e6, flatmb = flatn * 4 / 1e6;
  rep("copy, gap's bytes (25.7 MB each way)", gapmb, timeit([&] { cudaMemcpyAsync(dst, x, gapn * 2, cudaMemcpyDeviceToDevice); }, &med));
  rep("copy, 64 MB each way", 2 * flatmb, timeit([&] { cudaMemcpyAsync(dst, x, flatn * 4, cudaMemcpyDeviceToDevice); }, &med));
#define GAPR(WR, R, H) rep("gap warp/row WR=" #WR " R=" #R " hint=" #H, gapmb, timeit([&] { gap_rows<WR, H><<<rows / WR / R, 32 * R>>>(x, out, rows); }, &med));
  GAPR(1, 4, 0) GAPR(1, 8, 0) GAPR(2, 4, 0) GAPR(2, 2, 0) GAPR(4, 4, 0) GAPR(4, 2, 0) GAPR(1, 4, 1) GAPR(1, 4, 2) GAPR(1, 4, 3) GAPR(2, 4, 2) GAPR(4, 2, 2)
#define GAPP(G, T, H) rep("gap persistent G=" #G "xSM T=" #T " hint=" #H, gapmb, timeit([&] { gap_persist<H><<<G * sms, T>>>(x, out, rows); }, &med));
  GAPP(8, 256, 0) GAPP(4, 512, 0) GAPP(16, 128, 0) GAPP(8, 256, 2)
#define FLAT(U, G, T, H) rep("flat sum 64MB U=" #U " G=" #G "xSM T=" #T " hint=" #H, flatmb, timeit([&] { flat_sum<U, H><<<G * sms, T>>>((const float4*)x, flatn / 4, out); }, &med));
  FLAT(1, 8, 256, 0) FLAT(2, 8, 256, 0) FLAT(4, 8, 256, 0) FLAT(8, 8, 256, 0) FLAT(4, 4, 512, 0) FLAT(4, 16, 128, 0) FLAT(8, 4, 256, 0)
  FLAT(4, 8, 256, 1) FLAT(4, 8, 256, 2) FLAT(4, 8, 256, 3) FLAT(8, 8, 256, 2) FLAT(16, 8, 256, 2)

  printf("-- load flavours\n");
  GAPR(1, 4, 0) GAPR(1, 4, 1) GAPR(1, 4, 4) GAPR(1, 4, 5) GAPR(1, 4, 6) GAPR(1, 4, 7)
  FLAT(4, 8, 256, 0) FLAT(4, 8, 256, 4) FLAT(4, 8, 256, 5) FLAT(4, 8, 256, 6) FLAT(4, 8, 256, 1)
#define GAPS(H) rep("gap scalar warp/row R=4 hint=" #H, gapmb, timeit([&] { gap_scalar<H><<<rows / 4, 128>>>(x, out, rows); }, &med));
  GAPS(0) GAPS(5) GAPS(1)
#define SC(H) rep("elementwise 2x, 64 MB in + out, hint=" #H, 2 * flatmb, timeit([&] { scale2<H><<<flatn / 4 / 256, 256>>>((const float4*)x, (float4*)dst, flatn / 4); }, &med));
  SC(0) SC(5) SC(1)
  // A second pass right after a first (the L2 holds part of the buffer): the first pass plain, the second with each flavour.
#define TWO(H) rep("flat sum twice, second hint=" #H, 2 * flatmb, timeit([&] { flat_sum<4, 0><<<8 * sms, 256>>>((const float4*)x, flatn / 4, out); flat_sum<4, H><<<8 * sms, 256>>>((const float4*)x, flatn / 4, out); }, &med));
  TWO(0) TWO(5) TWO(1)
  CK(cudaDeviceSynchronize());
  return 0;
}
