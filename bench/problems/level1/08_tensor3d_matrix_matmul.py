"""3D tensor times matrix C[b] = A[b] @ B with A (16, 1024, 2048) and a shared B (2048, 768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A, B)


batch_size = 16
m = 1024
k = 2048
n = 768

SMALL = {"batch_size": 2, "m": 32, "k": 64, "n": 24}


def get_inputs():
    return [torch.rand(batch_size, m, k), torch.rand(k, n)]


def get_init_inputs():
    return []
