"""Matrix multiplication with a transposed left operand C = A.T @ B, A (4096, 1024), B (4096, 2048)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A.T, B)


m = 1024
k = 4096
n = 2048

SMALL = {"m": 32, "k": 80, "n": 48}


def get_inputs():
    return [torch.rand(k, m), torch.rand(k, n)]


def get_init_inputs():
    return []
