"""Batched matrix multiplication C[b] = A[b] @ B[b] with A (64, 512, 1024), B (64, 1024, 512)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.bmm(A, B)


batch_size = 64
m = 512
k = 1024
n = 512

SMALL = {"batch_size": 3, "m": 24, "k": 40, "n": 16}


def get_inputs():
    return [torch.rand(batch_size, m, k), torch.rand(batch_size, k, n)]


def get_init_inputs():
    return []
