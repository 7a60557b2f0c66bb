"""Batched matrix product torch.bmm: (96, 1024, 768) @ (96, 768, 1280) -> (96, 1024, 1280)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.bmm(A, B)


batch = 96
m = 1024
k = 768
n = 1280

SMALL = {"batch": 3, "m": 40, "k": 24, "n": 48}


def get_inputs():
    return [torch.randn(batch, m, k), torch.randn(batch, k, n)]


def get_init_inputs():
    return []
