"""Argmax over the last dimension (int64 output): (16, 1024, 4096) -> (16, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.argmax(x, dim=self.dim)


batch_size = 16
dim1 = 1024
dim2 = 4096
reduce_dim = 2

SMALL = {"batch_size": 2, "dim1": 64, "dim2": 128}


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return [reduce_dim]
