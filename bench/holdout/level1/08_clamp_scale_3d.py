"""2 * clamp(x, -0.5, 0.5) over (512, 1024, 2048)."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return 2.0 * torch.clamp(x, -0.5, 0.5)


a = 512
b = 1024
c = 2048

SMALL = {"a": 2, "b": 8, "c": 32}


def get_inputs():
    return [torch.randn(a, b, c)]


def get_init_inputs():
    return []
