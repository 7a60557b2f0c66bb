"""Reverse (suffix) prefix sum along dim 1, flip-cumsum-flip, of x with shape (128, 32768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.flip(torch.cumsum(torch.flip(x, [self.dim]), dim=self.dim), [self.dim])


batch_size = 128
length = 32768
scan_dim = 1

SMALL = {"batch_size": 4, "length": 1000}


def get_inputs():
    return [torch.randn(batch_size, length)]


def get_init_inputs():
    return [scan_dim]
