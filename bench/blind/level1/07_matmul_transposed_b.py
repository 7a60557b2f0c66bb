"""Matrix product with the second operand transposed: A @ B.T, A (4096, 2560), B (6144, 2560) -> (4096, 6144)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A, B.T)


m = 4096
k = 2560
n = 6144

SMALL = {"m": 48, "k": 64, "n": 56}


def get_inputs():
    return [torch.randn(m, k), torch.randn(n, k)]


def get_init_inputs():
    return []
