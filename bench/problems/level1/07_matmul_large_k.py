"""Matrix multiplication with a very large inner dimension C = A @ B, A (256, 131072), B (131072, 256)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A, B)


m = 256
k = 131072
n = 256

SMALL = {"m": 8, "k": 4096, "n": 8}


def get_inputs():
    return [torch.rand(m, k), torch.rand(k, n)]


def get_init_inputs():
    return []
