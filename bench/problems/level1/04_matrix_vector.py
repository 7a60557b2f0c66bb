"""Matrix-vector product y = A @ x with A (2048, 16384) and x (16384, 1)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, x):
        return torch.matmul(A, x)


m = 2048
k = 16384

SMALL = {"m": 64, "k": 512}


def get_inputs():
    return [torch.rand(m, k), torch.rand(k, 1)]


def get_init_inputs():
    return []
