"""Masked prefix sum along dim 1, cumsum(x * mask) with a 0/1 float mask, x and mask of shape (128, 32768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        return torch.cumsum(x * mask, dim=1)


batch_size = 128
length = 32768

SMALL = {"batch_size": 4, "length": 1000}


def get_inputs():
    x = torch.randn(batch_size, length)
    mask = (torch.rand(batch_size, length) > 0.5).float()
    return [x, mask]


def get_init_inputs():
    return []
