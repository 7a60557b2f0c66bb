"""A model whose parameter alone is 17 GB: past the default memory limit (8 GB)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return x * self.scale


n = 2 ** 32
SMALL = {"n": 8}


def get_inputs():
    return [torch.rand(n)]


def get_init_inputs():
    return [n]
