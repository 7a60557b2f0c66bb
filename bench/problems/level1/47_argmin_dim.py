"""Argmin over the middle dimension (int64 output): (16, 4096, 1024) -> (16, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.argmin(x, dim=self.dim)


batch_size = 16
dim1 = 4096
dim2 = 1024
reduce_dim = 1

SMALL = {"batch_size": 2, "dim1": 128, "dim2": 64}


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return [reduce_dim]
