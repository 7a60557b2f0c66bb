"""Diagonal matrix times dense matrix C = diag(a) @ B with a (4096,) and B (4096, 4096)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, B):
        return torch.diag(a) @ B


n = 4096
m = 4096

SMALL = {"n": 64, "m": 48}


def get_inputs():
    return [torch.rand(n), torch.rand(n, m)]


def get_init_inputs():
    return []
