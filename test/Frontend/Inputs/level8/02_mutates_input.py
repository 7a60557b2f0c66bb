"""A forward that updates its input in place."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        x.add_(1)
        return x * 2


n = 64
SMALL = {"n": 8}


def get_inputs():
    return [torch.rand(n)]


def get_init_inputs():
    return []
