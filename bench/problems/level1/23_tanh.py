"""Elementwise hyperbolic tangent on x of shape (16, 262144)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.tanh(x)


batch_size = 16
dim = 16384 * 16

SMALL = {"batch_size": 2, "dim": 4096}


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
