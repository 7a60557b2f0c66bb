"""Matrix product with the first operand transposed: A.T @ B, A (4096, 3072), B (4096, 5120) -> (3072, 5120)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A.T, B)


k = 4096
m = 3072
n = 5120

SMALL = {"k": 64, "m": 48, "n": 40}


def get_inputs():
    return [torch.randn(k, m), torch.randn(k, n)]


def get_init_inputs():
    return []
