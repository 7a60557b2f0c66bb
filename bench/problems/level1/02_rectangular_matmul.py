"""Rectangular matrix multiplication C = A @ B with A (2048, 4096), B (4096, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A, B)


m = 2048
k = 4096
n = 1024

SMALL = {"m": 48, "k": 96, "n": 32}


def get_inputs():
    return [torch.rand(m, k), torch.rand(k, n)]


def get_init_inputs():
    return []
