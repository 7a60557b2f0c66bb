"""Batched matrix-vector product: (1536, 1024, 1024) @ (1536, 1024, 1) -> (1536, 1024, 1)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, x):
        return torch.bmm(A, x)


batch_size = 1536
m = 1024
k = 1024

SMALL = {"batch_size": 4, "m": 32, "k": 48}


def get_inputs():
    return [torch.randn(batch_size, m, k), torch.randn(batch_size, k, 1)]


def get_init_inputs():
    return []
