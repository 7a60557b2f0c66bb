"""3-D tensor times matrix: (32, 2048, 1536) @ (1536, 1024) -> (32, 2048, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.matmul(A, B)


batch = 32
m = 2048
k = 1536
n = 1024

SMALL = {"batch": 2, "m": 48, "k": 32, "n": 40}


def get_inputs():
    return [torch.randn(batch, m, k), torch.randn(k, n)]


def get_init_inputs():
    return []
